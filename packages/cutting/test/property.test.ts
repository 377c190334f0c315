import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveCuttingStock, solveWithFfd, validatePlan, type CuttingInput } from '../src/index.ts';

const stockArb = fc.record({
  length: fc.integer({ min: 200, max: 3000 }),
  cost: fc.integer({ min: 0, max: 50 }),
  available: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
  kind: fc.constantFrom('bar' as const, 'tail' as const),
});

const inputArb: fc.Arbitrary<CuttingInput> = fc
  .record({
    stock: fc.array(stockArb, { minLength: 1, maxLength: 4 }),
    demand: fc.array(
      fc.record({
        ref: fc.string({ minLength: 1, maxLength: 4 }),
        length: fc.integer({ min: 1, max: 3200 }),
        quantity: fc.integer({ min: 1, max: 15 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    options: fc.record({
      kerf: fc.integer({ min: 0, max: 6 }),
      endTrim: fc.integer({ min: 0, max: 30 }),
      wasteLength: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
      objective: fc.constantFrom('min_bars' as const, 'min_cost' as const),
      timeLimitMs: fc.constant(1500),
    }),
  })
  .map((input) => ({ ...input, demand: input.demand.map((d, i) => ({ ...d, ref: `${d.ref}#${i}` })) }));

/** Fewest bars for ≤ 8 pieces on one unlimited stock length, by exhaustive search (first-empty-bin symmetry cut). */
function bruteForceBars(pieces: number[], capacity: number): number {
  let best = pieces.length;
  const loads: number[] = [];
  const place = (k: number): void => {
    if (loads.length >= best) return;
    if (k === pieces.length) {
      best = loads.length;
      return;
    }
    const w = pieces[k]!;
    for (let b = 0; b < loads.length; b++) {
      if (loads[b]! + w <= capacity) {
        loads[b]! += w;
        place(k + 1);
        loads[b]! -= w;
      }
    }
    loads.push(w);
    place(k + 1);
    loads.pop();
  };
  place(0);
  return best;
}

describe('every plan is valid', () => {
  it('on random instances with kerf, trim, limited stock and tails', async () => {
    await fc.assert(
      fc.asyncProperty(inputArb, async (input) => {
        const plan = await solveCuttingStock(input);
        expect(validatePlan(input, plan)).toEqual([]);
        expect(plan.lowerBound).toBeLessThanOrEqual(plan.objective + 1e-6);
        const ffd = solveWithFfd(input);
        const unplacedPieces = (p: typeof plan): number => p.unplaced.reduce((a, u) => a + u.count, 0);
        expect(unplacedPieces(plan)).toBeLessThanOrEqual(unplacedPieces(ffd));
        if (unplacedPieces(plan) === unplacedPieces(ffd))
          expect(plan.objective).toBeLessThanOrEqual(ffd.objective + 1e-6);
        expect(plan.status === 'partial').toBe(plan.unplaced.length > 0);
        for (const u of plan.unplaced) {
          const longest = Math.max(...input.stock.map((s) => s.length - (input.options?.endTrim ?? 0)));
          expect(u.reason).toBe(u.length > longest ? 'longer_than_every_stock' : 'not_enough_stock');
        }
      }),
      { numRuns: 60 },
    );
  });

  it('proven optima agree with exhaustive search on tiny instances', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 50, max: 200 }),
        fc.array(fc.integer({ min: 10, max: 200 }), { minLength: 1, maxLength: 8 }),
        async (capacity, lengths) => {
          const pieces = lengths.filter((l) => l <= capacity);
          fc.pre(pieces.length > 0);
          const input: CuttingInput = {
            stock: [{ length: capacity }],
            demand: pieces.map((length) => ({ length, quantity: 1 })),
            options: { timeLimitMs: 1500 },
          };
          const plan = await solveCuttingStock(input);
          const optimum = bruteForceBars(pieces, capacity);
          expect(plan.objective).toBeGreaterThanOrEqual(optimum);
          expect(plan.lowerBound).toBeLessThanOrEqual(optimum);
          if (plan.provenOptimal) expect(plan.objective).toBe(optimum);
        },
      ),
      { numRuns: 60 },
    );
  });
});
