/** The optimizer pipeline: FFD incumbent → column generation → round-down → dive → price-and-branch → scrap polish. */
import type { Highs } from 'highs';
import { runColumnGeneration, type ColumnGenerationResult } from './column-generation.ts';
import { firstFitDecreasing } from './ffd.ts';
import { acquireHighs, releaseHighs } from './highs-loader.ts';
import { wallClock, workClock } from './clock.ts';
import { boundRounder } from './attainable-costs.ts';
import { barsForObjective, exactCoverPlan, exactFillPlan, exactFillStock, packResidual } from './exact-fill-stage.ts';
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
import {
  largeCapacity,
  largeWithManyPieces,
  materialBound,
  objectiveStep,
  unplacedPenalty,
} from './objective-bounds.ts';
import { buildPlan, type BoundInfo } from './plan.ts';
import { compareSolutions, makePattern, solutionCost, unplacedCount, type Solution } from './pattern.ts';
import type { SolveHooks, SolvePhase, StopReason } from './solve-progress.ts';

/** Discrepancy search widens each round: alternatives per node and deviations per path. */
function searchBreadth(round: number): { width: number; discrepancies: number } {
  return { width: 3 + round, discrepancies: 3 * (round + 1) };
}

/** Share of the time limit after which each phase stops starting new work. */
const PHASE_END = { columnGeneration: 0.5, dive: 0.75, mip: 0.9, scrap: 0.95 } as const;
/**
 * Once the exchange columns are dropped the master must be re-solved for an LP of patterns only; when column
 * generation used all its time, that re-solve gets this share of the limit past it (else nothing is left to round,
 * and the search would end on the first plan with half its time unused). Not for one unlimited bar outside the
 * extended large-capacity run: there, a re-solve that finds no time leaves no LP, and the exact fill that then takes
 * the search's time proves more plans optimal than a dive from the LP (the `many` family: 9 of 10 against 0 of 10).
 */
const PATTERNS_ONLY_SHARE = 0.05;
/**
 * At very large capacities with hundreds of piece types, column generation that has not converged at its share goes
 * on to this share of the limit, taking it from the dive. There the round-down of the LP, not the dive, gave the
 * best plan on the unconverged `large` instances, and what was missing was the bound: Farley's bound at half the limit
 * was 6–8 bars below a master LP that was still falling (docs/benchmarks.md, the `large` family).
 */
const LARGE_COLUMN_GENERATION_END = 0.75;
/**
 * Wentges smoothing weight at those capacities with many pieces a bar (0.6 elsewhere, and on the `long` family, where
 * 0.8 needed more iterations): duals kept closer to the best-bound centre prove `large_013` and `large_018` where 0.6
 * ends a bar above (docs/benchmarks.md, the `large` family, part 4).
 */
const LARGE_SMOOTHING = 0.8;
/**
 * Exact fill (one unlimited stock kind, `exact-fill-stage.ts`): before HiGHS is loaded it gets this share of the
 * time limit, and at most this many attempts per target, to pack into the bound's bars, which proves the plan at
 * once (Falkenauer, Schwerin, Waescher: mostly the first attempt, a few ms). Column generation that runs out of its
 * time (many piece types, thousands of pieces) leaves no LP to round: the exact fill then gets the search's time.
 */
const EXACT_FILL_FIRST_SHARE = 0.03;
/**
 * The exact cover (`exact-cover-search.ts`) runs next, up to this share of the time limit, when the bound's bars
 * must be filled exactly and some pieces are longer than half a bar (the AI instances). There column generation
 * cannot help (its bound is the material bound), and a packing found proves the plan; on AI 600 the cover finds
 * 30 of 50 in 6 s against 19 in 2.5 s. Where it does not apply or proves there is none it returns at once. A cover
 * that runs past PHASE_END.columnGeneration leaves column generation no time and the exact fill the rest up to
 * PHASE_END.mip, which never packs an AI instance: the time is the cover's.
 */
const EXACT_COVER_SHARE = 0.85;
const EXACT_FILL_FIRST_ATTEMPTS = 32;
/** Scrap polish after an early stop: at least this long, or this share of the time spent so far. */
const POLISH_MIN_MS = 200;
const POLISH_SHARE = 0.25;

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

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
 * Lets timers, I/O and abort events run between phases of an in-thread solve. A timer, not setImmediate: timers
 * that fell due during the phase (say an AbortSignal.timeout) then run first.
 */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Solves in the calling thread (tests, CLI, the worker). Throws CuttingInputError on invalid input; any solver
 * failure falls back to the best plan found so far (at worst FFD's).
 *
 * Stops at the first of: the plan is proven optimal; it is within `gapTolerance` of the bound; the search has
 * stalled (`stallMs`, `stallIterations`); the time limit; `shouldStop` / `signal`. A plan stopped early by the gap
 * or a stall still gets a short scrap polish (same cost, less scrap).
 */
export async function solveCuttingStock(input: CuttingInput, hooks: SolveHooks = {}): Promise<CuttingPlan> {
  const wallStarted = Date.now();
  const problem = buildProblem(input);
  const clock = problem.workLimit === null ? wallClock : workClock();
  /** The run's limit on its clock: ms on the wall clock, checkpoints on a work clock. */
  const limit = problem.workLimit ?? problem.timeLimitMs;
  const started = clock.now();
  const cancelled = (): boolean => hooks.signal?.aborted === true || (hooks.shouldStop?.() ?? false);
  const timeAt = (share: number): number => started + limit * share;
  const penalty = unplacedPenalty(problem);
  const costs = [...problem.stocks.map((s) => s.objectiveCost), ...(penalty === null ? [] : [penalty])];
  const step = objectiveStep(costs);
  const smoothing = largeWithManyPieces(problem) ? { smoothing: LARGE_SMOOTHING } : {};

  let best = firstFitDecreasing(problem);
  let bestSource: PlanSource = problem.items.length === 0 ? 'empty' : 'ffd';
  const penalised = (s: Solution): number =>
    solutionCost(s, problem) + (penalty ?? 0) * s.unplaced.reduce((a, b) => a + b, 0);
  const roundBound = boundRounder(costs, penalised(best));
  const bound: BoundInfo = { lowerBound: roundBound(materialBound(problem, penalty)), unplacedPenalty: penalty ?? 0 };
  const proven = (): boolean => penalised(best) <= bound.lowerBound + 1e-6;
  /** Objective value at which the search is good enough: the bound plus the tolerated gap. */
  const acceptable = (): number => bound.lowerBound * (1 + problem.gapTolerance);
  const withinGap = (): boolean => proven() || (bound.lowerBound > 0 && penalised(best) <= acceptable() + 1e-6);
  let solverFailure: string | null = null;
  const plan = (): CuttingPlan => buildPlan(problem, best, bound, bestSource, Date.now() - wallStarted, solverFailure);
  let bestPlan = plan();

  // Stall detection counts from the end of column generation: before that the bound is still being built.
  let searchStarted: number | null = null;
  let lastImprovement = started;
  let idleRounds = 0;
  const stalled = (): boolean =>
    searchStarted !== null &&
    ((problem.stallMs > 0 && clock.now() - Math.max(lastImprovement, searchStarted) >= problem.stallMs) ||
      (problem.stallIterations > 0 && idleRounds >= problem.stallIterations));
  let stopReason: StopReason | null = null;
  /** Whether the search should end now; records why the first time it says so. */
  const finished = (): boolean => {
    stopReason ??= cancelled()
      ? 'cancelled'
      : proven()
        ? 'proven'
        : withinGap()
          ? 'gap'
          : stalled()
            ? 'stall'
            : clock.now() >= timeAt(1)
              ? 'time'
              : null;
    return stopReason !== null;
  };

  let iteration = 0;
  let lpValue: number | null = null;
  let phase: SolvePhase = 'start';
  const progress = (next: SolvePhase = phase): void => {
    phase = next;
    if (!hooks.onProgress) return;
    const elapsedMs = Date.now() - wallStarted;
    // The bound moves more often than the plan: the plan's figures with the current bound, as buildPlan states them.
    const objective = bestPlan.objective;
    const lowerBound = Math.max(0, bound.lowerBound - bound.unplacedPenalty * unplacedCount(best));
    hooks.onProgress({
      phase,
      iteration,
      lpValue,
      lowerBound: round6(Math.min(lowerBound, objective)),
      bestObjective: objective,
      bars: bestPlan.bars,
      cost: bestPlan.cost,
      waste: bestPlan.waste,
      unplacedPieces: unplacedCount(best),
      gap: lowerBound > 0 ? round6(Math.max(0, objective - lowerBound) / lowerBound) : null,
      provenOptimal: objective <= lowerBound + 1e-6,
      fraction: phase === 'done' ? 1 : Math.min(1, (clock.peek() - started) / limit),
      timeLimitMs: problem.timeLimitMs,
      elapsedMs,
      ...(clock.counting ? { checkpoints: clock.peek() - started } : {}),
      ...(phase === 'done' && stopReason !== null ? { stopReason } : {}),
    });
  };
  const raiseBound = (value: number): void => {
    if (value <= bound.lowerBound + 1e-9) return;
    bound.lowerBound = value;
    lastImprovement = clock.now();
    progress();
  };
  const consider = (candidate: Solution | null, source: PlanSource): void => {
    if (candidate === null || compareSolutions(candidate, best, problem) >= 0) return;
    if (penalised(candidate) < penalised(best) - 1e-9) lastImprovement = clock.now();
    best = candidate;
    bestSource = source;
    bestPlan = plan();
    hooks.onPlan?.(bestPlan);
    progress();
  };
  // The first feasible plan (FFD) and the material bound go out at once, before HiGHS is even loaded.
  hooks.onPlan?.(bestPlan);
  progress('start');

  if (problem.items.length > 0 && !finished()) {
    await yieldToEventLoop();
    if (!finished()) exactFill(timeAt(EXACT_FILL_FIRST_SHARE), EXACT_FILL_FIRST_ATTEMPTS);
    if (!finished() && exactFillStock(problem) !== null) {
      const bins = barsForObjective(problem, bound.lowerBound);
      consider(
        exactCoverPlan(problem, bins, { deadline: timeAt(EXACT_COVER_SHARE), clock, shouldStop: finished }),
        'exact-fill',
      );
    }
    if (!finished()) await improveWithColumnGeneration();
  }
  bestPlan = plan();
  stopReason ??= proven() ? 'proven' : clock.now() >= timeAt(PHASE_END.columnGeneration) ? 'time' : 'exhausted';
  progress('done');
  return bestPlan;

  /**
   * Exact fill into the bars the bound allows, then one bar more at a time up to one below the incumbent, each
   * target with half the time left; a packing at the bound proves the plan. Partial packings completed by FFD are
   * offered as plans too.
   */
  function exactFill(deadline: number, maxAttempts?: number): void {
    if (exactFillStock(problem) === null) return;
    for (
      let bins = barsForObjective(problem, bound.lowerBound);
      bins < barsForObjective(problem, penalised(best));
      bins++
    ) {
      const now = clock.now();
      if (finished() || now >= deadline) return;
      const outcome = exactFillPlan(problem, bins, {
        deadline: now + (deadline - now) / 2,
        clock,
        shouldStop: finished,
        ...(maxAttempts === undefined ? {} : { maxAttempts }),
      });
      consider(outcome.completed, 'exact-fill');
      if (outcome.packed !== null) return consider(outcome.packed, 'exact-fill');
    }
  }

  async function improveWithColumnGeneration(): Promise<void> {
    let highs: Highs | null = null;
    let master: MasterModel | null = null;
    let failed = false;
    try {
      highs = await acquireHighs();
      master = new MasterModel(highs, problem, penalty);
      initialColumns(problem, master, best);
      master.pin();
      const demand = problem.items.map((item) => item.demand);
      const generate = (deadline = timeAt(PHASE_END.columnGeneration)): ColumnGenerationResult =>
        runColumnGeneration(master!, problem, demand, {
          deadline,
          clock,
          shouldStop: finished,
          roundBound,
          manageColumns: largeCapacity(problem),
          ...smoothing,
          onIteration: (n, value, lpBound) => {
            iteration += 1;
            lpValue = value;
            bound.lowerBound = Math.max(bound.lowerBound, roundBound(lpBound));
            progress('column-generation');
          },
        });
      let cg = generate();
      const extended = !cg.converged && cg.lp.optimal && !finished() && largeCapacity(problem);
      if (extended) {
        const first = cg;
        cg = generate(timeAt(LARGE_COLUMN_GENERATION_END));
        cg = { ...cg, lpBound: Math.max(cg.lpBound, first.lpBound), iterations: first.iterations + cg.iterations };
      }
      // The bound is in; the rounding and the dive need an LP solution made of patterns only (a few iterations more).
      if (master.dropExchanges() && cg.lp.optimal && !finished()) {
        const first = cg;
        const patternsOnly = extended || exactFillStock(problem) === null ? limit * PATTERNS_ONLY_SHARE : 0;
        cg = generate(Math.max(timeAt(PHASE_END.columnGeneration), clock.now() + patternsOnly));
        cg = { ...cg, lpBound: Math.max(cg.lpBound, first.lpBound), iterations: first.iterations + cg.iterations };
      }
      iteration = cg.iterations;
      lpValue = cg.lp.optimal ? cg.lp.objective : lpValue;
      phase = 'integer';
      raiseBound(roundBound(cg.lpBound));
      searchStarted = clock.now();
      progress('integer');
      if (!cg.lp.optimal && exactFillStock(problem) !== null) {
        // Column generation ran out of its time: there is no LP to round, but the search's time is free for it.
        if (!finished()) exactFill(timeAt(PHASE_END.mip));
        return;
      }
      if (!cg.lp.optimal && !finished()) {
        // No LP yet and no exact fill for this stock (a loaded machine, a big group): generation takes the dive's time.
        cg = generate(timeAt(PHASE_END.dive));
        raiseBound(roundBound(cg.lpBound));
      }
      if (!cg.lp.optimal) return;
      if (!finished()) await search(master, cg, extended);
      await polishScrap(master);
    } catch (error) {
      // HiGHS runs native code: any failure there must not cost the caller the plan already in hand.
      failed = true;
      solverFailure = error instanceof Error ? error.message : String(error);
    } finally {
      master?.dispose();
      if (highs !== null) releaseHighs(highs, failed);
    }
  }

  /** A later round's dive: 60 % of the search's time left. */
  function divingTime(searchEnd: number): number {
    const now = clock.now();
    return now + (searchEnd - now) * 0.6;
  }

  /** Round-down, then dive and price-and-branch rounds until a stop. */
  /**
   * `extended`: column generation took the dive's share (LARGE_COLUMN_GENERATION_END), so the first dive gets a
   * later round's share of what is left rather than a deadline already past.
   */
  async function search(master: MasterModel, cg: ColumnGenerationResult, extended: boolean): Promise<void> {
    consider(roundDown(problem, master, cg.lp), 'round-down');
    await yieldToEventLoop();
    const searchEnd = timeAt(PHASE_END.mip);
    // Dive and price-and-branch alternate while time remains: each round dives wider and deeper into
    // discrepancies, and the columns it generates give the next MIP more to combine.
    for (let round = 0; !finished() && clock.now() < searchEnd; round++) {
      const columnsBefore = master.patterns.length;
      const incumbentBefore = best;
      const boundBefore = bound.lowerBound;
      dive(problem, master, cg.lp, cg.lpBound, {
        deadline: round === 0 && !extended ? timeAt(PHASE_END.dive) : divingTime(searchEnd),
        clock,
        shouldStop: finished,
        incumbentCost: () => penalised(best),
        roundBound,
        ...smoothing,
        onSolution: (solution) => consider(solution, 'dive'),
        target: acceptable(),
        packResidual: (demand, objective) => packResidual(problem, demand, objective),
        ...searchBreadth(round),
      });
      progress('integer');
      if (finished() || clock.now() >= searchEnd) break;
      consider(
        solveMip(problem, master, best, {
          deadline: searchEnd,
          clock,
          shouldStop: finished,
          target: acceptable(),
          step,
        }),
        'mip',
      );
      const improved = penalised(best) < penalised(incumbentBefore) - 1e-9 || bound.lowerBound > boundBefore;
      idleRounds = improved ? 0 : idleRounds + 1;
      progress('integer');
      await yieldToEventLoop();
      if (master.patterns.length === columnsBefore && best === incumbentBefore) break;
    }
  }

  /**
   * Second objective: least scrap at no extra cost. After a full search it gets the time up to its phase end; after
   * an early stop (gap or stall) a short budget, so that stopping early still pays off.
   */
  async function polishScrap(master: MasterModel): Promise<void> {
    if (problem.wasteLength === null || cancelled()) return;
    // A proven plan keeps the full polish (as before these stops existed); only the tolerance stops cut it short.
    const early = stopReason === 'gap' || stopReason === 'stall';
    const now = clock.now();
    const deadline = early
      ? Math.min(timeAt(PHASE_END.scrap), now + Math.max(POLISH_MIN_MS, (now - started) * POLISH_SHARE))
      : timeAt(PHASE_END.scrap);
    if (now >= deadline) return;
    await yieldToEventLoop();
    consider(minimiseScrap(problem, master, best, { deadline, clock, shouldStop: cancelled }), bestSource);
  }
}
