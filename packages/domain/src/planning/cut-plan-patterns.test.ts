import { describe, expect, it } from 'vitest';
import { seededRandom } from '../core/seeded-random.ts';
import { assignmentProblems } from './cut-plan-check.ts';
import { type CutWithPieces, type PatternWithPieces, patternsByOrderLine } from './cut-plan-patterns.ts';

type Pattern = PatternWithPieces & { stockLength: number; source: 'stock'; offcut: number; offcutKind: 'waste' };

const pattern = (count: number, cuts: CutWithPieces[]): Pattern => ({
  stockLength: 12000,
  source: 'stock',
  count,
  cuts,
  offcut: 120,
  offcutKind: 'waste',
});

/** Pieces served per (length, order line) over all bars. */
function served(
  patterns: { count: number; cuts: readonly { length: number; count: number; orderLineId: string }[] }[],
) {
  const total = new Map<string, number>();
  for (const p of patterns) {
    for (const cut of p.cuts) {
      const key = `${cut.length}|${cut.orderLineId}`;
      total.set(key, (total.get(key) ?? 0) + cut.count * p.count);
    }
  }
  return total;
}

function demanded(p: Pattern) {
  const total = new Map<string, number>();
  for (const cut of p.cuts) {
    for (const piece of cut.pieces) {
      const key = `${cut.length}|${piece.ref}`;
      total.set(key, (total.get(key) ?? 0) + piece.count);
    }
  }
  return total;
}

/** Per-bar pieces by length: the geometry that must not change. */
function barGeometry(cuts: readonly { length: number; count: number }[]) {
  const byLength = new Map<number, number>();
  for (const cut of cuts) byLength.set(cut.length, (byLength.get(cut.length) ?? 0) + cut.count);
  return [...byLength.entries()].sort(([a], [b]) => a - b);
}

describe('patternsByOrderLine', () => {
  it('splits 3 bars × 2 pieces serving A 4 and B 2 into 2 bars [A×2] and 1 bar [B×2]', () => {
    const split = patternsByOrderLine(
      pattern(3, [
        {
          length: 1000,
          count: 2,
          pieces: [
            { ref: 'A', count: 4 },
            { ref: 'B', count: 2 },
          ],
        },
      ]),
    );
    expect(split.map((p) => [p.count, p.cuts])).toEqual([
      [2, [{ length: 1000, count: 2, orderLineId: 'A' }]],
      [1, [{ length: 1000, count: 2, orderLineId: 'B' }]],
    ]);
  });

  it('keeps one pattern when every line divides evenly over the bars', () => {
    const split = patternsByOrderLine(
      pattern(3, [
        {
          length: 1000,
          count: 2,
          pieces: [
            { ref: 'A', count: 3 },
            { ref: 'B', count: 3 },
          ],
        },
        { length: 500, count: 1, pieces: [{ ref: 'C', count: 3 }] },
      ]),
    );
    expect(split).toHaveLength(1);
    expect(split[0]!.count).toBe(3);
    expect(split[0]!.cuts).toEqual([
      { length: 1000, count: 1, orderLineId: 'A' },
      { length: 1000, count: 1, orderLineId: 'B' },
      { length: 500, count: 1, orderLineId: 'C' },
    ]);
  });

  it('finds 2 blocks for 6 bars × 2 serving three lines 4 each (4 × [A,B] + 2 × [C×2])', () => {
    const split = patternsByOrderLine(
      pattern(6, [
        {
          length: 800,
          count: 2,
          pieces: [
            { ref: 'A', count: 4 },
            { ref: 'B', count: 4 },
            { ref: 'C', count: 4 },
          ],
        },
      ]),
    );
    expect(split.map((p) => p.count)).toEqual([4, 2]);
  });

  it('finishes in two blocks when the largest block would not (6 bars × 2 serving 3 and 9)', () => {
    const split = patternsByOrderLine(
      pattern(6, [
        {
          length: 800,
          count: 2,
          pieces: [
            { ref: 'A', count: 3 },
            { ref: 'B', count: 9 },
          ],
        },
      ]),
    );
    expect(split.map((p) => [p.count, p.cuts.map((cut) => `${cut.orderLineId}×${cut.count}`).join(' ')])).toEqual([
      [3, 'A×1 B×1'],
      [3, 'B×2'],
    ]);
  });

  it('gives k blocks for k lines of one piece a bar', () => {
    const split = patternsByOrderLine(
      pattern(10, [
        {
          length: 5000,
          count: 1,
          pieces: [
            { ref: 'A', count: 5 },
            { ref: 'B', count: 3 },
            { ref: 'C', count: 2 },
          ],
        },
      ]),
    );
    expect(split.map((p) => [p.count, p.cuts[0]!.orderLineId])).toEqual([
      [5, 'A'],
      [3, 'B'],
      [2, 'C'],
    ]);
  });

  it('carries the stock, source and offcut through', () => {
    const [first] = patternsByOrderLine(pattern(1, [{ length: 3000, count: 3, pieces: [{ ref: 'A', count: 3 }] }]));
    expect(first).toMatchObject({ stockLength: 12000, source: 'stock', offcut: 120, offcutKind: 'waste' });
  });

  it('answers nothing for a pattern of no bars', () => {
    expect(patternsByOrderLine(pattern(0, []))).toEqual([]);
  });

  it('refuses pieces that do not add up to the bars', () => {
    expect(() =>
      patternsByOrderLine(pattern(2, [{ length: 1000, count: 2, pieces: [{ ref: 'A', count: 3 }] }])),
    ).toThrow(/serves 3 pieces over 2 bars of 2: expected 4/);
  });

  describe('on 500 random patterns', () => {
    const random = seededRandom(12);
    const cases = Array.from({ length: 500 }, () => randomPattern(random));

    it('serves exactly the same pieces per order line', () => {
      for (const p of cases) expect(served(patternsByOrderLine(p))).toEqual(demanded(p));
    });

    it('never changes a bar: same pieces per length on every bar, so never more than the bar holds', () => {
      for (const p of cases) {
        for (const sub of patternsByOrderLine(p)) expect(barGeometry(sub.cuts)).toEqual(barGeometry(p.cuts));
      }
    });

    it('adds the repetitions up, with positive counts only', () => {
      for (const p of cases) {
        const split = patternsByOrderLine(p);
        expect(split.reduce((sum, sub) => sum + sub.count, 0)).toBe(p.count);
        for (const sub of split) {
          expect(sub.count).toBeGreaterThan(0);
          for (const cut of sub.cuts) expect(cut.count).toBeGreaterThan(0);
        }
      }
    });

    it('gives plans assignmentProblems finds sound (every piece once, right lengths, bars fit)', () => {
      const geometry = { kerf: 5, endTrim: 20 };
      for (const p of cases) {
        const pieces = p.cuts.reduce((sum, cut) => sum + cut.count, 0);
        const used = p.cuts.reduce((sum, cut) => sum + cut.length * cut.count, 0) + 5 * (pieces - 1) + 20;
        const bar = { ...p, stockLength: used + 5 + 100, offcut: 100 };
        const demand = p.cuts.flatMap((cut) =>
          cut.pieces.map((piece) => ({ orderLineId: piece.ref, length: cut.length, quantity: piece.count })),
        );
        const groups = [{ patterns: patternsByOrderLine(bar), unplaced: [] }];
        expect(assignmentProblems(groups, demand, geometry)).toEqual([]);
      }
    });

    it('never gives more blocks than bars, nor two identical blocks', () => {
      for (const p of cases) {
        const split = patternsByOrderLine(p);
        expect(split.length).toBeLessThanOrEqual(p.count);
        const keys = split.map((sub) => JSON.stringify(sub.cuts));
        expect(new Set(keys).size).toBe(keys.length);
      }
    });
  });
});

/** A pattern of 1–40 bars, 1–3 cut lengths of 1–4 pieces a bar, the pieces spread over 1–5 lines. */
function randomPattern(random: () => number): Pattern {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const bars = int(1, 40);
  const cuts = Array.from({ length: int(1, 3) }, (_, k) => {
    const count = int(1, 4);
    const lines = Array.from({ length: int(1, 5) }, (_, i) => `L${k}${i}`);
    const pieces = new Map<string, number>();
    for (let n = 0; n < count * bars; n++) {
      const line = lines[int(0, lines.length - 1)]!;
      pieces.set(line, (pieces.get(line) ?? 0) + 1);
    }
    return { length: 1000 + 500 * k, count, pieces: [...pieces].map(([ref, c]) => ({ ref, count: c })) };
  });
  return pattern(bars, cuts);
}
