/**
 * From the LP to whole bars: round-down + FFD repair of the residual, a diving heuristic that fixes bars and
 * re-generates columns for what is left, and price-and-branch (HiGHS MIP over every generated column).
 */
import { runColumnGeneration } from './column-generation.ts';
import { firstFitDecreasing } from './ffd.ts';
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
  shouldStop: () => boolean;
  /** Cost of the incumbent: a dive whose bound cannot beat it is abandoned. */
  incumbentCost: () => number;
  /** Rounds an LP value up to the next attainable objective value. */
  roundBound: (lpValue: number) => number;
}

/**
 * Sequential rounding with column re-generation: fix the bars the LP is sure of (value ≥ 1, or the single
 * largest fractional column), re-solve the residual LP with fresh columns, repeat. The master's right-hand sides
 * are restored afterwards so the same columns serve the MIP.
 */
export function dive(problem: Problem, master: MasterModel, lp: MasterSolution, control: DiveControl): Solution | null {
  const fixed: Solution['groups'] = [];
  let current = lp;
  let result: Solution | null = null;
  for (;;) {
    const residual = residualOf(problem, fixed);
    if (residual.demand.every((d) => d === 0)) {
      result = normalizeSolution({ groups: fixed, unplaced: problem.items.map(() => 0) }, problem);
      break;
    }
    const fixedCost = solutionCost({ groups: fixed, unplaced: [] }, problem);
    if (fixedCost + control.roundBound(current.objective) >= control.incumbentCost() - 1e-9) break;
    if (Date.now() >= control.deadline || control.shouldStop()) {
      result = completeWithFfd(problem, fixed);
      break;
    }
    const picks = pickColumns(master.patterns, current, residual);
    if (picks.length === 0) {
      result = completeWithFfd(problem, fixed);
      break;
    }
    fixed.push(...picks);
    const next = residualOf(problem, fixed);
    master.setRightHandSides(next.demand, next.available);
    const cg = runColumnGeneration(master, problem, next.demand, { deadline: control.deadline, shouldStop: control.shouldStop });
    if (!cg.lp.optimal) {
      result = completeWithFfd(problem, fixed);
      break;
    }
    current = cg.lp;
  }
  master.setRightHandSides(
    problem.items.map((item) => item.demand),
    problem.stocks.map((s) => s.available),
  );
  return result;
}

function pickColumns(patterns: readonly Pattern[], lp: MasterSolution, residual: Residual): Solution['groups'] {
  if (lp.slackValues.some((v) => v > INTEGRALITY_TOLERANCE)) return [];
  const sure = patterns
    .map((pattern, k) => ({ pattern, repetitions: Math.floor((lp.patternValues[k] ?? 0) + INTEGRALITY_TOLERANCE) }))
    .filter((g) => g.repetitions > 0);
  if (sure.length > 0) return sure;
  let best = -1;
  patterns.forEach((p, k) => {
    const fits = residual.available[p.stock] === null || (residual.available[p.stock] ?? 0) >= 1;
    if (fits && (lp.patternValues[k] ?? 0) > INTEGRALITY_TOLERANCE && (best < 0 || lp.patternValues[k]! > lp.patternValues[best]!)) best = k;
  });
  return best < 0 ? [] : [{ pattern: patterns[best]!, repetitions: 1 }];
}

export interface MipControl {
  deadline: number;
  shouldStop: () => boolean;
  /** Objective value that cannot be beaten (the rounded LP bound): stop as soon as it is reached. */
  target: number;
  /** Objective granularity when every cost is a multiple of it (lets HiGHS stop within one step), else 0. */
  step: number;
}

/** Price-and-branch: the integer programme over every column generated so far, warm-started with `start`. */
export function solveMip(problem: Problem, master: MasterModel, start: Solution, control: MipControl): Solution | null {
  master.setOptions({ mip_rel_gap: 0, mip_abs_gap: control.step > 0 ? control.step * (1 - 1e-6) : 1e-6 });
  return runIntegerMaster(problem, master, start, control.deadline, (primal) => control.shouldStop() || primal <= control.target + 1e-6);
}

/**
 * Second objective once cost is settled: among plans no dearer than `best` (and leaving no more pieces unplaced),
 * the one with least scrap. Tails count as material kept, so they are neither charged nor rewarded.
 */
export function minimiseScrap(problem: Problem, master: MasterModel, best: Solution, control: Omit<MipControl, 'target' | 'step'>): Solution | null {
  for (const g of best.groups) master.add(g.pattern);
  master.addCostCap(solutionCost(best, problem) + 1e-6);
  master.capUnplaced(best.unplaced);
  master.patterns.forEach((p, k) => master.setCost(master.column(k), patternScrap(p, problem)));
  master.setOptions({ mip_rel_gap: 1e-4, mip_abs_gap: 1e-6 });
  return runIntegerMaster(problem, master, best, control.deadline, control.shouldStop);
}

function runIntegerMaster(
  problem: Problem,
  master: MasterModel,
  start: Solution,
  deadline: number,
  interrupt: (primalBound: number) => boolean,
): Solution | null {
  for (const g of start.groups) master.add(g.pattern);
  const startValues = master.patterns.map(() => 0);
  for (const g of start.groups) startValues[master.indexOf(g.pattern)]! += g.repetitions;
  master.setIntegral(true);
  try {
    master.setTimeLimit((deadline - Date.now()) / 1000);
    master.setStart(startValues, start.unplaced);
    return integerSolution(problem, master, master.solve(interrupt));
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
