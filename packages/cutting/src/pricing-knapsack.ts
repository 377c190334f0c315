/**
 * Pricing for column generation: the most valuable pattern per stock length under the current duals. The
 * capacity-indexed DP (one run prices every stock length) is used unless its table is large and a bar holds only a
 * few pieces — capacities of 10⁵–10⁶ in tenths of a millimetre or long stock — where branch and bound, whose work
 * follows the pieces a bar holds, is far cheaper. With many pieces per bar the duals make the search
 * near-exhaustive (they are almost proportional to length), so the DP stays. When branch and bound hits its node
 * limit the DP finishes the job if its table is affordable; otherwise the best pattern found is returned with an
 * upper bound that keeps the Lagrangian bound valid.
 *
 * Beyond SCALED_ABOVE cells with many pieces per bar (capacities of 10⁵–10⁶ and pieces down to 1 % of them, issue
 * 39's `large` family) neither is affordable, and the DP runs on a coarser grid instead: weights rounded up to
 * multiples of g and capacities down give patterns that fit the real bar; weights rounded down give a relaxation whose
 * value bounds the real one. A coarse grid prices most rounds; a finer one is tried when it finds nothing.
 *
 * Before either, from STATES_MIN_CAPACITY on, a DP over undominated states with bound pruning
 * (knapsack-states.ts) prices exactly with work that follows the states that can still beat the bar's cost, not the
 * capacity: on the `large` family it held a median of 225 states (at most 495) where the grid's coarse DP priced
 * without a bound (so column generation could not converge) and the exact DP of 96 million cells took 1.8–2.8 s a round (load 13).
 * It gives up past MAX_STATES (duals almost proportional to length), and the ways above price that round.
 */
import { branchAndBoundKnapsack } from './knapsack-branch-and-bound.ts';
import { priceOnGrid } from './knapsack-grid.ts';
import { statesKnapsack } from './knapsack-states.ts';
import { knapsackTableCells, tabledKnapsack, type PricingItem, type TabledKnapsack } from './knapsack-dp.ts';

export type { PricingItem } from './knapsack-dp.ts';

export interface PricedColumns {
  value: number;
  /** Copies per item index (indices into the `items` argument). */
  counts: Map<number, number>;
  /** Upper bound on the best value; equals `value` when pricing was exact. */
  upperBound: number;
  /** Further patterns worth more than the stock's cost, found on the way (branch and bound and the states DP). */
  alternatives: Map<number, number>[];
}

/** Below this many cells the DP (with its exclusion alternatives, column-generation.ts) is kept as it was. */
const DP_FIRST_CELLS = 4_000_000;
/** Largest DP table used as a fallback: 50 MB of "taken" bits and about a second of work. */
const DP_FALLBACK_CELLS = 400_000_000;
/** Most pieces on one bar for which branch and bound is used: AI, Waescher and the `many` family have more. */
const SEARCH_MAX_PIECES = 8;
const NODE_LIMIT = 500_000;
const ALTERNATIVES = 30;
/**
 * States the undominated-states DP (knapsack-states.ts) may hold before it gives up and the ways below price instead.
 * The bench's `large` family peaked at 17–495 (seed 10, 77 rounds); each state costs a merge step per 0/1 copy.
 */
const MAX_STATES = 200_000;
/**
 * The states DP prices only from this capacity on: the `large` family's scale (10⁵–1.5·10⁶), where it was measured. Every public
 * set is below it (AI reaches 78,080, the `many` family 12,000) and keeps the pricing its table was measured with.
 */
const STATES_MIN_CAPACITY = 100_000;
/** Above this many cells (and more than SEARCH_MAX_PIECES a bar) pricing scales: no public set comes near it. */
const SCALED_ABOVE = 100_000_000;
/** Cells of the coarse grid that prices most rounds, and of the fine one tried when the coarse one finds nothing. */
const COARSE_CELLS = 4_000_000;
const FINE_CELLS = 20_000_000;

export interface Priced {
  /** Per stock length, in `capacities` order. */
  columns: PricedColumns[];
  /** The DP's table when the DP priced (TabledKnapsack.without prices with an item left out for less than a run). */
  table: TabledKnapsack | null;
}

/** `costs[s]`: the price of stock length s in the reduced cost; patterns worth more are kept as alternatives. */
export function priceKnapsack(
  items: readonly PricingItem[],
  capacities: readonly number[],
  costs: readonly number[],
): Priced {
  const cells = knapsackTableCells(items, capacities);
  const byDp = (): Priced => {
    const table = tabledKnapsack(items, capacities);
    return { columns: table.patterns().map((p) => ({ ...p, upperBound: p.value, alternatives: [] })), table };
  };
  const shortest = Math.min(...items.filter((it) => it.value > 1e-12 && it.bound > 0).map((it) => it.weight));
  const mostPieces = Math.floor(Math.max(0, ...capacities) / shortest);
  if (cells > DP_FIRST_CELLS && mostPieces > SEARCH_MAX_PIECES && Math.max(...capacities) >= STATES_MIN_CAPACITY) {
    const byStates = capacities.map((capacity, s) =>
      statesKnapsack(items, capacity, {
        floor: costs[s] ?? Number.POSITIVE_INFINITY,
        maxStates: MAX_STATES,
        maxAlternatives: ALTERNATIVES,
      }),
    );
    if (byStates.every((r) => r !== null)) return { columns: byStates, table: null };
  }
  if (cells > SCALED_ABOVE && mostPieces > SEARCH_MAX_PIECES) {
    const coarse = priceOnGrid(items, capacities, cells / COARSE_CELLS, false);
    return coarse.columns.some((column, s) => improves(column.value, costs[s]!))
      ? coarse
      : priceOnGrid(items, capacities, cells / FINE_CELLS, true);
  }
  if (cells <= DP_FIRST_CELLS || mostPieces > SEARCH_MAX_PIECES) return byDp();
  const searched = capacities.map((capacity, s) =>
    branchAndBoundKnapsack(items, capacity, {
      nodeLimit: NODE_LIMIT,
      collectAbove: costs[s] ?? Number.POSITIVE_INFINITY,
      maxAlternatives: ALTERNATIVES,
    }),
  );
  if (searched.some((r) => !r.exact) && cells <= DP_FALLBACK_CELLS) return byDp();
  return { columns: searched, table: null };
}

const improves = (value: number, cost: number): boolean => value > cost + 1e-9 * Math.max(1, cost);
