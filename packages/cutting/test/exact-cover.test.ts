import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  exactCoverApplies,
  exactCoverPacking,
  listCompletions,
  repairPartial,
  type ExactCoverOptions,
  type ExactCoverProblem,
} from '../src/exact-cover-search.ts';
import { workClock } from '../src/clock.ts';
import { parseBpplib } from '../src/formats/bpplib.ts';
import { solveCuttingStock } from '../src/solve.ts';
import { validatePlan } from '../src/plan.ts';
import { random, randomInt } from '../bench/random.ts';

/**
 * Bars of `capacity` built to be filled exactly: most hold one piece longer than half a bar and 1–3 short pieces
 * making up its room, `free` bars only short pieces (as the AI instances). Types are merged by weight.
 */
function coverInstance(seed: number, bins: number, free: number, capacity: number): ExactCoverProblem {
  const int = randomInt(random(seed));
  const byWeight = new Map<number, number>();
  const add = (w: number) => byWeight.set(w, (byWeight.get(w) ?? 0) + 1);
  const cut = (room: number, parts: number) => {
    const points = new Set<number>();
    while (points.size < parts - 1) points.add(int(1, room - 1));
    const sorted = [0, ...[...points].sort((a, b) => a - b), room];
    for (let k = 1; k < sorted.length; k++) add(sorted[k]! - sorted[k - 1]!);
  };
  for (let b = 0; b < bins; b++) {
    if (b < free) {
      cut(capacity, int(3, 4));
      continue;
    }
    const long = int(Math.floor(capacity / 2) + 1, capacity - 3);
    add(long);
    cut(capacity - long, int(1, 3));
  }
  const weights = [...byWeight.keys()];
  return { weights, demand: weights.map((w) => byWeight.get(w)!), capacity, bins };
}

/** The bars hold every piece once and each is filled exactly. */
function expectPerfect(problem: ExactCoverProblem, bars: number[][] | null) {
  expect(bars).not.toBeNull();
  expect(bars!.length).toBe(problem.bins);
  for (const bar of bars!) expect(bar.reduce((sum, t) => sum + problem.weights[t]!, 0)).toBe(problem.capacity);
  const counts = problem.weights.map(() => 0);
  for (const bar of bars!) for (const t of bar) counts[t]!++;
  expect(counts).toEqual(problem.demand);
}

/**
 * On a work clock (src/clock.ts), so that the search does the same work however loaded the machine is; the limit is
 * far beyond what any of these searches needs.
 */
const AMPLE = 1_000_000;
const ample = (): ExactCoverOptions => ({ deadline: AMPLE, clock: workClock() });

describe('exact cover of the long pieces', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('packs a perfect packing built by construction (seed %i)', (seed) => {
    const problem = coverInstance(seed, 30, seed % 3, 1000 + 97 * seed);
    expect(exactCoverApplies(problem)).toBe(true);
    expectPerfect(problem, exactCoverPacking(problem, ample()));
  });

  it('does not apply with slack to spare, without long pieces, or with a piece longer than a bar', () => {
    const base = coverInstance(11, 10, 1, 500);
    expect(exactCoverApplies({ ...base, bins: base.bins + 1 })).toBe(false);
    expect(exactCoverPacking({ ...base, bins: base.bins + 1 }, ample())).toBeNull();
    expect(exactCoverApplies({ weights: [5, 4, 1], demand: [2, 2, 2], capacity: 10, bins: 2 })).toBe(false);
    expect(exactCoverApplies({ weights: [12, 6, 2], demand: [1, 1, 1], capacity: 10, bins: 2 })).toBe(false);
  });

  it('proves there is none when no completion fills a long piece’s room, without waiting for the deadline', () => {
    // 6 + 6 + 5 + 3 = 2 × 10, but a 6 needs exactly 4 more, which 5 and 3 cannot make.
    const problem = { weights: [6, 5, 3], demand: [2, 1, 1], capacity: 10, bins: 2 };
    const clock = workClock();
    expect(exactCoverPacking(problem, { deadline: AMPLE, clock })).toBeNull();
    expect(clock.peek()).toBeLessThan(10);
  });

  it('searches all completions once it has proved that no packing of pairs exists', () => {
    // The 7s' rooms are 3 each: a single 3 fills one, only the triple 1 + 1 + 1 the other.
    const problem = { weights: [7, 3, 1], demand: [2, 1, 3], capacity: 10, bins: 2 };
    expectPerfect(problem, exactCoverPacking(problem, ample()));
  });

  it('splits the short pieces no long piece takes among the bars without one', () => {
    const problem = coverInstance(21, 30, 3, 2000);
    expectPerfect(problem, exactCoverPacking(problem, ample()));
  });

  it('gives up at the deadline', () => {
    const problem = coverInstance(31, 200, 2, 60_000);
    expect(exactCoverPacking(problem, { deadline: 0, clock: workClock() })).toBeNull();
  });
});

/** An AI instance of BPPLIB as an exact-cover problem (its total size is a whole number of bars). */
function aiProblem(fixture: string): ExactCoverProblem {
  const input = parseBpplib(readFileSync(new URL(`./fixtures/${fixture}`, import.meta.url), 'utf8'));
  const capacity = input.stock[0]!.length;
  const weights = input.demand.map((piece) => piece.length);
  const demand = input.demand.map((piece) => piece.quantity);
  return { weights, demand, capacity, bins: weights.reduce((sum, w, t) => sum + w * demand[t]!, 0) / capacity };
}

describe('listing the completions', () => {
  it.each([1, 2, 3, 4, 5].flatMap((seed) => [2, 3].map((maxPieces) => [seed, maxPieces] as const)))(
    'lists every set of 1 to at most n short pieces that fills a long piece’s room, once (seed %i, n = %i)',
    (seed, maxPieces) => {
      const int = randomInt(random(100 + seed));
      const capacity = 60;
      const weights = [
        ...new Set([...Array.from({ length: 8 }, () => int(31, 40)), ...Array.from({ length: 20 }, () => int(1, 30))]),
      ];
      const demand = weights.map(() => int(1, 3));
      const types = weights.map((_, t) => t);
      const longs = types.filter((t) => 2 * weights[t]! > capacity);
      const shorts = types.filter((t) => 2 * weights[t]! <= capacity).sort((a, b) => weights[b]! - weights[a]!);
      const listed = listCompletions(
        { weights, demand, capacity, bins: 1 },
        longs,
        shorts,
        AMPLE,
        maxPieces,
        workClock(),
      )!;
      const key = (long: number, pieces: number[]) => `${long}:${[...pieces].sort((a, b) => a - b).join(',')}`;
      const got = Array.from({ length: listed.size }, (_, c) => {
        const [long, ...pieces] = listed.piecesOf(c);
        expect(long).toBe(listed.long[c]);
        return key(long!, pieces);
      });
      // Brute force: every multiset of 1 to maxPieces short types within demand, by nested loops over positions.
      const expected: string[] = [];
      for (const long of longs) {
        const room = capacity - weights[long]!;
        const within = (pieces: number[]) => pieces.every((t) => pieces.filter((u) => u === t).length <= demand[t]!);
        const sum = (pieces: number[]) => pieces.reduce((total, t) => total + weights[t]!, 0);
        for (let i = 0; i < shorts.length; i++) {
          const one = [shorts[i]!];
          if (sum(one) === room) expected.push(key(long, one));
          for (let j = i; j < shorts.length; j++) {
            const two = [shorts[i]!, shorts[j]!];
            if (sum(two) === room && within(two)) expected.push(key(long, two));
            for (let k = j; k < shorts.length && maxPieces === 3; k++) {
              const three = [...two, shorts[k]!];
              if (sum(three) === room && within(three)) expected.push(key(long, three));
            }
          }
        }
      }
      expect(expected.length).toBeGreaterThan(maxPieces === 3 ? 20 : 5);
      expect(got.length).toBe(new Set(got).size);
      expect([...got].sort()).toEqual([...expected].sort());
      expect([...listed.pieces.subarray(0, listed.size)]).toEqual(got.map((k) => k.split(':')[1]!.split(',').length));
    },
  );
});

describe('repairing a partial packing', () => {
  it.each([1, 2, 4])('packs what a partial packing leaves out, taking some of its bars apart (seed %i)', (seed) => {
    const problem = coverInstance(40 + seed, 60, 2, 3000 + seed);
    const packing = exactCoverPacking(problem, ample())!;
    // Bars with a long piece kept, all but the last 8 (the bars without one are left out too).
    const partial = packing.filter((bar) => bar.some((t) => 2 * problem.weights[t]! > problem.capacity)).slice(8);
    expectPerfect(problem, repairPartial(problem, partial, ample()));
  });

  it('leaves a partial packing too shallow or too small to the search over all completions, and stops in time', () => {
    const problem = coverInstance(41, 60, 2, 3001);
    const packing = exactCoverPacking(problem, ample())!;
    const clock = workClock();
    const options = { deadline: AMPLE, clock };
    expect(repairPartial(problem, packing.slice(0, 20), options)).toBeNull();
    const small = coverInstance(51, 12, 0, 900);
    const smallPacking = exactCoverPacking(small, ample())!;
    expect(repairPartial(small, smallPacking.slice(2), options)).toBeNull();
    const spent = clock.peek();
    expect(repairPartial(problem, packing.slice(10), { deadline: 0, clock })).toBeNull();
    expect(clock.peek()).toBeLessThanOrEqual(spent + 1);
    expect(spent).toBeLessThan(10);
  });
});

describe('restarts with other orders', () => {
  it('packs AI 201_2500_DI_36, which the listed order alone does not within seconds', () => {
    const problem = aiProblem('ai-201-2500-di-36.txt');
    expect(exactCoverApplies(problem)).toBe(true);
    expectPerfect(problem, exactCoverPacking(problem, ample()));
  });
});

describe('the solve on an AI instance (BPPLIB, AI 201_2500_DI_1)', () => {
  it('finds the perfect packing the greedy fill misses and proves it at the material bound', async () => {
    const input = parseBpplib(readFileSync(new URL('./fixtures/ai-201-2500-di-1.txt', import.meta.url), 'utf8'));
    const plan = await solveCuttingStock({ ...input, options: { ...input.options, workLimit: 20_000 } });
    expect(validatePlan(input, plan)).toEqual([]);
    // Σ sizes = 65 × capacity: 65 bars is the material bound, reached only by filling every bar exactly.
    expect(plan.bars).toBe(65);
    expect(plan.provenOptimal).toBe(true);
    expect(plan.source).toBe('exact-fill');
  });
});
