/**
 * Knapsack pricing on a coarser grid, for capacities whose exact DP table is too big (pricing-knapsack.ts): with
 * weights rounded up to multiples of g and capacities rounded down every pattern found fits the real bar; with weights
 * rounded down the DP solves a relaxation, whose value bounds the real best value from above.
 */
import { knapsackByCapacity, knapsackValues, type PricingItem } from './knapsack-dp.ts';
import type { Priced } from './pricing-knapsack.ts';

/**
 * Patterns from the DP on a grid of about `step` units (weights rounded up, capacities down: every pattern fits the
 * real bar) and, with `bounded`, an upper bound from weights rounded down (a relaxation); without it the upper bound
 * is left open (no Lagrangian bound from this round, and no claim that pricing was exact).
 */
export function priceOnGrid(
  items: readonly PricingItem[],
  capacities: readonly number[],
  step: number,
  bounded: boolean,
): Priced {
  // Never coarser than the shortest piece: rounded down, every piece keeps a weight.
  const g = Math.max(1, Math.min(Math.ceil(step), ...items.map((it) => it.weight)));
  const grid = capacities.map((c) => Math.floor(c / g));
  const feasible = knapsackByCapacity(
    items.map((it) => ({ ...it, weight: Math.ceil(it.weight / g) })),
    grid,
  );
  const upper = bounded
    ? knapsackValues(
        items.map((it) => ({ ...it, weight: Math.floor(it.weight / g) })),
        grid,
      )
    : null;
  return {
    columns: feasible.map((p, s) => ({
      ...p,
      upperBound: upper === null ? Number.POSITIVE_INFINITY : Math.max(p.value, upper[s]!),
      alternatives: [],
    })),
    table: null,
  };
}
