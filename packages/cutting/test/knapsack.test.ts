import { describe, expect, it } from 'vitest';
import { branchAndBoundKnapsack } from '../src/knapsack-branch-and-bound.ts';
import { knapsackByCapacity, tabledKnapsack, type PricingItem } from '../src/knapsack-dp.ts';
import { priceKnapsack } from '../src/pricing-knapsack.ts';
import { random, randomInt } from '../bench/random.ts';

function randomItems(seed: number, capacity: number): PricingItem[] {
  const rnd = random(seed);
  const int = randomInt(rnd);
  return Array.from({ length: int(1, 40) }, () => {
    const weight = int(1, capacity);
    // Duals near proportional to length, as in cutting stock, plus noise and some zeros.
    const value = rnd() < 0.1 ? 0 : (weight / capacity) * (0.8 + 0.4 * rnd());
    return { weight, value, bound: int(1, 6) };
  });
}

function packed(items: readonly PricingItem[], counts: ReadonlyMap<number, number>): { weight: number; value: number } {
  let weight = 0;
  let value = 0;
  for (const [i, c] of counts) {
    expect(c).toBeLessThanOrEqual(items[i]!.bound);
    weight += c * items[i]!.weight;
    value += c * items[i]!.value;
  }
  return { weight, value };
}

describe('branch-and-bound knapsack', () => {
  it('finds the DP optimum on random bounded instances', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const capacity = randomInt(random(seed * 7919))(5, 400);
      const items = randomItems(seed, capacity);
      const dp = knapsackByCapacity(items, [capacity])[0]!;
      const bb = branchAndBoundKnapsack(items, capacity, { nodeLimit: 10_000_000 });
      expect(bb.exact).toBe(true);
      expect(bb.value).toBeCloseTo(dp.value, 9);
      const { weight, value } = packed(items, bb.counts);
      expect(weight).toBeLessThanOrEqual(capacity);
      expect(value).toBeCloseTo(bb.value, 9);
    }
  });

  it('keeps alternatives above the threshold, each feasible', () => {
    const items = randomItems(42, 1000);
    const result = branchAndBoundKnapsack(items, 1000, { nodeLimit: 1_000_000, collectAbove: 0.5, maxAlternatives: 5 });
    expect(result.alternatives.length).toBeGreaterThan(0);
    for (const counts of result.alternatives) {
      const { weight, value } = packed(items, counts);
      expect(weight).toBeLessThanOrEqual(1000);
      expect(value).toBeGreaterThan(0.5);
      expect(value).toBeLessThanOrEqual(result.value + 1e-9);
    }
  });

  it('reports a valid upper bound when it stops at its node limit', () => {
    const items = randomItems(7, 100_000).map((it) => ({ ...it, bound: 50 }));
    const result = branchAndBoundKnapsack(items, 100_000, { nodeLimit: 3 });
    const exact = branchAndBoundKnapsack(items, 100_000, { nodeLimit: 100_000_000 });
    expect(result.upperBound).toBeGreaterThanOrEqual(exact.value - 1e-9);
    expect(result.value).toBeLessThanOrEqual(exact.value + 1e-9);
  });
});

describe('pricing', () => {
  it('prices large capacities with few pieces a bar like the DP would', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const capacity = 100_000 + seed * 3_371;
      // At most 5 pieces a bar, as in long stock: the case pricing hands to branch and bound.
      // Enough piece types that the DP table passes the size from which pricing searches instead.
      const items = [seed, seed + 1000, seed + 2000, seed + 3000]
        .flatMap((k) => randomItems(k, capacity))
        .map((it) => ({
          ...it,
          weight: Math.ceil(capacity / 5) + Math.floor(it.weight / 2),
          bound: 1,
        }));
      const priced = priceKnapsack(items, [capacity, capacity - 5_000], [1, 1]).columns;
      const dp = knapsackByCapacity(items, [capacity, capacity - 5_000]);
      priced.forEach((p, s) => {
        expect(p.value).toBeCloseTo(dp[s]!.value, 9);
        expect(p.upperBound).toBeGreaterThanOrEqual(p.value - 1e-9);
      });
    }
  });
});

describe('the DP kept as a table', () => {
  it('answers "without this item" exactly as a new run with its value at 0, ties included', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const capacity = randomInt(random(seed * 104729))(5, 400);
      // Weights in 10 mm steps now and then (a common divisor), and sometimes one item that alone breaks it.
      const step = seed % 3 === 0 ? 10 : 1;
      const items = randomItems(seed, capacity).map((it, i) => ({
        ...it,
        weight: it.weight * step + (seed % 6 === 0 && i === 0 ? 1 : 0),
        // Equal values are what make ties: round them to a coarse grid.
        value: Math.round(it.value * 20) / 20,
      }));
      const capacities = [capacity * step, Math.floor((capacity * step) / 2)];
      const table = tabledKnapsack(items, capacities);
      expect(table.patterns()).toEqual(knapsackByCapacity(items, capacities));
      items.forEach((_, item) => {
        const alone = knapsackByCapacity(
          items.map((it, i) => (i === item ? { ...it, value: 0 } : it)),
          capacities,
        );
        expect(table.without(item)).toEqual(alone);
      });
    }
  });
});
