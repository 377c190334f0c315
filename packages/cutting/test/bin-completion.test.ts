import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { binCompletionPacking, type BinCompletionProblem } from '../src/bin-completion.ts';
import { packResidual } from '../src/exact-fill-stage.ts';
import { parseBpplib } from '../src/formats/bpplib.ts';
import { buildProblem } from '../src/model.ts';
import { validatePlan } from '../src/plan.ts';
import { solveCuttingStock } from '../src/solve.ts';
import { random, randomInt } from '../bench/random.ts';

/** The bars are a packing of the demand into at most `bins` bars. */
function expectPacking(problem: BinCompletionProblem, bars: number[][] | null) {
  expect(bars).not.toBeNull();
  expect(bars!.length).toBeLessThanOrEqual(problem.bins);
  for (const bar of bars!)
    expect(bar.reduce((sum, t) => sum + problem.weights[t]!, 0)).toBeLessThanOrEqual(problem.capacity);
  const counts = problem.weights.map(() => 0);
  for (const bar of bars!) for (const t of bar) counts[t]!++;
  expect(counts).toEqual(problem.demand);
}

/** Whether the pieces fit `bins` bars, by trying every assignment of pieces to bars. */
function fitsByBruteForce(problem: BinCompletionProblem): boolean {
  const pieces = problem.weights.flatMap((w, t) => Array<number>(problem.demand[t]!).fill(w));
  const loads = Array<number>(problem.bins).fill(0);
  const place = (k: number): boolean => {
    if (k === pieces.length) return true;
    for (let b = 0; b < loads.length; b++) {
      if (loads[b]! + pieces[k]! > problem.capacity) continue;
      loads[b]! += pieces[k]!;
      const done = place(k + 1);
      loads[b]! -= pieces[k]!;
      if (done) return true;
    }
    return false;
  };
  return place(0);
}

/** 12 bars of 1000 cut into pieces of 150–450, each bar leaving up to 3 over: a packing into 12 bars exists. */
function slicedBars(seed: number): BinCompletionProblem {
  const int = randomInt(random(seed));
  const byWeight = new Map<number, number>();
  for (let b = 0; b < 12; b++) {
    let room = 1000 - int(0, 3);
    while (room > 0) {
      const w = Math.min(room, int(150, 450));
      byWeight.set(w, (byWeight.get(w) ?? 0) + 1);
      room -= w;
    }
  }
  const weights = [...byWeight.keys()];
  return { weights, demand: weights.map((w) => byWeight.get(w)!), capacity: 1000, bins: 12 };
}

describe('bin completion', () => {
  it.each([7, 8, 9])('packs bars cut into pieces with a little slack back into as many bars (seed %i)', (seed) => {
    const problem = slicedBars(seed);
    expectPacking(problem, binCompletionPacking(problem, 1_000_000).bars);
  });

  it('proves there is no packing when the material bound allows one but the pieces do not', () => {
    // 3 × 60 = 180 ≤ 2 × 100, yet no two of them share a bar.
    expect(binCompletionPacking({ weights: [60], demand: [3], capacity: 100, bins: 2 }, 1_000)).toEqual({
      bars: null,
      exhausted: true,
    });
    expect(binCompletionPacking({ weights: [60, 45], demand: [1, 1], capacity: 100, bins: 1 }, 1_000)).toEqual({
      bars: null,
      exhausted: true,
    });
  });

  it('says it does not know when the node limit stops it', () => {
    expect(binCompletionPacking(slicedBars(7), 3)).toEqual({ bars: null, exhausted: false });
  });

  it('agrees with trying every assignment on small random problems', () => {
    const int = randomInt(random(11));
    let packed = 0;
    for (let round = 0; round < 300; round++) {
      const types = int(1, 5);
      const weights = Array.from({ length: types }, () => int(10, 70));
      const demand = weights.map(() => int(1, 2));
      const total = weights.reduce((sum, w, t) => sum + w * demand[t]!, 0);
      const problem = { weights, demand, capacity: 100, bins: Math.max(1, Math.ceil(total / 100) + int(0, 1)) };
      const result = binCompletionPacking(problem, 1_000_000);
      const fits = fitsByBruteForce(problem);
      if (fits) {
        expectPacking(problem, result.bars);
        packed += 1;
      } else expect(result).toEqual({ bars: null, exhausted: true });
    }
    // Both outcomes occur often enough for the comparison to mean something.
    expect(packed).toBeGreaterThan(30);
    expect(packed).toBeLessThan(290);
  });
});

describe('a dive’s residual', () => {
  const input = parseBpplib(readFileSync(new URL('./fixtures/hard28-bpp832.txt', import.meta.url), 'utf8'));
  const problem = buildProblem(input);

  it('is packed into the bars its bound allows, or costs a bar more when bin completion proves it must', () => {
    // A small residual: the 12 longest types, one piece each.
    const demand = problem.items.map((_, i) => (i < 12 ? 1 : 0));
    const total = problem.items.reduce((sum, item, i) => sum + item.length * demand[i]!, 0);
    const atBound = Math.ceil(total / 1000);
    const packed = packResidual(problem, demand, atBound + 5);
    expect(packed?.groups).not.toBeNull();
    const placed = problem.items.map(() => 0);
    for (const { pattern, repetitions } of packed!.groups!) {
      pattern.items.forEach((item, k) => (placed[item]! += repetitions * pattern.counts[k]!));
    }
    expect(placed).toEqual(demand);
    // The 12 longest are all over half a bar: at the material bound they cannot fit, and it proves so.
    expect(problem.items.slice(0, 12).every((item) => item.length > 500)).toBe(true);
    expect(packResidual(problem, demand, atBound)).toEqual({ groups: null, lowerBound: atBound + 1 });
  });

  it('is left to column generation when it is large', () => {
    expect(
      packResidual(
        problem,
        problem.items.map((item) => item.demand),
        60,
      ),
    ).toBeNull();
  });

  it('lets the dive prove Hard28 BPP832 at its material bound', async () => {
    const plan = await solveCuttingStock({ ...input, options: { workLimit: 20_000, gapTolerance: 0 } });
    expect(validatePlan(input, plan)).toEqual([]);
    expect(plan.bars).toBe(60);
    expect(plan.provenOptimal).toBe(true);
  });
});
