/**
 * Pricing by undominated states with bound pruning (knapsack-states.ts), for capacities whose DP table is
 * too big. It must find the DP's optimum whenever that beats the floor, never claim a bound below the real best value,
 * and hand back only patterns that fit.
 */
import { describe, expect, it } from 'vitest';
import { generateFamily } from '../bench/generated-families.ts';
import { random, randomInt } from '../bench/random.ts';
import { knapsackByCapacity, knapsackTableCells, type PricingItem } from '../src/knapsack-dp.ts';
import { statesKnapsack } from '../src/knapsack-states.ts';
import { validatePlan } from '../src/plan.ts';
import { priceKnapsack } from '../src/pricing-knapsack.ts';
import { solveCuttingStock } from '../src/solve.ts';

function randomItems(seed: number, capacity: number, count?: number): PricingItem[] {
  const rnd = random(seed);
  const int = randomInt(rnd);
  return Array.from({ length: count ?? int(1, 30) }, () => {
    const weight = int(Math.ceil(capacity / 100), capacity);
    // Duals near proportional to length, as in cutting stock, plus noise and some zeros.
    const value = rnd() < 0.1 ? 0 : (weight / capacity) * (0.8 + 0.4 * rnd());
    return { weight, value, bound: int(1, 30) };
  });
}

function expectFits(items: readonly PricingItem[], counts: ReadonlyMap<number, number>, capacity: number): number {
  let weight = 0;
  let value = 0;
  for (const [i, c] of counts) {
    expect(c).toBeGreaterThan(0);
    expect(c).toBeLessThanOrEqual(items[i]!.bound);
    weight += c * items[i]!.weight;
    value += c * items[i]!.value;
  }
  expect(weight).toBeLessThanOrEqual(capacity);
  return value;
}

describe('knapsack by undominated states', () => {
  it('finds the DP optimum when it beats the floor, and bounds it when it does not', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const capacity = randomInt(random(seed * 7919))(50, 3_000);
      const items = randomItems(seed, capacity);
      const dp = knapsackByCapacity(items, [capacity])[0]!;
      // No floor, a floor below the optimum, and one at or above it.
      for (const floor of [0, dp.value * 0.95, dp.value, dp.value * 1.05]) {
        const result = statesKnapsack(items, capacity, { floor, maxStates: 1_000_000, maxAlternatives: 10 })!;
        expect(result).not.toBeNull();
        expect(result.upperBound).toBeGreaterThanOrEqual(dp.value - 1e-9);
        if (dp.value > floor * (1 + 1e-9) + 1e-9) {
          expect(result.value).toBeCloseTo(dp.value, 9);
          expect(result.upperBound).toBeCloseTo(dp.value, 9);
        } else {
          expect(result.upperBound).toBeLessThanOrEqual(floor * (1 + 1e-9) + 1e-9);
        }
        expect(result.value).toBeLessThanOrEqual(dp.value + 1e-9);
        expect(expectFits(items, result.counts, capacity)).toBeCloseTo(result.value, 9);
        for (const counts of result.alternatives) {
          const value = expectFits(items, counts, capacity);
          expect(value).toBeGreaterThan(floor);
          expect(value).toBeLessThanOrEqual(result.value + 1e-9);
        }
      }
    }
  });

  it('gives up past its state limit, where every state is as good as any other (duals proportional to length)', () => {
    const capacity = 1_000_000;
    const items = randomItems(3, capacity, 200).map((it) => ({ ...it, value: it.weight / capacity }));
    expect(statesKnapsack(items, capacity, { floor: 0.9, maxStates: 1_000 })).toBeNull();
    // With the floor at a full bar, nothing can beat it: no state is kept, which proves it at once.
    expect(statesKnapsack(items, capacity, { floor: 1, maxStates: 1_000 })!.upperBound).toBeCloseTo(1, 9);
  });

  it('prices a table of tens of millions of cells with many pieces a bar as the DP does', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const capacity = 200_000 + seed * 7_919;
      const items = randomItems(seed, capacity, 40);
      const cells = knapsackTableCells(items, [capacity]);
      expect(cells).toBeGreaterThan(4_000_000);
      expect(cells).toBeLessThan(100_000_000);
      const [column] = priceKnapsack(items, [capacity], [0.5]).columns;
      const dp = knapsackByCapacity(items, [capacity])[0]!;
      expect(column!.value).toBeCloseTo(dp.value, 9);
      expect(column!.upperBound).toBeCloseTo(dp.value, 9);
      expect(expectFits(items, column!.counts, capacity)).toBeCloseTo(dp.value, 9);
      for (const counts of column!.alternatives) expect(expectFits(items, counts, capacity)).toBeGreaterThan(0.5);
    }
  });

  it('lets column generation converge on a `large` instance: the plan is proven at its bound', async () => {
    // Seed 3: capacity 1,108,318, 79 piece types, 3,946 pieces; FFD is 1 bar above the optimum.
    const { input } = generateFamily('large', 1, 3)[0]!;
    const plan = await solveCuttingStock({ ...input, options: { ...input.options, workLimit: 5_000 } });
    expect(validatePlan(input, plan)).toEqual([]);
    expect(plan.provenOptimal).toBe(true);
    expect(plan.objective).toBe(plan.lowerBound);
    expect(plan.source).not.toBe('ffd');
  });
});
