/** What a solve reports while it runs, and the hooks a caller passes in (`solve.ts`). */
import type { CuttingPlan, LengthAndWeight } from './model.ts';

export type SolvePhase = 'start' | 'column-generation' | 'integer' | 'done';

/** Why the search ended (in the last progress event, phase `done`). */
export type StopReason = 'proven' | 'gap' | 'stall' | 'time' | 'cancelled' | 'exhausted';

export interface SolveProgress {
  phase: SolvePhase;
  /** Column-generation iterations so far. */
  iteration: number;
  lpValue: number | null;
  /** Proven lower bound on the objective of any plan placing the pieces the best plan places. */
  lowerBound: number;
  /** Objective (bars for min_bars, cost for min_cost) of the best plan so far. */
  bestObjective: number;
  /** The best plan so far, in brief. */
  bars: number;
  cost: number;
  /** Scrap of the best plan (offcuts shorter than the waste threshold). */
  waste: LengthAndWeight;
  unplacedPieces: number;
  /** (bestObjective − lowerBound) / lowerBound, as on the plan; null while there is no positive bound. */
  gap: number | null;
  provenOptimal: boolean;
  /** 0…1 for a progress bar: the share of the time limit used, 1 once done. */
  fraction: number;
  timeLimitMs: number;
  elapsedMs: number;
  /** Checkpoints passed so far; only on a run with a work limit (`CuttingOptions.workLimit`). */
  checkpoints?: number;
  /** Set on the last event (phase `done`). */
  stopReason?: StopReason;
}

export interface SolveHooks {
  /** Called right after the first feasible plan (FFD), on every better plan or bound, during column generation, and once done. */
  onProgress?: (progress: SolveProgress) => void;
  /** Called with every improved plan, so that a caller can always hand back the best plan found so far. */
  onPlan?: (plan: CuttingPlan) => void;
  /** Polled between iterations and inside the MIP; true ends the solve with the best plan found. */
  shouldStop?: () => boolean;
  /**
   * Aborting ends the solve with the best plan found so far. Polled like `shouldStop`; in the calling thread the
   * event loop only runs between phases, so abort from a callback or use `startCuttingJob` (worker thread) to
   * stop at any point.
   */
  signal?: AbortSignal;
}
