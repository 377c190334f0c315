/** Objective figures known before any LP: the step between attainable values, the unplaced penalty, the material bound. */
import { knapsackCapacity, pieceWeight, type Problem } from './model.ts';

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Largest step all objective values are multiples of (0 when costs are not integers). */
export function objectiveStep(costs: readonly number[]): number {
  if (!costs.every(Number.isInteger)) return 0;
  return costs.reduce(gcd, 0);
}

/** Charge per unplaced piece, above any single bar's cost so that placing a piece always pays; null if never needed. */
export function unplacedPenalty(problem: Problem): number | null {
  const fitsUnlimited = (w: number): boolean =>
    problem.stocks.some((s) => s.available === null && knapsackCapacity(s.length, problem) >= w);
  if (problem.items.every((item) => fitsUnlimited(pieceWeight(item.length, problem)))) return null;
  return Math.max(0, ...problem.stocks.map((s) => s.objectiveCost)) + 1;
}

/**
 * Every bar costs at least its price per mm of capacity times what it holds: filling the total piece length into
 * the cheapest capacity first (limited stock at most its count of bars) bounds the objective without any LP.
 */
export function materialBound(problem: Problem, penalty: number | null): number {
  if (penalty !== null || problem.items.length === 0) return 0;
  let left = problem.items.reduce((sum, item) => sum + item.demand * pieceWeight(item.length, problem), 0);
  let bound = 0;
  const byRate = problem.stocks
    .map((s) => ({ s, capacity: knapsackCapacity(s.length, problem) }))
    .filter(({ capacity }) => capacity > 0)
    .sort((a, b) => a.s.objectiveCost / a.capacity - b.s.objectiveCost / b.capacity);
  for (const { s, capacity } of byRate) {
    if (left <= 0) break;
    const filled = s.available === null ? left : Math.min(left, s.available * capacity);
    bound += (filled * s.objectiveCost) / capacity;
    left -= filled;
  }
  return bound;
}

/** Capacities from here on are the `large` family's scale (10⁵–1.5·10⁶); every public set is below it (AI reaches 78,080). */
const LARGE_CAPACITY = 100_000;

export function largeCapacity(problem: Problem): boolean {
  return problem.stocks.some((s) => knapsackCapacity(s.length, problem) >= LARGE_CAPACITY);
}

/** More pieces of the shortest kind than this on the longest bar: pricing is by states or a grid there, not a search. */
const FEW_PIECES_PER_BAR = 8;

/** The `large` family's regime: large capacities holding many pieces a bar (not the `long` family's 2–5). */
export function largeWithManyPieces(problem: Problem): boolean {
  if (!largeCapacity(problem) || problem.items.length === 0) return false;
  const longest = Math.max(...problem.stocks.map((s) => knapsackCapacity(s.length, problem)));
  const shortest = Math.min(...problem.items.map((item) => pieceWeight(item.length, problem)));
  return Math.floor(longest / shortest) > FEW_PIECES_PER_BAR;
}
