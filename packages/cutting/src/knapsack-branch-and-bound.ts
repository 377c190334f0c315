/**
 * Bounded knapsack by depth-first branch and bound (Horowitz–Sahni / Martello–Toth MT1 generalised to bounded
 * counts): items by decreasing value per unit of weight, each node takes as many copies of the next item as fit and
 * backtracks one copy at a time, pruned by the Dantzig bound (the LP relaxation, found by binary search in prefix
 * sums). Its work grows with the pieces a bar holds, not with the capacity, which is what pricing needs when bars
 * are measured in tenths of a millimetre or are tens of metres long with few pieces each.
 */
import type { PricingItem } from './knapsack-dp.ts';

export interface BranchAndBoundResult {
  value: number;
  counts: Map<number, number>;
  /** Upper bound on the optimum: `value` when the search finished, the root LP bound when it hit its node limit. */
  upperBound: number;
  exact: boolean;
  /** Other solutions found on the way worth more than `collectAbove`, best first (the search's own incumbents). */
  alternatives: Map<number, number>[];
}

export interface BranchAndBoundOptions {
  nodeLimit: number;
  /** Solutions worth more than this are kept as alternatives (e.g. the bar's cost: columns that price out). */
  collectAbove?: number;
  maxAlternatives?: number;
}

/** Relative slack below which a bound is not considered better than the incumbent (values are float duals). */
const EPSILON = 1e-12;

export function branchAndBoundKnapsack(
  items: readonly PricingItem[],
  capacity: number,
  options: BranchAndBoundOptions,
): BranchAndBoundResult {
  const order = items
    .map((it, index) => ({
      index,
      weight: it.weight,
      value: it.value,
      bound: Math.min(it.bound, Math.floor(capacity / it.weight)),
    }))
    .filter((it) => it.value > EPSILON && it.bound > 0)
    .sort((a, b) => b.value * a.weight - a.value * b.weight || b.weight - a.weight);
  const n = order.length;
  const weight = Float64Array.from(order, (it) => it.weight);
  const value = Float64Array.from(order, (it) => it.value);
  const copies = Float64Array.from(order, (it) => it.bound);
  // prefixWeight[k]: weight of every copy of items 0..k-1; the Dantzig bound is a binary search in it.
  const prefixWeight = new Float64Array(n + 1);
  const prefixValue = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) {
    prefixWeight[k + 1] = prefixWeight[k]! + copies[k]! * weight[k]!;
    prefixValue[k + 1] = prefixValue[k]! + copies[k]! * value[k]!;
  }
  const suffixMinWeight = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  for (let k = n - 1; k >= 0; k--) suffixMinWeight[k] = Math.min(suffixMinWeight[k + 1]!, weight[k]!);

  const dantzig = (k: number, room: number): number => {
    const target = prefixWeight[k]! + room;
    let lo = k;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (prefixWeight[mid]! <= target) lo = mid;
      else hi = mid - 1;
    }
    const whole = prefixValue[lo]! - prefixValue[k]!;
    return lo < n ? whole + ((target - prefixWeight[lo]!) * value[lo]!) / weight[lo]! : whole;
  };

  const collectAbove = options.collectAbove ?? Number.POSITIVE_INFINITY;
  const maxAlternatives = options.maxAlternatives ?? 0;
  const taken = new Int32Array(n);
  const path: number[] = [];
  let best = 0;
  let bestCounts = new Map<number, number>();
  const found: { value: number; counts: Map<number, number> }[] = [];
  let nodes = 0;
  let aborted = false;
  const snapshot = (): Map<number, number> => new Map(path.map((k) => [order[k]!.index, taken[k]!]));

  const visit = (from: number, room: number, current: number): void => {
    let k = from;
    // Items too long for what is left are skipped in one step rather than one "take none" node each.
    while (k < n && weight[k]! > room) k++;
    if (++nodes > options.nodeLimit) {
      aborted = true;
      return;
    }
    const maximal = k === n || room < suffixMinWeight[k]!;
    if (current > best * (1 + EPSILON)) {
      best = current;
      bestCounts = snapshot();
      if (current > collectAbove && maxAlternatives > 0) found.push({ value: current, counts: bestCounts });
    } else if (maximal && current > collectAbove && found.length < 4 * maxAlternatives) {
      found.push({ value: current, counts: snapshot() });
    }
    if (maximal) return;
    const fit = Math.min(copies[k]!, Math.floor(room / weight[k]!));
    for (let c = fit; c >= 0; c--) {
      const left = room - c * weight[k]!;
      const gained = current + c * value[k]!;
      // Fewer copies of the densest remaining item never raise the bound, so the first pruned count ends the loop.
      if (gained + dantzig(k + 1, left) <= best * (1 + EPSILON)) break;
      taken[k] = c;
      if (c > 0) path.push(k);
      visit(k + 1, left, gained);
      if (c > 0) path.pop();
      if (aborted) break;
    }
    taken[k] = 0;
  };
  const rootBound = dantzig(0, capacity);
  visit(0, capacity, 0);
  const alternatives = found
    .filter((f) => f.counts !== bestCounts)
    .sort((a, b) => b.value - a.value)
    .slice(0, maxAlternatives)
    .map((f) => f.counts);
  return {
    value: best,
    counts: bestCounts,
    upperBound: aborted ? Math.max(best, rootBound) : best,
    exact: !aborted,
    alternatives,
  };
}
