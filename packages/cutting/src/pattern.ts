/** Cutting patterns as the solver sees them: a stock type and piece counts per item type. */
import type { Problem } from './model.ts';

export interface Pattern {
  stock: number;
  /** Item-type indices, ascending, each with a positive count. */
  items: number[];
  counts: number[];
}

/** A multiset of patterns plus pieces the solver could not place (per item type). */
export interface Solution {
  groups: { pattern: Pattern; repetitions: number }[];
  unplaced: number[];
}

export function makePattern(stock: number, countsByItem: ReadonlyMap<number, number> | readonly number[]): Pattern {
  const entries: [number, number][] = Array.isArray(countsByItem)
    ? countsByItem.map((c, i) => [i, c] as [number, number])
    : [...(countsByItem as ReadonlyMap<number, number>).entries()];
  const sorted = entries.filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
  return { stock, items: sorted.map(([i]) => i), counts: sorted.map(([, c]) => c) };
}

export function patternKey(p: Pattern): string {
  return `${p.stock}|${p.items.map((item, k) => `${item}x${p.counts[k]}`).join(',')}`;
}

export function pieceTotals(p: Pattern, problem: Problem): { pieces: number; length: number } {
  let pieces = 0;
  let length = 0;
  p.items.forEach((item, k) => {
    const c = p.counts[k] ?? 0;
    pieces += c;
    length += c * (problem.items[item]?.length ?? 0);
  });
  return { pieces, length };
}

/** Knapsack weight of the pattern; it fits iff this is at most the stock's knapsack capacity. */
export function patternWeight(p: Pattern, problem: Problem): number {
  const { pieces, length } = pieceTotals(p, problem);
  return length + pieces * problem.kerf;
}

/** Usable remainder after the last cut; a remainder thinner than the blade is consumed by it. */
export function patternOffcut(p: Pattern, problem: Problem): number {
  const stock = problem.stocks[p.stock];
  if (stock === undefined) return 0;
  return Math.max(0, stock.length - problem.endTrim - patternWeight(p, problem));
}

export function isTail(offcut: number, problem: Problem): boolean {
  return problem.wasteLength !== null && offcut > 0 && offcut >= problem.wasteLength;
}

/** Steel that ends as scrap on one bar of this pattern: trim, kerf and a too-short offcut. */
export function patternScrap(p: Pattern, problem: Problem): number {
  const stock = problem.stocks[p.stock];
  if (stock === undefined) return 0;
  const offcut = patternOffcut(p, problem);
  return stock.length - pieceTotals(p, problem).length - (isTail(offcut, problem) ? offcut : 0);
}

export function solutionCost(s: Solution, problem: Problem): number {
  return s.groups.reduce((sum, g) => sum + g.repetitions * (problem.stocks[g.pattern.stock]?.objectiveCost ?? 0), 0);
}

export function solutionScrap(s: Solution, problem: Problem): number {
  return s.groups.reduce((sum, g) => sum + g.repetitions * patternScrap(g.pattern, problem), 0);
}

export function unplacedCount(s: Solution): number {
  return s.unplaced.reduce((a, b) => a + b, 0);
}

/** Lexicographic: fewer unplaced pieces, then lower cost, then less scrap. Negative when `a` is better. */
export function compareSolutions(a: Solution, b: Solution, problem: Problem): number {
  const du = unplacedCount(a) - unplacedCount(b);
  if (du !== 0) return du;
  const dc = solutionCost(a, problem) - solutionCost(b, problem);
  if (Math.abs(dc) > 1e-9) return dc;
  return solutionScrap(a, problem) - solutionScrap(b, problem);
}

function mergeGroups(groups: Solution['groups']): Solution['groups'] {
  const byKey = new Map<string, { pattern: Pattern; repetitions: number }>();
  for (const g of groups) {
    if (g.repetitions <= 0 || g.pattern.items.length === 0) continue;
    const key = patternKey(g.pattern);
    const existing = byKey.get(key);
    if (existing) existing.repetitions += g.repetitions;
    else byKey.set(key, { pattern: g.pattern, repetitions: g.repetitions });
  }
  return [...byKey.values()];
}

/**
 * Turns a covering (patterns may hold more pieces than demanded, as LP/MIP columns do) into an exact
 * cutting: surplus pieces are dropped from single bars, which only lengthens offcuts, and bars left empty vanish.
 */
export function trimSurplus(s: Solution, problem: Problem): Solution {
  const produced = problem.items.map(() => 0);
  for (const g of s.groups)
    g.pattern.items.forEach((item, k) => (produced[item]! += g.repetitions * (g.pattern.counts[k] ?? 0)));
  const surplus = produced.map((p, i) => Math.max(0, p - ((problem.items[i]?.demand ?? 0) - (s.unplaced[i] ?? 0))));
  // Work bar by bar on a mutable list of groups; surpluses are bounded by the piece count, so this stays linear.
  const groups = s.groups.map((g) => ({ pattern: g.pattern, repetitions: g.repetitions }));
  for (let item = 0; item < surplus.length; item++) {
    let left = surplus[item] ?? 0;
    // Prefer bars with the most copies of the item so that whole bars empty out first.
    const holders = groups
      .map((g, gi) => ({ gi, per: g.pattern.counts[g.pattern.items.indexOf(item)] ?? 0 }))
      .filter((h) => h.per > 0)
      .sort((a, b) => b.per - a.per);
    for (const { gi, per } of holders) {
      const g = groups[gi]!;
      while (left > 0 && g.repetitions > 0) {
        const remove = Math.min(per, left);
        const counts = new Map<number, number>(g.pattern.items.map((it, k) => [it, g.pattern.counts[k] ?? 0]));
        counts.set(item, per - remove);
        g.repetitions -= 1;
        groups.push({ pattern: makePattern(g.pattern.stock, counts), repetitions: 1 });
        left -= remove;
      }
      if (left === 0) break;
    }
  }
  return { groups: mergeGroups(groups), unplaced: [...s.unplaced] };
}

export function normalizeSolution(s: Solution, problem: Problem): Solution {
  return trimSurplus({ groups: mergeGroups(s.groups), unplaced: s.unplaced }, problem);
}
