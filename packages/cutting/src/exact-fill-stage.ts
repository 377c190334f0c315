/**
 * The exact-fill heuristic (`exact-fill-packing.ts`) as a stage of the solve: it applies to one unlimited stock
 * kind (the bar counts of a plan are then its objective up to the price), and turns bars of piece types into a
 * Solution. An attempt that leaves pieces over is completed by FFD, so that even a failed search can hand back a
 * plan (the caller keeps it only if it is better than the incumbent).
 */
import type { SolverClock } from './clock.ts';
import { binCompletionPacking } from './bin-completion.ts';
import { exactCoverPacking } from './exact-cover-search.ts';
import { exactFillPacking, type ExactFillProblem } from './exact-fill-packing.ts';
import { completeWithFfd } from './integer-solution.ts';
import { knapsackCapacity, pieceWeight, type Problem } from './model.ts';
import { makePattern, normalizeSolution, type Solution } from './pattern.ts';

export interface ExactFillOutcome {
  /** Every piece in at most the requested number of bars; null when not found in time. */
  packed: Solution | null;
  /** The best partial attempt completed by FFD (more bars than requested), when no packing was found. */
  completed: Solution | null;
  attempts: number;
}

/**
 * A bar's subset sum costs a bitset pass over its room per piece tried. Above this capacity (the `long` family:
 * 100,000–1,000,000 with 2–5 pieces a bar) that made the stage slower than the branch-and-bound pricing and the dive
 * it delays, and it proved no more plans (measured), so it is left out there.
 */
const MAX_CAPACITY = 1 << 17;

/** The stock kind the stage packs into, or null: several kinds, limited stock, or a capacity above MAX_CAPACITY. */
export function exactFillStock(problem: Problem): number | null {
  const stock = problem.stocks[0];
  if (problem.stocks.length !== 1 || stock === undefined || stock.available !== null || problem.items.length === 0)
    return null;
  return knapsackCapacity(stock.length, problem) <= MAX_CAPACITY ? 0 : null;
}

/** Bars a bound on the objective allows for the single stock kind: ⌈bound / price⌉. */
export function barsForObjective(problem: Problem, objective: number): number {
  const cost = problem.stocks[0]!.objectiveCost;
  return cost > 0 ? Math.ceil(objective / cost - 1e-9) : 0;
}

function toSolution(problem: Problem, stock: number, bars: number[][]): Solution['groups'] {
  return bars.map((bar) => {
    const counts = new Map<number, number>();
    for (const item of bar) counts.set(item, (counts.get(item) ?? 0) + 1);
    return { pattern: makePattern(stock, counts), repetitions: 1 };
  });
}

function packingProblem(problem: Problem, stock: number, bins: number): ExactFillProblem {
  return {
    weights: problem.items.map((item) => pieceWeight(item.length, problem)),
    demand: problem.items.map((item) => item.demand),
    capacity: knapsackCapacity(problem.stocks[stock]!.length, problem),
    bins,
  };
}

function packedSolution(problem: Problem, stock: number, bars: number[][]): Solution {
  return normalizeSolution({ groups: toSolution(problem, stock, bars), unplaced: problem.items.map(() => 0) }, problem);
}

export function exactFillPlan(
  problem: Problem,
  bins: number,
  control: { deadline: number; clock?: SolverClock; shouldStop?: () => boolean; seed?: number },
): ExactFillOutcome {
  const stock = exactFillStock(problem);
  if (stock === null || bins <= 0) return { packed: null, completed: null, attempts: 0 };
  const result = exactFillPacking(packingProblem(problem, stock, bins), control);
  if (result.bars !== null) {
    return { packed: packedSolution(problem, stock, result.bars), completed: null, attempts: result.attempts };
  }
  const completed =
    result.partial === null ? null : completeWithFfd(problem, toSolution(problem, stock, result.partial.bars));
  return { packed: null, completed, attempts: result.attempts };
}

/**
 * The exact cover (`exact-cover-search.ts`): every piece in exactly `bins` bars filled to the last millimetre, or
 * null (it does not apply, or found none in time).
 */
export function exactCoverPlan(
  problem: Problem,
  bins: number,
  control: { deadline: number; clock?: SolverClock; shouldStop?: () => boolean },
): Solution | null {
  const stock = exactFillStock(problem);
  if (stock === null) return null;
  const bars = exactCoverPacking(packingProblem(problem, stock, bins), control);
  return bars === null ? null : packedSolution(problem, stock, bars);
}

/**
 * A dive's residual (`bin-completion.ts`) up to this many pieces: on Hard28 the dive reaches 40–60 pieces left in
 * 13–20 bars, where column generation still sees room and bin completion proves there is none in a few ms.
 */
const RESIDUAL_MAX_PIECES = 45;
/** Bin completion nodes per residual: 50,000 take 5–20 ms; more rarely settled a residual (Hard28, measured). */
const RESIDUAL_NODE_LIMIT = 50_000;

/** Bars completing a dive, or a lower bound on what its residual costs. */
export type ResidualPacking = { groups: Solution['groups'] } | { groups: null; lowerBound: number };

/**
 * Packs a dive's residual `demand` into the bars its LP bound `objective` allows, by bin completion; null when the
 * stage does not apply (see exactFillStock) or the residual is larger than RESIDUAL_MAX_PIECES. When bin completion
 * proves there is no such packing, the residual costs at least one bar more.
 */
export function packResidual(problem: Problem, demand: readonly number[], objective: number): ResidualPacking | null {
  const stock = exactFillStock(problem);
  if (stock === null || demand.reduce((sum, d) => sum + d, 0) > RESIDUAL_MAX_PIECES) return null;
  const bins = barsForObjective(problem, objective);
  const result = binCompletionPacking({ ...packingProblem(problem, stock, bins), demand }, RESIDUAL_NODE_LIMIT);
  if (result.bars !== null) return { groups: toSolution(problem, stock, result.bars) };
  const cost = problem.stocks[stock]!.objectiveCost;
  return { groups: null, lowerBound: result.exhausted ? (bins + 1) * cost : objective };
}
