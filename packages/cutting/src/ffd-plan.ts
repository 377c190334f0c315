/** FFD as a complete plan (the baseline the optimizer is compared with). */
import { firstFitDecreasing } from './ffd.ts';
import { buildProblem, type CuttingInput, type CuttingPlan } from './model.ts';
import { buildPlan } from './plan.ts';

/** Plain First-Fit-Decreasing; its lower bound is trivial (0), so it never claims optimality. */
export function solveWithFfd(input: CuttingInput): CuttingPlan {
  const started = Date.now();
  const problem = buildProblem(input);
  const solution = firstFitDecreasing(problem);
  return buildPlan(problem, solution, { lowerBound: 0, unplacedPenalty: 0 }, 'ffd', Date.now() - started);
}
