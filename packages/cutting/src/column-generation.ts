/**
 * Gilmore–Gomory column generation: solve the restricted master LP with HiGHS, price new patterns with one
 * knapsack DP over all stock lengths, repeat until no pattern has negative reduced cost (the LP bound is then
 * proven) or time runs out.
 */
import type { MasterModel, MasterSolution } from './master-model.ts';
import { knapsackCapacity, pieceWeight, type Problem } from './model.ts';
import { makePattern } from './pattern.ts';
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
  shouldStop: () => boolean;
  onIteration?: (iteration: number, lpValue: number, lpBound: number) => void;
}

const REDUCED_COST_TOLERANCE = 1e-9;

/**
 * Farley's bound: scaling the duals by the best value/cost ratio of any pattern makes them dual feasible, so
 * LP/θ bounds the full master. Valid only when all rows are covering rows (no stock limits, no penalties).
 */
function farleyBound(problem: Problem, lpValue: number, ratio: number, master: MasterModel): number {
  if (master.penalty !== null || problem.stocks.some((s) => s.available !== null)) return 0;
  return ratio > 1 ? lpValue / ratio : lpValue;
}

/** `demand` is the (residual) demand the master rows currently ask for; it bounds the copies per pattern. */
export function runColumnGeneration(
  master: MasterModel,
  problem: Problem,
  demand: readonly number[],
  control: ColumnGenerationControl,
): ColumnGenerationResult {
  const capacities = problem.stocks.map((s) => knapsackCapacity(s.length, problem));
  let iterations = 0;
  let lpBound = 0;
  for (;;) {
    master.setTimeLimit((control.deadline - Date.now()) / 1000);
    const lp = master.solve();
    iterations += 1;
    if (!lp.optimal) return { lp, converged: false, lpBound, iterations };
    const items = problem.items.map((item, i) => ({
      weight: pieceWeight(item.length, problem),
      value: Math.max(0, lp.itemDuals[i] ?? 0),
      bound: demand[i] ?? 0,
    }));
    const priced = priceKnapsack(items, capacities);
    let added = 0;
    let ratio = 0;
    priced.forEach((best, s) => {
      const stock = problem.stocks[s]!;
      // Availability duals are ≤ 0: a scarce stock kind costs more than its price.
      const effectiveCost = stock.objectiveCost - (lp.stockDuals[s] ?? 0);
      if (best.counts.size === 0) return;
      ratio = Math.max(ratio, effectiveCost > 0 ? best.value / effectiveCost : Number.POSITIVE_INFINITY);
      if (effectiveCost - best.value < -REDUCED_COST_TOLERANCE * Math.max(1, effectiveCost)) {
        if (master.add(makePattern(s, best.counts))) added += 1;
      }
    });
    lpBound = Math.max(lpBound, farleyBound(problem, lp.objective, ratio, master));
    if (added === 0) {
      return { lp, converged: true, lpBound: lp.objective, iterations };
    }
    control.onIteration?.(iterations, lp.objective, lpBound);
    if (Date.now() >= control.deadline || control.shouldStop()) return { lp: master.solve(), converged: false, lpBound, iterations };
  }
}
