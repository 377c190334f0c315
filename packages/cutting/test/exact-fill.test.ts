import { describe, expect, it } from 'vitest';
import { workClock } from '../src/clock.ts';
import { exactFillPacking, subsetSumInRange } from '../src/exact-fill-packing.ts';
import { solveCuttingStock } from '../src/solve.ts';
import { validatePlan } from '../src/plan.ts';
import type { CuttingInput } from '../src/model.ts';
import { random, randomInt } from '../bench/random.ts';

/** Largest subset sum in [low, high] by enumerating every subset (the oracle; n ≤ 14). */
function bruteForceBest(pieces: readonly number[], low: number, high: number): number | null {
  let best: number | null = null;
  for (let mask = 0; mask < 1 << pieces.length; mask++) {
    let sum = 0;
    for (let k = 0; k < pieces.length; k++) if (mask & (1 << k)) sum += pieces[k]!;
    if (sum >= low && sum <= high && (best === null || sum > best)) best = sum;
  }
  return best;
}

/** Bars of capacity `capacity`, each cut at random points into 1–5 pieces: a perfect packing exists by construction. */
function perfectPackingInstance(seed: number, bins: number, capacity: number): { weights: number[]; demand: number[] } {
  const int = randomInt(random(seed));
  const byWeight = new Map<number, number>();
  for (let b = 0; b < bins; b++) {
    const cuts = new Set<number>();
    const parts = int(1, 5);
    while (cuts.size < parts - 1) cuts.add(int(1, capacity - 1));
    const points = [0, ...[...cuts].sort((x, y) => x - y), capacity];
    for (let k = 1; k < points.length; k++) {
      const w = points[k]! - points[k - 1]!;
      byWeight.set(w, (byWeight.get(w) ?? 0) + 1);
    }
  }
  const weights = [...byWeight.keys()].sort((x, y) => y - x);
  return { weights, demand: weights.map((w) => byWeight.get(w)!) };
}

describe('subset sum in a range (bitset, stops once the top is reachable)', () => {
  it('returns the largest reachable sum in range, as a valid subset, on random instances (brute force)', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const int = randomInt(random(seed));
      // Widths across word boundaries (multiples of 32 and odd shifts) and repeated weights.
      const pieces = Array.from({ length: int(0, 14) }, () => int(1, int(0, 1) === 0 ? 40 : 300));
      const high = int(0, 700);
      const low = int(0, high);
      const expected = bruteForceBest(pieces, low, high);
      const chosen = subsetSumInRange(pieces, low, high);
      if (expected === null) {
        expect(chosen).toBeNull();
        continue;
      }
      expect(chosen).not.toBeNull();
      expect(new Set(chosen).size).toBe(chosen!.length);
      const sum = chosen!.reduce((s, k) => s + pieces[k]!, 0);
      // low ≤ 0 asks for nothing: the empty subset is in range.
      expect(sum).toBe(low <= 0 ? 0 : expected);
    }
  });
});

// Deadlines on a work clock (checkpoints: an attempt, or 64 bars of one), the same however loaded the machine is.
describe('exact-fill packing', () => {
  it('packs constructed perfect packings into exactly their bars, every piece once', () => {
    let found = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const capacity = randomInt(random(seed * 31))(50, 5000);
      const bins = randomInt(random(seed * 17))(2, 40);
      const { weights, demand } = perfectPackingInstance(seed, bins, capacity);
      const result = exactFillPacking({ weights, demand, capacity, bins }, { deadline: 200, clock: workClock() });
      if (result.bars === null) continue;
      found++;
      expect(result.bars.length).toBeLessThanOrEqual(bins);
      const placed = weights.map(() => 0);
      for (const bar of result.bars) {
        expect(bar.reduce((s, t) => s + weights[t]!, 0)).toBeLessThanOrEqual(capacity);
        for (const t of bar) placed[t]!++;
      }
      expect(placed).toEqual(demand);
    }
    // A heuristic: most, not necessarily all, of these are found.
    expect(found).toBeGreaterThanOrEqual(20);
  });

  it('spends its slack budget: total room of bins × capacity − Σ weights, never more', () => {
    const weights = [7, 5, 4, 3];
    const demand = [2, 2, 2, 2];
    // Σ = 38; 4 bars of 10 leave a slack of 2.
    const result = exactFillPacking({ weights, demand, capacity: 10, bins: 4 }, { deadline: 200, clock: workClock() });
    expect(result.bars).not.toBeNull();
    expect(result.bars!.length).toBeLessThanOrEqual(4);
    for (const bar of result.bars!) expect(bar.reduce((s, t) => s + weights[t]!, 0)).toBeLessThanOrEqual(10);
  });

  it('gives up at once when the bars cannot hold the pieces', () => {
    const result = exactFillPacking(
      { weights: [6, 5], demand: [2, 2], capacity: 10, bins: 2 },
      { deadline: 1000, clock: workClock() },
    );
    expect(result).toEqual({ bars: null, partial: null, attempts: 0 });
  });

  it('hands back its best partial packing when no attempt places everything', () => {
    // Three pieces of 6 need three bars of 10; asked for two (slack 2), an attempt places two of them.
    const result = exactFillPacking(
      { weights: [6, 2], demand: [3, 1], capacity: 10, bins: 2 },
      { deadline: 50, clock: workClock() },
    );
    expect(result.bars).toBeNull();
    expect(result.partial).not.toBeNull();
    expect(result.partial!.leftover.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});

describe('exact fill in the solve', () => {
  it('proves a plan by the material bound before column generation where FFD needs a bar more', async () => {
    // Triplets: FFD pairs the 50s and the 49s and wastes bars; 50 + 30 + 20 and 49 + 31 + 20 fill bars exactly.
    const input: CuttingInput = {
      stock: [{ length: 100 }],
      demand: [
        { length: 50, quantity: 10 },
        { length: 49, quantity: 10 },
        { length: 31, quantity: 10 },
        { length: 30, quantity: 10 },
        { length: 20, quantity: 20 },
      ],
      // A work limit: the first exact-fill slice (3 %) gets the same attempts however loaded the machine is.
      options: { workLimit: 20_000 },
    };
    const plan = await solveCuttingStock(input);
    expect(plan.bars).toBe(20);
    expect(plan.provenOptimal).toBe(true);
    expect(plan.source).toBe('exact-fill');
    expect(validatePlan(input, plan)).toEqual([]);
  });
});
