/** Public API of the cutting optimizer. */
export type {
  CuttingInput,
  CuttingOptions,
  CuttingPlan,
  DemandInput,
  LengthAndWeight,
  Objective,
  OffcutKind,
  PieceAssignment,
  PlanCut,
  PlanPattern,
  PlanSource,
  PlanStatus,
  StockInput,
  StockKind,
  UnplacedPiece,
  UnplacedReason,
} from './model.ts';
export { CuttingInputError, DEFAULT_TIME_LIMIT_MS } from './model.ts';
export { solveCuttingStock } from './solve.ts';
export type { SolveHooks, SolvePhase, SolveProgress } from './solve-progress.ts';
export { solveWithFfd } from './ffd-plan.ts';
export {
  startCuttingJob,
  closeCuttingWorkers,
  CuttingSolverPool,
  type CuttingJob,
  type JobCallbacks,
} from './solver-client.ts';
export { validatePlan } from './plan.ts';
export { parseBpplib } from './formats/bpplib.ts';
export { parseJsonInstance } from './formats/json.ts';
