/**
 * Async API: jobs run in worker threads so that the caller's event loop (the API server) never blocks. Each job
 * streams progress and improved plans, can be cancelled, and always settles with the best plan found in time.
 */
import { Worker } from 'node:worker_threads';
import { buildProblem, CuttingInputError, type CuttingInput, type CuttingPlan } from './model.ts';
import type { SolveProgress } from './solve-progress.ts';
import type { JobRequest, WorkerMessage } from './worker-protocol.ts';

export interface JobCallbacks {
  onProgress?: (progress: SolveProgress) => void;
  /** Every improved plan, starting with FFD's. */
  onPlan?: (plan: CuttingPlan) => void;
  /** Aborting it cancels the job, as `cancel()` does: `result` resolves with the best plan found so far. */
  signal?: AbortSignal;
}

export interface CuttingJob {
  readonly id: number;
  /** Resolves with the final plan; rejects with CuttingInputError on invalid input or Error if no plan exists. */
  readonly result: Promise<CuttingPlan>;
  /** Asks the solver to stop now; `result` then resolves with the best plan found so far. */
  cancel(): void;
}

/**
 * Built JavaScript (dist/) starts its worker directly; the TypeScript sources need the bootstrap that registers tsx
 * inside the worker first.
 */
const workerUrl = import.meta.url.endsWith('.ts')
  ? new URL('./worker-bootstrap.mjs', import.meta.url)
  : new URL('./worker.js', import.meta.url);

/** How long a worker may overrun its time limit (or a cancel) before it is terminated and replaced. */
const GRACE_MS = 3_000;
/**
 * Until a job's first message the clock has not started: a new worker run from the sources compiles them first
 * (seconds on a loaded machine), which must not eat a short limit and get the worker killed before its first plan.
 */
const STARTUP_MS = 30_000;
/** Wall-clock watch over a job with a work limit (`CuttingOptions.workLimit`): the longest time limit allowed. */
const WORK_LIMITED_WATCH_MS = 3_600_000;

interface PendingJob {
  request: JobRequest;
  callbacks: JobCallbacks;
  timeLimitMs: number;
  bestPlan: CuttingPlan | null;
  resolve: (plan: CuttingPlan) => void;
  reject: (error: Error) => void;
  cancelled: boolean;
  /** Whether the worker has sent anything for this job (its time limit runs from then). */
  started: boolean;
}

interface Slot {
  worker: Worker;
  job: PendingJob | null;
  timer: NodeJS.Timeout | null;
}

export class CuttingSolverPool {
  private readonly slots: Slot[] = [];
  private readonly queue: PendingJob[] = [];
  private nextId = 1;

  constructor(private readonly size = 1) {}

  start(input: CuttingInput, callbacks: JobCallbacks = {}): CuttingJob {
    const jobId = this.nextId++;
    const cancelFlag = new SharedArrayBuffer(4);
    let job: PendingJob | null = null;
    const result = new Promise<CuttingPlan>((resolve, reject) => {
      try {
        // Validate here: bad input is reported at once and never occupies a worker.
        const problem = buildProblem(input);
        // A work-limited job ends on its own count whatever the load: the wall-clock watch only catches a hung worker.
        const timeLimitMs = problem.workLimit === null ? problem.timeLimitMs : WORK_LIMITED_WATCH_MS;
        job = {
          request: { jobId, input, cancelFlag },
          callbacks,
          timeLimitMs,
          bestPlan: null,
          resolve,
          reject,
          cancelled: false,
          started: false,
        };
        this.queue.push(job);
        this.dispatch();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    const cancel = (): void => {
      Atomics.store(new Int32Array(cancelFlag), 0, 1);
      const pending = job as PendingJob | null;
      if (pending === null || pending.cancelled) return;
      pending.cancelled = true;
      const queued = this.queue.indexOf(pending);
      if (queued >= 0) {
        this.queue.splice(queued, 1);
        pending.reject(new Error('cancelled before it started'));
        return;
      }
      const slot = this.slots.find((s) => s.job === pending);
      if (slot) this.arm(slot, GRACE_MS);
    };
    const signal = callbacks.signal;
    if (signal?.aborted) cancel();
    else if (signal) {
      signal.addEventListener('abort', cancel, { once: true });
      const detach = (): void => signal.removeEventListener('abort', cancel);
      result.then(detach, detach);
    }
    return { id: jobId, result, cancel };
  }

  /** Terminates every worker; queued jobs are rejected. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('solver pool closed'));
    const slots = this.slots.splice(0);
    for (const slot of slots) this.settle(slot, null, new Error('solver pool closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      this.arm(slot, job.timeLimitMs + GRACE_MS + STARTUP_MS);
      try {
        slot.worker.postMessage(job.request);
      } catch (error) {
        this.settle(slot, null, error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private spawn(): Slot {
    const worker = new Worker(workerUrl);
    const slot: Slot = { worker, job: null, timer: null };
    worker.unref();
    worker.on('message', (message: WorkerMessage) => this.receive(slot, message));
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => this.replace(slot, new Error(`solver worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private receive(slot: Slot, message: WorkerMessage): void {
    const job = slot.job;
    if (job === null || message.jobId !== job.request.jobId) return;
    if (!job.started && !job.cancelled) this.arm(slot, job.timeLimitMs + GRACE_MS);
    job.started = true;
    switch (message.type) {
      case 'progress':
        job.callbacks.onProgress?.(message.progress);
        return;
      case 'plan':
        job.bestPlan = message.plan;
        job.callbacks.onPlan?.(message.plan);
        return;
      case 'done':
        this.settle(slot, message.plan, null);
        return;
      case 'error':
        this.settle(slot, null, message.issues ? new CuttingInputError(message.issues) : new Error(message.message));
        return;
    }
  }

  /** Settles the slot's job (with the best plan so far when `plan` is null and one exists) and frees the slot. */
  private settle(slot: Slot, plan: CuttingPlan | null, error: Error | null): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    if (job !== null) {
      const final = plan ?? (error instanceof CuttingInputError ? null : job.bestPlan);
      if (final) job.resolve(final);
      else job.reject(error ?? new Error('solver produced no plan'));
    }
    queueMicrotask(() => this.dispatch());
  }

  /** Terminates a stuck worker after `ms`; the job settles with its best plan so far. */
  private arm(slot: Slot, ms: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      slot.timer = null;
      void slot.worker.terminate();
    }, ms);
    slot.timer.unref();
  }

  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    this.settle(slot, null, error);
  }
}

let defaultPool: CuttingSolverPool | null = null;

/** Starts a job on the shared pool (one worker: the API server keeps its other cores for requests). */
export function startCuttingJob(input: CuttingInput, callbacks: JobCallbacks = {}): CuttingJob {
  defaultPool ??= new CuttingSolverPool(1);
  return defaultPool.start(input, callbacks);
}

export async function closeCuttingWorkers(): Promise<void> {
  const pool = defaultPool;
  defaultPool = null;
  await pool?.close();
}
