/**
 * From the LP to whole bars: round-down + FFD repair of the residual, a diving heuristic that fixes bars and
 * re-generates columns for what is left, and price-and-branch (HiGHS MIP over every generated column).
 */
import { wallClock, type SolverClock } from './clock.ts';
import { runColumnGeneration } from './column-generation.ts';
import { firstFitDecreasing } from './ffd.ts';
import type { ResidualPacking } from './exact-fill-stage.ts';
import type { MasterModel, MasterSolution } from './master-model.ts';
import type { Problem } from './model.ts';
import { normalizeSolution, patternScrap, solutionCost, type Pattern, type Solution } from './pattern.ts';

const INTEGRALITY_TOLERANCE = 1e-6;

export interface Residual {
  demand: number[];
  available: (number | null)[];
}

export function residualOf(problem: Problem, groups: Solution['groups']): Residual {
  const demand = problem.items.map((item) => item.demand);
  const available = problem.stocks.map((s) => s.available);
  for (const { pattern, repetitions } of groups) {
    pattern.items.forEach((item, k) => (demand[item] = Math.max(0, demand[item]! - repetitions * pattern.counts[k]!)));
    const a = available[pattern.stock];
    if (a !== null && a !== undefined) available[pattern.stock] = a - repetitions;
  }
  return { demand, available };
}

function residualProblem(problem: Problem, residual: Residual): Problem {
  return {
    ...problem,
    items: problem.items.map((item, i) => ({ ...item, demand: residual.demand[i]! })),
    stocks: problem.stocks.map((s, i) => ({ ...s, available: residual.available[i]! })),
  };
}

/** Completes fixed bars with FFD on whatever demand and stock they leave. */
export function completeWithFfd(problem: Problem, fixed: Solution['groups']): Solution {
  const rest = firstFitDecreasing(residualProblem(problem, residualOf(problem, fixed)));
  return normalizeSolution({ groups: [...fixed, ...rest.groups], unplaced: rest.unplaced }, problem);
}

export function roundDown(problem: Problem, master: MasterModel, lp: MasterSolution): Solution {
  const fixed = master.patterns
    .map((pattern, k) => ({ pattern, repetitions: Math.floor((lp.patternValues[k] ?? 0) + INTEGRALITY_TOLERANCE) }))
    .filter((g) => g.repetitions > 0);
  return completeWithFfd(problem, fixed);
}

export interface DiveControl {
  deadline: number;
  /** What `deadline` is measured on (default: the wall clock). */
  clock?: SolverClock;
  shouldStop: () => boolean;
  /** Penalised cost of the incumbent: a node whose bound cannot beat it is pruned. */
  incumbentCost: () => number;
  /** Rounds an LP value up to the next attainable objective value. */
  roundBound: (lpValue: number) => number;
  /** Wentges smoothing weight for the column generation at each node (`ColumnGenerationControl.smoothing`). */
  smoothing?: number;
  /** Receives every complete solution the dive reaches (the caller keeps the best). */
  onSolution: (solution: Solution) => void;
  /** The proven lower bound: reaching it ends the search. */
  target: number;
  /** Alternatives tried per node. */
  width: number;
  /** How many times one path may deviate from the LP's first choice. */
  discrepancies: number;
  /**
   * Packs a residual into what its rounded LP bound allows, or proves it costs more (see packResidual in
   * exact-fill-stage.ts); null where it does not apply.
   */
  packResidual?: (demand: readonly number[], objective: number) => ResidualPacking | null;
}

interface Move {
  groups: Solution['groups'];
  /** The single column a move fixes, recorded as tabu for its siblings' subtrees. */
  column: number;
}

/**
 * Diving with limited discrepancy search (Sadykov, Vanderbeck, Pessoa, Tahiri, Uchoa, "Primal heuristics for
 * branch and price: the assets of diving methods", INFORMS J. Computing 2019): fix the bars the LP is sure of, or
 * one copy of the column with the largest value, re-generate columns for the residual, recurse. On a dead end the
 * search backtracks and tries the next column, within a budget of discrepancies per path; columns already tried
 * at a node are tabu in the subtrees of their siblings. The master's right-hand sides are restored afterwards so
 * that the same columns serve the MIP.
 */
export function dive(
  problem: Problem,
  master: MasterModel,
  lp: MasterSolution,
  lpBound: number,
  control: DiveControl,
): void {
  const clock = control.clock ?? wallClock;
  const out = (): boolean => clock.now() >= control.deadline || control.shouldStop();
  const reached = (): boolean => control.incumbentCost() <= control.target + 1e-9;

  const visit = (
    fixed: Solution['groups'],
    current: MasterSolution,
    /** Valid lower bound on the residual LP; the LP value itself is not one while generation is unfinished. */
    bound: number,
    tabu: ReadonlySet<number>,
    discrepancies: number,
  ): void => {
    const residual = residualOf(problem, fixed);
    if (residual.demand.every((d) => d === 0)) {
      control.onSolution(normalizeSolution({ groups: fixed, unplaced: problem.items.map(() => 0) }, problem));
      return;
    }
    const fixedCost = solutionCost({ groups: fixed, unplaced: [] }, problem);
    if (fixedCost + control.roundBound(bound) >= control.incumbentCost() - 1e-9) return;
    // Near the leaves column generation keeps finding fractional room that whole bars do not have.
    const packed = control.packResidual?.(residual.demand, control.roundBound(bound)) ?? null;
    if (packed?.groups) {
      const groups = [...fixed, ...packed.groups];
      control.onSolution(normalizeSolution({ groups, unplaced: problem.items.map(() => 0) }, problem));
      return;
    }
    if (packed !== null && fixedCost + packed.lowerBound >= control.incumbentCost() - 1e-9) return;
    const moves = out() ? [] : candidateMoves(master.patterns, current, residual, tabu);
    if (moves.length === 0) {
      control.onSolution(completeWithFfd(problem, fixed));
      return;
    }
    const tried = new Set(tabu);
    for (const [k, move] of moves.slice(0, Math.min(control.width, discrepancies + 1)).entries()) {
      if (k > 0 && (out() || reached())) return;
      const next = [...fixed, ...move.groups];
      const nextResidual = residualOf(problem, next);
      master.setRightHandSides(nextResidual.demand, nextResidual.available);
      const cg = runColumnGeneration(master, problem, nextResidual.demand, {
        deadline: control.deadline,
        clock,
        shouldStop: control.shouldStop,
        roundBound: control.roundBound,
        ...(control.smoothing === undefined ? {} : { smoothing: control.smoothing }),
      });
      if (cg.lp.optimal) visit(next, cg.lp, cg.lpBound, tried, discrepancies - k);
      else control.onSolution(completeWithFfd(problem, next));
      if (reached()) return;
      if (move.column >= 0) tried.add(move.column);
    }
  };

  try {
    visit([], lp, lpBound, new Set(), control.discrepancies);
  } finally {
    master.setRightHandSides(
      problem.items.map((item) => item.demand),
      problem.stocks.map((s) => s.available),
    );
  }
}

/**
 * First the bulk move (every column at ≥ 1 rounded down: those bars are almost surely right), then single copies
 * of the columns by decreasing LP value, skipping tabu columns and exhausted stock.
 */
function candidateMoves(
  patterns: readonly Pattern[],
  lp: MasterSolution,
  residual: Residual,
  tabu: ReadonlySet<number>,
): Move[] {
  if (lp.slackValues.some((v) => v > INTEGRALITY_TOLERANCE)) return [];
  const moves: Move[] = [];
  const sure = patterns
    .map((pattern, k) => ({ pattern, repetitions: Math.floor((lp.patternValues[k] ?? 0) + INTEGRALITY_TOLERANCE) }))
    .filter((g) => g.repetitions > 0);
  if (sure.length > 0) moves.push({ groups: sure, column: -1 });
  else {
    const rounded = roundUpCompatible(patterns, lp, residual, tabu);
    if (rounded.length > 1) moves.push({ groups: rounded, column: -1 });
  }
  const singles = patterns
    .map((pattern, k) => ({ pattern, k, value: lp.patternValues[k] ?? 0 }))
    .filter(({ pattern, k, value }) => {
      const stockLeft = residual.available[pattern.stock];
      return value > INTEGRALITY_TOLERANCE && !tabu.has(k) && (stockLeft === null || (stockLeft ?? 0) >= 1);
    })
    // Prefer columns whose value is nearest to rounding up to a whole bar.
    .sort((a, b) => (b.value % 1 || 1) - (a.value % 1 || 1) || b.value - a.value);
  for (const { pattern, k } of singles) moves.push({ groups: [{ pattern, repetitions: 1 }], column: k });
  return moves;
}

/** LP value from which the bulk move rounds a column up; ½ over-commits on Hard28, 0.9 rarely fires (tuned on Hard28 and Falkenauer_T). */
const ROUND_UP_THRESHOLD = 0.75;

/**
 * With a purely fractional LP (typical when bars must be filled exactly, as in triplet instances), fixing one
 * column per step costs a column-generation run per bar. This move rounds up at once every column above the threshold whose
 * pieces are all still wanted, taken by decreasing value, so the dive needs a handful of steps instead.
 */
function roundUpCompatible(
  patterns: readonly Pattern[],
  lp: MasterSolution,
  residual: Residual,
  tabu: ReadonlySet<number>,
): Solution['groups'] {
  const demand = [...residual.demand];
  const available = [...residual.available];
  const picked: Solution['groups'] = [];
  const order = patterns
    .map((pattern, k) => ({ pattern, k, value: lp.patternValues[k] ?? 0 }))
    .filter(({ k, value }) => value >= ROUND_UP_THRESHOLD && !tabu.has(k))
    .sort((a, b) => b.value - a.value);
  for (const { pattern } of order) {
    const stockLeft = available[pattern.stock];
    if (stockLeft !== null && (stockLeft ?? 0) < 1) continue;
    if (pattern.items.some((item, j) => (demand[item] ?? 0) < pattern.counts[j]!)) continue;
    pattern.items.forEach((item, j) => (demand[item]! -= pattern.counts[j]!));
    if (stockLeft !== null && stockLeft !== undefined) available[pattern.stock] = stockLeft - 1;
    picked.push({ pattern, repetitions: 1 });
  }
  return picked;
}

export interface MipControl {
  deadline: number;
  /** What `deadline` is measured on (default: the wall clock). */
  clock?: SolverClock;
  shouldStop: () => boolean;
  /** Objective value that cannot be beaten (the rounded LP bound): stop as soon as it is reached. */
  target: number;
  /** Objective granularity when every cost is a multiple of it (lets HiGHS stop within one step), else 0. */
  step: number;
}

/** Price-and-branch: the integer programme over every column generated so far, warm-started with `start`. */
export function solveMip(problem: Problem, master: MasterModel, start: Solution, control: MipControl): Solution | null {
  master.setOptions({ mip_rel_gap: 0, mip_abs_gap: control.step > 0 ? control.step * (1 - 1e-6) : 1e-6 });
  return runIntegerMaster(
    problem,
    master,
    start,
    control.deadline,
    control.clock ?? wallClock,
    (primal) => control.shouldStop() || primal <= control.target + 1e-6,
  );
}

/**
 * Second objective once cost is settled: among plans no dearer than `best` (and leaving no more pieces unplaced),
 * the one with least scrap. Tails count as material kept, so they are neither charged nor rewarded.
 */
export function minimiseScrap(
  problem: Problem,
  master: MasterModel,
  best: Solution,
  control: Omit<MipControl, 'target' | 'step'>,
): Solution | null {
  for (const g of best.groups) master.add(g.pattern);
  master.addCostCap(solutionCost(best, problem) + 1e-6);
  master.capUnplaced(best.unplaced);
  master.patterns.forEach((p, k) => master.setCost(master.column(k), patternScrap(p, problem)));
  master.setOptions({ mip_rel_gap: 1e-4, mip_abs_gap: 1e-6 });
  return runIntegerMaster(problem, master, best, control.deadline, control.clock ?? wallClock, control.shouldStop);
}

function runIntegerMaster(
  problem: Problem,
  master: MasterModel,
  start: Solution,
  deadline: number,
  clock: SolverClock,
  interrupt: (primalBound: number) => boolean,
): Solution | null {
  for (const g of start.groups) master.add(g.pattern);
  const startValues = master.patterns.map(() => 0);
  for (const g of start.groups) startValues[master.indexOf(g.pattern)]! += g.repetitions;
  master.setIntegral(true);
  try {
    master.setDeadline(deadline, clock);
    master.setStart(startValues, start.unplaced);
    // On a work clock HiGHS has no time limit: each of its callbacks is a checkpoint that may end the search.
    const stop = clock.counting ? (primal: number): boolean => clock.now() >= deadline || interrupt(primal) : interrupt;
    return integerSolution(problem, master, master.solve(stop));
  } finally {
    master.setIntegral(false);
  }
}

/** Reads an integer master solution, or null when HiGHS has none or it does not cover the demand. */
function integerSolution(problem: Problem, master: MasterModel, mip: MasterSolution): Solution | null {
  if (!Number.isFinite(mip.objective)) return null;
  const groups = master.patterns
    .map((pattern, k) => ({ pattern, repetitions: Math.round(mip.patternValues[k] ?? 0) }))
    .filter((g) => g.repetitions > 0);
  const unplaced = problem.items.map((_, i) => Math.round(mip.slackValues[i] ?? 0));
  const residual = residualOf(problem, groups);
  const covers = residual.demand.every((d, i) => d <= (unplaced[i] ?? 0));
  const withinStock = residual.available.every((a) => a === null || a >= 0);
  return covers && withinStock ? normalizeSolution({ groups, unplaced }, problem) : null;
}
