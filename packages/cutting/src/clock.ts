/**
 * What the solver's deadlines are measured in. The product runs on the wall clock (milliseconds). With a work limit
 * (`CuttingOptions.workLimit`) it runs on a work clock instead: its time is the number of checkpoints the search has
 * passed (column-generation iterations, dive nodes, packing attempts, batches of cover nodes, MIP callbacks), so the
 * same input does the same work and ends on the same plan on a busy machine as on an idle one. Tests use it; a
 * product run keeps its time limit, which is what a user waits for.
 */
export interface SolverClock {
  /** Current time: ms since the epoch (wall), or checkpoints passed so far (work; each reading is one). */
  now(): number;
  /** The same time without counting a checkpoint: for progress figures, which must not change the run. */
  peek(): number;
  /** True for the work clock: HiGHS then gets no time limit and is interrupted through its callback instead. */
  readonly counting: boolean;
}

export const wallClock: SolverClock = { now: () => Date.now(), peek: () => Date.now(), counting: false };

/** A fresh work clock at 0. Readings are the checkpoints: every call advances it by one. */
export function workClock(): SolverClock {
  let checkpoints = 0;
  return { now: () => ++checkpoints, peek: () => checkpoints, counting: true };
}
