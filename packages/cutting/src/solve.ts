/** The optimizer pipeline: FFD incumbent → column generation → round-down → dive → price-and-branch → scrap polish. */
import type { Highs } from 'highs';
import { runColumnGeneration } from './column-generation.ts';
import { firstFitDecreasing } from './ffd.ts';
import { acquireHighs, releaseHighs } from './highs-loader.ts';
import { boundRounder } from './attainable-costs.ts';
import { dive, roundDown, solveMip, minimiseScrap } from './integer-solution.ts';
import { MasterModel } from './master-model.ts';
import {
  buildProblem,
  knapsackCapacity,
  pieceWeight,
  type CuttingInput,
  type CuttingPlan,
  type PlanSource,
  type Problem,
} from './model.ts';
import { buildPlan, type BoundInfo } from './plan.ts';
import { compareSolutions, makePattern, solutionCost, type Solution } from './pattern.ts';

export type SolvePhase = 'column-generation' | 'integer' | 'done';

export interface SolveProgress {
  phase: SolvePhase;
  /** Column-generation iterations so far. */
  iteration: number;
  lpValue: number | null;
  lowerBound: number;
  bestObjective: number;
  elapsedMs: number;
}

export interface SolveHooks {
  onProgress?: (progress: SolveProgress) => void;
  /** Called with every improved plan, so that a caller can always hand back the best plan found so far. */
  onPlan?: (plan: CuttingPlan) => void;
  /** Polled between iterations and inside the MIP; true ends the solve with the best plan found. */
  shouldStop?: () => boolean;
}

/** Discrepancy search widens each round: alternatives per node and deviations per path. */
function searchBreadth(round: number): { width: number; discrepancies: number } {
  return { width: 3 + round, discrepancies: 3 * (round + 1) };
}

/** Share of the time limit after which each phase stops starting new work. */
const PHASE_END = { columnGeneration: 0.5, dive: 0.75, mip: 0.9, scrap: 0.95 } as const;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Largest step all objective values are multiples of (0 when costs are not integers). */
function objectiveStep(costs: readonly number[]): number {
  if (!costs.every(Number.isInteger)) return 0;
  return costs.reduce(gcd, 0);
}

/** Charge per unplaced piece, above any single bar's cost so that placing a piece always pays; null if never needed. */
function unplacedPenalty(problem: Problem): number | null {
  const fitsUnlimited = (w: number): boolean =>
    problem.stocks.some((s) => s.available === null && knapsackCapacity(s.length, problem) >= w);
  if (problem.items.every((item) => fitsUnlimited(pieceWeight(item.length, problem)))) return null;
  return Math.max(0, ...problem.stocks.map((s) => s.objectiveCost)) + 1;
}

/** Every bar costs at least its price per mm of capacity times what it holds; a bound available without any LP. */
function materialBound(problem: Problem, penalty: number | null): number {
  if (penalty !== null || problem.items.length === 0) return 0;
  const rate = Math.min(...problem.stocks.map((s) => s.objectiveCost / knapsackCapacity(s.length, problem)));
  return problem.items.reduce((sum, item) => sum + item.demand * pieceWeight(item.length, problem), 0) * rate;
}

function initialColumns(problem: Problem, master: MasterModel, ffd: Solution): void {
  for (const g of ffd.groups) master.add(g.pattern);
  problem.items.forEach((item, i) => {
    problem.stocks.forEach((stock, s) => {
      const copies = Math.min(
        item.demand,
        Math.floor(knapsackCapacity(stock.length, problem) / pieceWeight(item.length, problem)),
      );
      if (copies > 0) master.add(makePattern(s, new Map([[i, copies]])));
    });
  });
}

/**
 * Solves in the calling thread (tests, CLI, the worker). Throws CuttingInputError on invalid input; any solver
 * failure falls back to the best plan found so far (at worst FFD's).
 */
export async function solveCuttingStock(input: CuttingInput, hooks: SolveHooks = {}): Promise<CuttingPlan> {
  const started = Date.now();
  const problem = buildProblem(input);
  const shouldStop = hooks.shouldStop ?? (() => false);
  const timeAt = (share: number): number => started + problem.timeLimitMs * share;
  const penalty = unplacedPenalty(problem);
  const costs = [...problem.stocks.map((s) => s.objectiveCost), ...(penalty === null ? [] : [penalty])];
  const step = objectiveStep(costs);

  let best = firstFitDecreasing(problem);
  let bestSource: PlanSource = problem.items.length === 0 ? 'empty' : 'ffd';
  const penalised = (s: Solution): number =>
    solutionCost(s, problem) + (penalty ?? 0) * s.unplaced.reduce((a, b) => a + b, 0);
  const roundBound = boundRounder(costs, penalised(best));
  const bound: BoundInfo = { lowerBound: roundBound(materialBound(problem, penalty)), unplacedPenalty: penalty ?? 0 };
  const proven = (): boolean => penalised(best) <= bound.lowerBound + 1e-6;
  let solverFailure: string | null = null;
  const plan = (): CuttingPlan => buildPlan(problem, best, bound, bestSource, Date.now() - started, solverFailure);
  let iteration = 0;
  let lpValue: number | null = null;
  const progress = (phase: SolvePhase): void =>
    hooks.onProgress?.({
      phase,
      iteration,
      lpValue,
      lowerBound: bound.lowerBound,
      bestObjective: solutionCost(best, problem),
      elapsedMs: Date.now() - started,
    });
  const consider = (candidate: Solution | null, source: PlanSource): void => {
    if (candidate === null || compareSolutions(candidate, best, problem) >= 0) return;
    best = candidate;
    bestSource = source;
    hooks.onPlan?.(plan());
  };
  hooks.onPlan?.(plan());

  if (problem.items.length > 0 && !proven() && !shouldStop()) {
    await improveWithColumnGeneration();
  }
  progress('done');
  return plan();

  async function improveWithColumnGeneration(): Promise<void> {
    let highs: Highs | null = null;
    let master: MasterModel | null = null;
    let failed = false;
    try {
      highs = await acquireHighs();
      master = new MasterModel(highs, problem, penalty);
      initialColumns(problem, master, best);
      const demand = problem.items.map((item) => item.demand);
      const cg = runColumnGeneration(master, problem, demand, {
        deadline: timeAt(PHASE_END.columnGeneration),
        shouldStop,
        roundBound,
        onIteration: (n, value, lpBound) => {
          iteration = n;
          lpValue = value;
          bound.lowerBound = Math.max(bound.lowerBound, roundBound(lpBound));
          progress('column-generation');
        },
      });
      iteration = cg.iterations;
      lpValue = cg.lp.optimal ? cg.lp.objective : lpValue;
      bound.lowerBound = Math.max(bound.lowerBound, roundBound(cg.lpBound));
      progress('integer');
      if (!cg.lp.optimal) return;
      consider(roundDown(problem, master, cg.lp), 'round-down');
      // Dive and price-and-branch alternate while time remains: each round dives wider and deeper into
      // discrepancies, and the columns it generates give the next MIP more to combine.
      const searchEnd = timeAt(PHASE_END.mip);
      for (let round = 0; !proven() && !shouldStop() && Date.now() < searchEnd; round++) {
        const columnsBefore = master.patterns.length;
        const incumbentBefore = best;
        dive(problem, master, cg.lp, cg.lpBound, {
          deadline: round === 0 ? timeAt(PHASE_END.dive) : Date.now() + (searchEnd - Date.now()) * 0.6,
          shouldStop,
          incumbentCost: () => penalised(best),
          roundBound,
          onSolution: (solution) => consider(solution, 'dive'),
          target: bound.lowerBound,
          ...searchBreadth(round),
        });
        progress('integer');
        if (proven() || shouldStop() || Date.now() >= searchEnd) break;
        consider(
          solveMip(problem, master, best, { deadline: searchEnd, shouldStop, target: bound.lowerBound, step }),
          'mip',
        );
        progress('integer');
        if (master.patterns.length === columnsBefore && best === incumbentBefore) break;
      }
      if (problem.wasteLength !== null && !shouldStop() && Date.now() < timeAt(PHASE_END.scrap)) {
        consider(minimiseScrap(problem, master, best, { deadline: timeAt(PHASE_END.scrap), shouldStop }), bestSource);
      }
    } catch (error) {
      // HiGHS runs native code: any failure there must not cost the caller the plan already in hand.
      failed = true;
      solverFailure = error instanceof Error ? error.message : String(error);
    } finally {
      master?.dispose();
      if (highs !== null) releaseHighs(highs, failed);
    }
  }
}
