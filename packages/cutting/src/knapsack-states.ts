/**
 * Bounded knapsack by a dynamic programme over undominated states (Nemhauser–Ullmann lists, as in Pisinger's
 * MINKNAP) with bound pruning, for pricing when the capacity-indexed DP is too big (capacities of 10⁵–10⁶ with pieces
 * down to 1 % of a bar, the bench's `large` family). Its work follows the states that can still beat the best pattern
 * known, not the capacity:
 * - copies (binary splitting of each item's bound) are added in order of decreasing value per unit of weight, so the
 *   Dantzig bound of a state (its value plus the next copies fractionally filling its room) falls quickly;
 * - a state is kept only when no lighter state is worth as much (dominance) and its bound beats the best value known
 *   — or `floor`, the stock's cost, below which no pattern is wanted: near the end of column generation almost every
 *   state is cut, and an empty list proves that no pattern is worth more than the cost.
 * The answer is exact (value, and an upper bound equal to it, or to the floor when nothing beats it) unless the
 * states exceed `maxStates`, when the search gives up (null) and the caller prices another way.
 */
import type { PricingItem } from './knapsack-dp.ts';

export interface StatesResult {
  value: number;
  counts: Map<number, number>;
  /** Upper bound on the best value: `value`, or (just above) `floor` when no pattern is worth more than it. */
  upperBound: number;
  /** Further patterns worth more than `floor` met on the way (each the best at its moment), best first. */
  alternatives: Map<number, number>[];
  /** Most states held at once (for the bench and the tests). */
  peakStates: number;
}

export interface StatesOptions {
  /** No pattern worth at most this is wanted (the stock's cost in pricing). */
  floor: number;
  /** Give up (null) when the states after a copy exceed this. */
  maxStates: number;
  maxAlternatives?: number;
}

/** Relative tolerance for float values (duals): a state must beat the best by more than this to be kept. */
const EPSILON = 1e-11;

interface Copy {
  item: number;
  multiplicity: number;
  weight: number;
  value: number;
}

export function statesKnapsack(
  items: readonly PricingItem[],
  capacity: number,
  options: StatesOptions,
): StatesResult | null {
  const copies: Copy[] = [];
  const order = items
    .map((it, item) => ({ item, ...it, bound: Math.min(it.bound, Math.floor(capacity / it.weight)) }))
    .filter((it) => it.value > 1e-12 && it.bound > 0 && it.weight <= capacity)
    .sort((a, b) => b.value / b.weight - a.value / a.weight || a.weight - b.weight);
  for (const it of order) {
    let left = it.bound;
    for (let m = 1; left > 0; m *= 2) {
      const multiplicity = Math.min(m, left);
      copies.push({ item: it.item, multiplicity, weight: it.weight * multiplicity, value: it.value * multiplicity });
      left -= multiplicity;
    }
  }
  const n = copies.length;
  // Suffix sums from copy k on, for the Dantzig bound of the copies not yet decided.
  const restWeight = new Float64Array(n + 1);
  const restValue = new Float64Array(n + 1);
  for (let k = n - 1; k >= 0; k--) {
    restWeight[k] = restWeight[k + 1]! + copies[k]!.weight;
    restValue[k] = restValue[k + 1]! + copies[k]!.value;
  }
  /**
   * Most the copies k… can add in `room` (fractional). Within one merge pass the rooms asked for only shrink, so the
   * last copy that fits whole is searched for from the previous answer (`hint`) by doubling steps, mostly a few steps
   * down, rather than by a binary search over all copies: pricing on the `large` family spent most of its time here.
   */
  let hint = n;
  const dantzig = (k: number, room: number): number => {
    if (k >= n || room <= 0) return 0;
    // Copies k…j−1 fit whole when restWeight[k] − restWeight[j] ≤ room; find the largest such j.
    const limit = restWeight[k]! - room;
    let hi = hint < k ? k : hint;
    let lo: number;
    if (restWeight[hi]! >= limit) {
      // hi fits; gallop upwards (the room may have grown after a reset).
      lo = hi;
      let step = 1;
      hi = n;
      while (lo + step <= n && restWeight[lo + step]! >= limit) {
        lo += step;
        step *= 2;
      }
      hi = Math.min(n, lo + step - 1);
    } else {
      let step = 1;
      lo = hi - 1;
      while (lo > k && restWeight[lo]! < limit) {
        hi = lo - 1;
        lo -= step;
        step *= 2;
      }
      if (lo < k) lo = k;
    }
    // Invariant: restWeight[lo] ≥ limit (lo fits), answer in [lo, hi].
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (restWeight[mid]! >= limit) lo = mid;
      else hi = mid - 1;
    }
    hint = lo;
    const whole = restValue[k]! - restValue[lo]!;
    if (lo >= n) return whole;
    const used = restWeight[k]! - restWeight[lo]!;
    const next = copies[lo]!;
    return whole + ((room - used) * next.value) / next.weight;
  };

  // States sorted by weight with strictly increasing values; each names a node of the arena (its copies taken).
  let weights = new Float64Array(1024);
  let values = new Float64Array(1024);
  let nodes = new Int32Array(1024);
  let size = 1;
  let nextWeights = new Float64Array(1024);
  let nextValues = new Float64Array(1024);
  let nextNodes = new Int32Array(1024);
  // The arena: node i took copy nodeCopy[i] on top of node nodeParent[i] (−1: the empty pattern).
  let nodeParent = new Int32Array(4096);
  let nodeCopy = new Int32Array(4096);
  let nodeCount = 0;
  nodes[0] = -1;
  /** Each better pattern met on the way (worth more than the floor): the alternatives, as in branch and bound. */
  const incumbents: number[] = [];
  const beats = (value: number, than: number): boolean => value > than + EPSILON * Math.max(1, Math.abs(than));
  let best = 0;
  let bestNode = -1;
  let peakStates = 1;

  for (let k = 0; k < n; k++) {
    const copy = copies[k]!;
    const need = size * 2;
    if (nextWeights.length < need) {
      nextWeights = new Float64Array(need * 2);
      nextValues = new Float64Array(need * 2);
      nextNodes = new Int32Array(need * 2);
    }
    const threshold = Math.max(best, options.floor);
    const nextRatio = k + 1 < n ? copies[k + 1]!.value / copies[k + 1]!.weight : 0;
    let out = 0;
    let i = 0;
    let j = 0;
    let lastValue = -1;
    // Merge the states without copy k (i) and with it (j), both by weight; keep the undominated ones that can win.
    while (i < size || j < size) {
      const takeWeight = j < size ? weights[j]! + copy.weight : Number.POSITIVE_INFINITY;
      if (takeWeight > capacity && i >= size) break;
      let w: number;
      let v: number;
      let node: number;
      if (i < size && (weights[i]! <= takeWeight || takeWeight > capacity)) {
        w = weights[i]!;
        v = values[i]!;
        node = nodes[i]!;
        i++;
      } else {
        w = takeWeight;
        v = values[j]! + copy.value;
        node = -2 - j; // a new node, made only if the state is kept
        j++;
      }
      if (!beats(v, lastValue)) continue;
      // The next copy's value per weight over the whole room bounds the Dantzig bound: a cheap first test.
      if (!beats(v + (capacity - w) * nextRatio, threshold) || !beats(v + dantzig(k + 1, capacity - w), threshold)) {
        // Cut: it cannot beat the best; it still dominates heavier states of less value.
        lastValue = v;
        continue;
      }
      if (node <= -2) {
        if (nodeCount === nodeParent.length) {
          nodeParent = grow(nodeParent);
          nodeCopy = grow(nodeCopy);
        }
        nodeParent[nodeCount] = nodes[-2 - node]!;
        nodeCopy[nodeCount] = k;
        node = nodeCount++;
      }
      nextWeights[out] = w;
      nextValues[out] = v;
      nextNodes[out] = node;
      out++;
      lastValue = v;
      if (v > best) {
        best = v;
        bestNode = node;
        if (beats(v, options.floor)) incumbents.push(node);
      }
    }
    [weights, nextWeights] = [nextWeights, weights];
    [values, nextValues] = [nextValues, values];
    [nodes, nextNodes] = [nextNodes, nodes];
    size = out;
    peakStates = Math.max(peakStates, size);
    if (size > options.maxStates) return null;
  }

  const countsOf = (node: number): Map<number, number> => {
    const counts = new Map<number, number>();
    for (let x = node; x >= 0; x = nodeParent[x]!) {
      const copy = copies[nodeCopy[x]!]!;
      counts.set(copy.item, (counts.get(copy.item) ?? 0) + copy.multiplicity);
    }
    return counts;
  };
  const alternatives = incumbents
    .slice(0, -1)
    .reverse()
    .slice(0, options.maxAlternatives ?? 0)
    .map(countsOf);
  return {
    value: best,
    counts: countsOf(bestNode),
    // A state was cut when its bound did not beat the floor by EPSILON: the floor plus that is what is proved.
    upperBound: Math.max(best, options.floor + EPSILON * Math.max(1, Math.abs(options.floor))),
    alternatives,
    peakStates,
  };
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
