import { describe, expect, it } from 'vitest';
import { dueSamples, isSample, nextSample } from './sampling.ts';

describe('isSample', () => {
  it('checks the first piece of every task, then every Nth after it', () => {
    const every5 = { everyN: 5 };
    expect([1, 2, 5, 6, 10, 11, 16].filter((pieceNo) => isSample(pieceNo, every5))).toEqual([1, 6, 11, 16]);
  });

  it('with everyN 0 checks the first piece only', () => {
    expect([1, 2, 3, 100].map((pieceNo) => isSample(pieceNo, { everyN: 0 }))).toEqual([true, false, false, false]);
  });

  it('with everyN 1 checks every piece', () => {
    expect([1, 2, 3].every((pieceNo) => isSample(pieceNo, { everyN: 1 }))).toBe(true);
  });
});

describe('dueSamples', () => {
  it('lists the samples made and not yet recorded, oldest first', () => {
    expect(dueSamples(12, { everyN: 5 }, new Set([1]))).toEqual([6, 11]);
    expect(dueSamples(12, { everyN: 5 }, new Set([6]))).toEqual([1, 11]);
  });

  it('lists nothing before the first piece is made, and only the first piece without a plan', () => {
    expect(dueSamples(0, { everyN: 5 }, new Set())).toEqual([]);
    expect(dueSamples(50, { everyN: 0 }, new Set())).toEqual([1]);
    expect(dueSamples(50, { everyN: 0 }, new Set([1]))).toEqual([]);
  });

  it('lists at most `limit` samples, so a long unchecked task does not list hundreds', () => {
    expect(dueSamples(1000, { everyN: 1 }, new Set())).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(dueSamples(1000, { everyN: 10 }, new Set([1]), 3)).toEqual([11, 21, 31]);
  });

  it('agrees with isSample', () => {
    const rule = { everyN: 7 };
    const due = dueSamples(100, rule, new Set(), 100);
    expect(due).toEqual(Array.from({ length: 100 }, (_, i) => i + 1).filter((pieceNo) => isSample(pieceNo, rule)));
  });
});

describe('nextSample', () => {
  it('names the next sample not yet made: the first piece, then every Nth after it', () => {
    const every5 = { everyN: 5 };
    expect([0, 1, 5, 6, 7, 10, 11].map((produced) => nextSample(produced, every5, 100))).toEqual([
      1, 6, 6, 11, 11, 11, 16,
    ]);
  });

  it('names nothing past the task’s last piece, nor past the first piece without further samples', () => {
    expect(nextSample(11, { everyN: 5 }, 15)).toBeNull();
    expect(nextSample(11, { everyN: 5 }, 16)).toBe(16);
    expect(nextSample(0, { everyN: 0 }, 10)).toBe(1);
    expect(nextSample(1, { everyN: 0 }, 10)).toBeNull();
    expect(nextSample(0, { everyN: 3 }, 0)).toBeNull();
  });

  it('agrees with isSample', () => {
    const rule = { everyN: 7 };
    for (let produced = 0; produced < 60; produced++) {
      const expected = Array.from({ length: 100 }, (_, i) => i + 1).find(
        (pieceNo) => pieceNo > produced && isSample(pieceNo, rule),
      );
      expect(nextSample(produced, rule, 100)).toBe(expected);
    }
  });
});
