/** Solver thread: runs one job at a time, streaming progress and every improved plan to the caller. */
import { parentPort } from 'node:worker_threads';
import { CuttingInputError } from './model.ts';
import { solveCuttingStock } from './solve.ts';
import type { JobRequest, WorkerMessage } from './worker-protocol.ts';

const port = parentPort;
if (port === null) throw new Error('worker.ts must run in a worker thread');
const post = (message: WorkerMessage): void => port.postMessage(message);

let queue = Promise.resolve();
port.on('message', (request: JobRequest) => {
  queue = queue.then(() => run(request));
});

async function run({ jobId, input, cancelFlag }: JobRequest): Promise<void> {
  const flag = new Int32Array(cancelFlag);
  try {
    const plan = await solveCuttingStock(input, {
      shouldStop: () => Atomics.load(flag, 0) === 1,
      onProgress: (progress) => post({ jobId, type: 'progress', progress }),
      onPlan: (plan) => post({ jobId, type: 'plan', plan }),
    });
    post({ jobId, type: 'done', plan });
  } catch (error) {
    const issues = error instanceof CuttingInputError ? error.issues : null;
    post({ jobId, type: 'error', message: error instanceof Error ? error.message : String(error), issues });
  }
}
