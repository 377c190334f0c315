import { describe, expect, it } from 'vitest';
import { bucketsOf, clipIntervals, oeeOfWindows, ratePerHour, spansOf } from './twin-figures.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('clipIntervals', () => {
  const day = { from: 0, to: 24 * HOUR };

  it('cuts intervals to the window and drops those outside it', () => {
    const intervals = [
      { state: 'idle', from: -2 * HOUR, to: -HOUR }, // the day before: gone
      { state: 'running', from: -HOUR, to: 2 * HOUR }, // started the day before: from midnight
      { state: 'fault', from: 2 * HOUR, to: 3 * HOUR },
      { state: 'running', from: 23 * HOUR, to: 25 * HOUR }, // runs over midnight: to the day's end
      { state: 'idle', from: 25 * HOUR, to: 26 * HOUR }, // the next day: gone
    ];
    expect(clipIntervals(intervals, day, 30 * HOUR)).toEqual([
      { state: 'running', from: 0, to: 2 * HOUR },
      { state: 'fault', from: 2 * HOUR, to: 3 * HOUR },
      { state: 'running', from: 23 * HOUR, to: 24 * HOUR },
    ]);
  });

  it('keeps an interval that still lasts open today, and ends it with a past day', () => {
    const open = [{ state: 'running', from: 10 * HOUR, to: null }];
    expect(clipIntervals(open, day, 12 * HOUR)).toEqual([{ state: 'running', from: 10 * HOUR, to: null }]);
    expect(clipIntervals(open, day, 40 * HOUR)).toEqual([{ state: 'running', from: 10 * HOUR, to: 24 * HOUR }]);
    // A day that has not begun shows nothing, whatever lasts now.
    expect(clipIntervals(open, { from: 24 * HOUR, to: 48 * HOUR }, 12 * HOUR)).toEqual([]);
  });

  it('closes a lasting interval at now for OEE', () => {
    const clipped = clipIntervals(
      [
        { state: 'idle', from: 0, to: HOUR },
        { state: 'running', from: HOUR, to: null },
      ],
      day,
      90 * MIN,
    );
    expect(spansOf(clipped, 90 * MIN)).toEqual([
      { state: 'idle', from: 0, to: HOUR },
      { state: 'running', from: HOUR, to: 90 * MIN },
    ]);
  });
});

describe('rate and buckets', () => {
  it('turns the last quarter hour into pieces per hour', () => {
    expect(ratePerHour(30)).toBe(120);
    expect(ratePerHour(10, 30 * MIN)).toBe(20);
    expect(ratePerHour(5, 0)).toBe(0);
  });

  it('covers a window with quarter-hour buckets, the last one cut at its end', () => {
    expect(bucketsOf(0, 40 * MIN)).toEqual([
      { from: 0, to: 15 * MIN },
      { from: 15 * MIN, to: 30 * MIN },
      { from: 30 * MIN, to: 40 * MIN },
    ]);
    expect(bucketsOf(0, 24 * HOUR)).toHaveLength(96);
    expect(bucketsOf(10, 10)).toEqual([]);
  });
});

describe('oeeOfWindows', () => {
  it('gives each shift its own count and the day the sums of the inputs', () => {
    // Shift A 08:00–16:00: 6 h running, 540 pieces (528 good) at an ideal 100/h.
    // Shift B 16:00–18:00 so far: 1 h running, 80 pieces, all good.
    const windows = [
      { name: 'A', day: '2026-11-23', from: 8 * HOUR, to: 16 * HOUR },
      { name: 'B', day: '2026-11-23', from: 16 * HOUR, to: 18 * HOUR },
    ];
    const spans = [
      { state: 'running', from: 8 * HOUR, to: 14 * HOUR },
      { state: 'idle', from: 14 * HOUR, to: 17 * HOUR },
      { state: 'running', from: 17 * HOUR, to: 18 * HOUR },
    ];
    const { shifts, total } = oeeOfWindows(
      windows,
      spans,
      [
        { pieces: 540, good: 528 },
        { pieces: 80, good: 80 },
      ],
      100,
    );
    expect(shifts.map((shift) => [shift.name, shift.runMs, shift.totalPieces])).toEqual([
      ['A', 6 * HOUR, 540],
      ['B', HOUR, 80],
    ]);
    expect(shifts[0]!.availability).toBe(0.75);
    expect(shifts[0]!.performance).toBe(0.9);
    expect(shifts[0]!.quality).toBeCloseTo(528 / 540, 12);
    expect(shifts[1]!.availability).toBe(0.5);
    expect(shifts[1]!.performance).toBe(0.8);
    // The day: 7 h run of 10 planned, 620 pieces against 700 ideal, 608 good.
    expect(total.availability).toBeCloseTo(0.7, 12);
    expect(total.performance).toBeCloseTo(620 / 700, 12);
    expect(total.quality).toBeCloseTo(608 / 620, 12);
    expect(total.oee).toBeCloseTo(0.7 * (620 / 700) * (608 / 620), 12);
  });

  it('counts nothing for a window it has no count for', () => {
    const { shifts } = oeeOfWindows([{ name: 'A', day: '2026-11-23', from: 0, to: HOUR }], [], [], 100);
    expect(shifts[0]).toMatchObject({ totalPieces: 0, availability: 0, performance: null, oee: null });
  });
});
