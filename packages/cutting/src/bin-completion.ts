/**
 * Bin completion (Korf, "An improved algorithm for optimal bin packing", IJCAI 2003) for small problems: can these
 * pieces go into this many bars? Bar after bar, the longest piece left opens a bar and the search branches over the
 * ways to fill the rest of it, types taken longest first. A filling must leave a room no piece left fits in (a
 * fuller one would dominate it) and waste no more than the slack the bars have in all: with the slack of a dive's
 * residual at the LP bound (a few mm a bar) that leaves few fillings per bar.
 */

export interface BinCompletionProblem {
  /** Per piece type, longest first or in any order. */
  weights: readonly number[];
  demand: readonly number[];
  capacity: number;
  bins: number;
}

/** Bars of type indices; `exhausted` when the search proved there is no packing into `bins` bars. */
export type BinCompletionResult = { bars: number[][] } | { bars: null; exhausted: boolean };

export function binCompletionPacking(problem: BinCompletionProblem, nodeLimit: number): BinCompletionResult {
  const { capacity } = problem;
  const order = problem.weights
    .map((_, t) => t)
    .filter((t) => (problem.demand[t] ?? 0) > 0)
    .sort((a, b) => problem.weights[b]! - problem.weights[a]!);
  const weight = order.map((t) => problem.weights[t]!);
  const left = order.map((t) => problem.demand[t]!);
  const total = weight.reduce((sum, w, k) => sum + w * left[k]!, 0);
  const slack = problem.bins * capacity - total;
  if (slack < 0 || weight.some((w) => w > capacity)) return { bars: null, exhausted: true };
  const bars: number[][] = [];
  const bar: number[] = [];
  let nodes = 0;

  /** Longest type with pieces left at or after index `from`, or −1. */
  const nextType = (from: number): number => {
    for (let k = from; k < weight.length; k++) if (left[k]! > 0) return k;
    return -1;
  };
  const shortestLeft = (): number => {
    for (let k = weight.length - 1; k >= 0; k--) if (left[k]! > 0) return weight[k]!;
    return Number.POSITIVE_INFINITY;
  };

  const packRest = (binsLeft: number, slackLeft: number): boolean | null => {
    const first = nextType(0);
    if (first < 0) return true;
    if (binsLeft === 0) return false;
    left[first]!--;
    bar.push(first);
    const found = fill(first, capacity - weight[first]!, binsLeft, slackLeft);
    bar.pop();
    left[first]!++;
    return found;
  };

  /** Extends the open bar with types from index `from` on; true when the whole packing was found. */
  const fill = (from: number, room: number, binsLeft: number, slackLeft: number): boolean | null => {
    if (++nodes > nodeLimit) return null;
    let sawUnknown = false;
    for (let k = nextType(from); k >= 0; k = nextType(k + 1)) {
      if (weight[k]! > room) continue;
      left[k]!--;
      bar.push(k);
      const found = fill(k, room - weight[k]!, binsLeft, slackLeft);
      bar.pop();
      left[k]!++;
      if (found === true) return true;
      if (found === null) sawUnknown = true;
      // Same weight as the type just tried: the same fillings, already explored.
      while (k + 1 < weight.length && weight[k + 1] === weight[k]) k++;
    }
    if (room <= slackLeft && shortestLeft() > room) {
      const closed = bar.splice(0);
      bars.push(closed);
      const found = packRest(binsLeft - 1, slackLeft - room);
      if (found === true) return true;
      bars.pop();
      bar.push(...closed);
      if (found === null) sawUnknown = true;
    }
    return sawUnknown ? null : false;
  };

  const found = packRest(problem.bins, slack);
  if (found === true) return { bars: bars.map((b) => b.map((k) => order[k]!)) };
  return { bars: null, exhausted: found === false };
}
