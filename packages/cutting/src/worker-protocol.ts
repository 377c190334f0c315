/** Messages between solver-client.ts (caller thread) and worker.ts (solver thread). */
import type { CuttingInput, CuttingPlan } from './model.ts';
import type { SolveProgress } from './solve-progress.ts';

export interface JobRequest {
  jobId: number;
  input: CuttingInput;
  /** Int32Array view: element 0 set to 1 asks the solver to stop; shared so it is seen while the solver is busy. */
  cancelFlag: SharedArrayBuffer;
}

export type WorkerMessage =
  | { jobId: number; type: 'progress'; progress: SolveProgress }
  | { jobId: number; type: 'plan'; plan: CuttingPlan }
  | { jobId: number; type: 'done'; plan: CuttingPlan }
  | { jobId: number; type: 'error'; message: string; issues: string[] | null };
