/**
 * Gilmore–Gomory column generation: solve the restricted master LP with HiGHS, price new patterns with one
 * knapsack DP over all stock lengths, repeat until no pattern has negative reduced cost (the LP bound is then
 * proven) or time runs out.
 */
import { wallClock, type SolverClock } from './clock.ts';
import type { MasterModel, MasterSolution } from './master-model.ts';
import { knapsackCapacity, pieceWeight, type Problem } from './model.ts';
import { makePattern, type Pattern } from './pattern.ts';
import { priceKnapsack } from './pricing-knapsack.ts';

export interface ColumnGenerationResult {
  lp: MasterSolution;
  converged: boolean;
  /** Valid lower bound on the LP optimum (the LP value once converged). */
  lpBound: number;
  iterations: number;
}

export interface ColumnGenerationControl {
  deadline: number;
  /** What `deadline` is measured on (default: the wall clock). */
  clock?: SolverClock;
  shouldStop: () => boolean;
  onIteration?: (iteration: number, lpValue: number, lpBound: number) => void;
  /**
   * Rounds bounds up to attainable objective values. Once the rounded lower bound meets the rounded LP value,
   * further columns could not raise the integer bound, so generation stops early (avoids the tailing-off).
   */
  roundBound?: (value: number) => number;
  /**
   * Deletes columns that have stayed out of the basis with a positive reduced cost for a while, so that re-solves
   * stay cheap on masters with hundreds of rows. Columns are renumbered: only for a caller that holds no index.
   */
  manageColumns?: boolean;
  /** Wentges smoothing weight of the stability centre (default SMOOTHING). */
  smoothing?: number;
}

/** Re-solves a column may sit out of the basis, priced out, before column management deletes it. */
const IDLE_ROUNDS = 10;
/** Column management starts only past this many columns per row. */
const COLUMNS_PER_ROW = 1.5;

const REDUCED_COST_TOLERANCE = 1e-9;
/** Wentges smoothing weight of the stability centre (the duals with the best bound so far). */
const SMOOTHING = 0.6;
/** Extra pricing runs per stock length, each with one item of the best pattern excluded, when the DP is cheap. */
const ALTERNATIVE_COLUMNS = 8;
const CHEAP_DP_CELLS = 4_000_000;

interface PricingRound {
  duals: Float64Array;
  /** Lagrangian (Farley) bound from these duals; 0 when not valid for this master. */
  bound: number;
  columns: Pattern[];
  /** Whether pricing found the best pattern (not just a good one): only then does "no column" prove the LP. */
  exact: boolean;
}

/**
 * Farley's bound generalised to several stock kinds: dividing duals π by θ = max over stock kinds of best pattern
 * value / cost makes them dual feasible, so Σ dᵢπᵢ / θ bounds the full master. Valid only when every row is a
 * covering row (no stock limits, no penalty columns).
 */
function farleyValid(problem: Problem, master: MasterModel): boolean {
  return master.penalty === null && problem.stocks.every((s) => s.available === null);
}

/** `demand` is the (residual) demand the master rows currently ask for; it bounds the copies per pattern. */
export function runColumnGeneration(
  master: MasterModel,
  problem: Problem,
  demand: readonly number[],
  control: ColumnGenerationControl,
): ColumnGenerationResult {
  const clock = control.clock ?? wallClock;
  const capacities = problem.stocks.map((s) => knapsackCapacity(s.length, problem));
  const weights = problem.items.map((item) => pieceWeight(item.length, problem));
  const withBound = farleyValid(problem, master);
  const cheap =
    Math.max(...capacities) * weights.reduce((n, _, i) => n + Math.ceil(Math.log2((demand[i] ?? 0) + 1)), 0) <=
    CHEAP_DP_CELLS;

  const price = (duals: Float64Array, lp: MasterSolution): PricingRound => {
    // Availability duals are ≤ 0: a scarce stock kind costs more than its price.
    const effectiveCosts = problem.stocks.map((s, k) => s.objectiveCost - (lp.stockDuals[k] ?? 0));
    const run = (values: Float64Array) =>
      priceKnapsack(
        weights.map((weight, i) => ({ weight, value: values[i] ?? 0, bound: demand[i] ?? 0 })),
        capacities,
        effectiveCosts,
      );
    const { columns: priced, table } = run(duals);
    let ratio = 0;
    const columns: Pattern[] = [];
    let target = -1;
    let targetReducedCost = 0;
    const consider = (s: number, counts: ReadonlyMap<number, number>): void => {
      const effectiveCost = effectiveCosts[s]!;
      let lpValue = 0;
      for (const [i, c] of counts) lpValue += c * (lp.itemDuals[i] ?? 0);
      if (counts.size > 0 && effectiveCost - lpValue < -REDUCED_COST_TOLERANCE * Math.max(1, effectiveCost)) {
        columns.push(makePattern(s, counts));
        if (effectiveCost - lpValue < targetReducedCost) {
          target = s;
          targetReducedCost = effectiveCost - lpValue;
        }
      }
    };
    priced.forEach((best, s) => {
      const cost = problem.stocks[s]!.objectiveCost;
      ratio = Math.max(ratio, cost > 0 ? best.upperBound / cost : Number.POSITIVE_INFINITY);
      consider(s, best.counts);
      for (const counts of best.alternatives) consider(s, counts);
    });
    // Alternatives only for the stock kind with the most negative reduced cost: the best pattern without one of its
    // pieces, each.
    if (cheap && target >= 0) {
      const best = priced[target]!;
      const byValue = [...best.counts.keys()].sort((a, b) => (duals[b] ?? 0) - (duals[a] ?? 0));
      for (const excluded of byValue.slice(0, ALTERNATIVE_COLUMNS)) {
        const without = table?.without(excluded) ?? run(duals.map((v, i) => (i === excluded ? 0 : v))).columns;
        consider(target, without[target]!.counts);
      }
    }
    const dualValue = duals.reduce((sum, pi, i) => sum + pi * (demand[i] ?? 0), 0);
    return {
      duals,
      bound: withBound && ratio > 0 && Number.isFinite(ratio) ? dualValue / ratio : 0,
      columns,
      // Exact for this purpose also when the bound shows no pattern improves, though the best was not pinned down.
      exact: priced.every(
        (p, s) =>
          p.upperBound <= p.value ||
          p.upperBound <= effectiveCosts[s]! + REDUCED_COST_TOLERANCE * Math.max(1, effectiveCosts[s]!),
      ),
    };
  };

  const smoothing = control.smoothing ?? SMOOTHING;
  let iterations = 0;
  let lpBound = 0;
  let centre: PricingRound | null = null;
  let previous: MasterSolution | null = null;
  let idle: number[] = [];
  for (;;) {
    if (control.manageColumns && previous !== null && master.patterns.length > COLUMNS_PER_ROW * demand.length) {
      const drop: boolean[] = master.patterns.map((_, k) => (idle[k] ?? 0) >= IDLE_ROUNDS);
      if (drop.some(Boolean)) {
        master.removePatterns(drop);
        const kept = (_: number, k: number): boolean => !drop[k];
        idle = idle.filter(kept);
        previous = {
          ...previous,
          patternValues: previous.patternValues.filter(kept),
          patternReducedCosts: previous.patternReducedCosts.filter(kept),
        };
      }
    }
    master.setDeadline(control.deadline, clock);
    const lp = master.solve();
    iterations += 1;
    // A time-limited re-solve leaves the previous optimum (over fewer columns) as the best LP information.
    if (!lp.optimal) return { lp: previous ?? lp, converged: false, lpBound, iterations };
    previous = lp;
    if (control.manageColumns) {
      idle = master.patterns.map((_, k) =>
        (lp.patternValues[k] ?? 0) > 1e-9 || (lp.patternReducedCosts[k] ?? 0) < 1e-6 ? 0 : (idle[k] ?? 0) + 1,
      );
    }
    const lpDuals = Float64Array.from(lp.itemDuals, (v) => Math.max(0, v));
    let round: PricingRound =
      centre === null
        ? price(lpDuals, lp)
        : price(
            Float64Array.from(lpDuals, (v, i) => smoothing * centre!.duals[i]! + (1 - smoothing) * v),
            lp,
          );
    // Mispricing: the smoothed duals found nothing improving for the LP duals; price the LP duals themselves.
    if (round.columns.length === 0 && centre !== null) round = price(lpDuals, lp);
    if (withBound && (centre === null || round.bound > centre.bound)) centre = round;
    lpBound = Math.max(lpBound, round.bound);
    let added = 0;
    for (const column of round.columns) if (master.add(column)) added += 1;
    if (added === 0) {
      return round.exact
        ? { lp, converged: true, lpBound: lp.objective, iterations }
        : { lp, converged: false, lpBound, iterations };
    }
    control.onIteration?.(iterations, lp.objective, lpBound);
    const roundUp = control.roundBound;
    const boundMet = roundUp !== undefined && lpBound > 0 && roundUp(lpBound) >= roundUp(lp.objective);
    if (boundMet || clock.now() >= control.deadline || control.shouldStop()) {
      return { lp, converged: boundMet, lpBound, iterations };
    }
  }
}
