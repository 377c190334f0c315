/**
 * Pricing on a coarser grid where the exact DP table is too big. Patterns must fit the real bar and the
 * bound must stay above the real best value, or column generation would add infeasible columns or claim a bound
 * it does not have.
 */
import { describe, expect, it } from 'vitest';
import { generateFamily } from '../bench/generated-families.ts';
import { random, randomInt } from '../bench/random.ts';
import { knapsackByCapacity, knapsackTableCells, type PricingItem } from '../src/knapsack-dp.ts';
import { priceOnGrid } from '../src/knapsack-grid.ts';
import { priceKnapsack } from '../src/pricing-knapsack.ts';

function randomItems(seed: number, capacity: number): PricingItem[] {
  const rnd = random(seed);
  const int = randomInt(rnd);
  return Array.from({ length: int(1, 30) }, () => {
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
    expect(c).toBeLessThanOrEqual(items[i]!.bound);
    weight += c * items[i]!.weight;
    value += c * items[i]!.value;
  }
  expect(weight).toBeLessThanOrEqual(capacity);
  return value;
}

describe('pricing on a coarser grid', () => {
  it('finds patterns that fit the real bar, worth at most the exact optimum, under a bound at least as high', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const int = randomInt(random(seed * 104_729));
      const capacities = [int(2_000, 20_000), int(2_000, 20_000)];
      const items = randomItems(seed, Math.max(...capacities));
      const exact = knapsackByCapacity(items, capacities);
      const priced = priceOnGrid(items, capacities, int(1, 60), true);
      priced.columns.forEach((column, s) => {
        const value = expectFits(items, column.counts, capacities[s]!);
        expect(value).toBeCloseTo(column.value, 9);
        expect(column.value).toBeLessThanOrEqual(exact[s]!.value + 1e-9);
        expect(column.upperBound).toBeGreaterThanOrEqual(exact[s]!.value - 1e-9);
      });
    }
  });

  it('with a grid of 1 it is the exact DP, and without a bound it claims none', () => {
    const items = randomItems(7, 5_000);
    const exact = knapsackByCapacity(items, [5_000])[0]!;
    const [same] = priceOnGrid(items, [5_000], 1, true).columns;
    expect(same!.value).toBeCloseTo(exact.value, 9);
    expect(same!.upperBound).toBeCloseTo(exact.value, 9);
    expect(priceOnGrid(items, [5_000], 10, false).columns[0]!.upperBound).toBe(Number.POSITIVE_INFINITY);
  });

  it('prices a `large` instance (capacity near 10⁶, hundreds of piece types) whose exact table is far too big', () => {
    // Seed 2: capacity 1,127,952, 294 piece types.
    const { input } = generateFamily('large', 1, 2)[0]!;
    const capacity = input.stock[0]!.length;
    const items = input.demand.map((d) => ({ weight: d.length, value: d.length / capacity, bound: d.quantity }));
    expect(knapsackTableCells(items, [capacity])).toBeGreaterThan(100_000_000);
    // A bar's cost of 0.99: patterns worth more exist, but every state is as good as any other (duals proportional to
    // length), so the states DP (knapsack-states.ts) gives up and the grid prices.
    const [column] = priceKnapsack(items, [capacity], [0.99]).columns;
    const value = expectFits(items, column!.counts, capacity);
    expect(value).toBeCloseTo(column!.value, 9);
    // Duals proportional to length: the best bar is nearly full, and the bound is at most a full bar's worth.
    expect(column!.value).toBeGreaterThan(0.99);
    expect(column!.upperBound).toBeGreaterThanOrEqual(column!.value);
    // The relaxation (weights rounded down) fits a little more: its bound is near, not at, a full bar.
    expect(column!.upperBound).toBeLessThanOrEqual(1.01);
    // At a cost of 1 no pattern can be worth more (a full bar is worth 1): the states DP proves it at once.
    const [none] = priceKnapsack(items, [capacity], [1]).columns;
    expect(none!.upperBound).toBeGreaterThanOrEqual(none!.value);
    expect(none!.upperBound).toBeLessThanOrEqual(1 + 1e-9);
  });
});
