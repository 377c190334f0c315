import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeCuttingWorkers,
  solveCuttingStock,
  startCuttingJob,
  validatePlan,
  type CuttingInput,
  type SolveProgress,
} from '../src/index.ts';
import { wikipediaPaper } from './fixtures/instances.ts';
import { hardInstance } from './fixtures/hard-instance.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

afterAll(() => closeCuttingWorkers());

/** The hard instance on a work limit it is far from when told to stop: a run that ends early ends because it was told to. */
function hardUnbounded(): CuttingInput {
  return { ...hardInstance(60_000), options: { workLimit: 100_000 } };
}

describe('async worker API', () => {
  it('solves in a worker thread (under vitest) with progress events and improving plans', async () => {
    const progress: SolveProgress[] = [];
    const plans: number[] = [];
    const job = startCuttingJob(wikipediaPaper, {
      onProgress: (p) => progress.push(p),
      onPlan: (p) => plans.push(p.objective),
    });
    const plan = await job.result;
    expect(plan.objective).toBe(73);
    expect(validatePlan(wikipediaPaper, plan)).toEqual([]);
    expect(plans[0]).toBeGreaterThan(73);
    expect(plans.at(-1)).toBe(73);
    expect(progress.at(-1)?.phase).toBe('done');
    expect(progress.some((p) => p.lowerBound === 73)).toBe(true);
  });

  it('starts the worker when the caller runs under `node --import tsx`', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/fixtures/run-job.ts'], {
      cwd: packageDir,
    });
    // 20 × 2200 and 22 × 1380 on 5600: at most two 2200s per bar, and a bar with two holds no 1380 → 16 bars.
    const result = JSON.parse(stdout) as { objective: number; status: string; events: number };
    expect(result).toMatchObject({ objective: 16, status: 'optimal' });
    expect(result.events).toBeGreaterThan(0);
  });

  it('cancels: the job settles quickly with the best plan so far', async () => {
    const input = hardUnbounded();
    const events: SolveProgress[] = [];
    const job = startCuttingJob(input, {
      onProgress: (p) => events.push(p),
      onPlan: () => job.cancel(),
    });
    const plan = await job.result;
    expect(events.at(-1)!.stopReason).toBe('cancelled');
    expect(validatePlan(input, plan)).toEqual([]);
  });

  it('honours the time limit and returns the best plan found', async () => {
    // A wall-clock limit is the product's own, so this run is on the wall clock. What holds at any load: the run,
    // far from a proof, ended because of its time (at the earliest when column generation's half of it was spent;
    // the later phases may end sooner) with a valid plan. How soon after the limit it ends is a figure, not an
    // assertion: a loaded machine stretches the step in progress (3.2 s for this 1.5 s limit at load 19), and
    // `npm run bench:plan` reports each group's total time against its limit.
    const input = hardInstance(1500);
    const events: SolveProgress[] = [];
    const plan = await startCuttingJob(input, { onProgress: (p) => events.push(p) }).result;
    expect(events.at(-1)!.stopReason).toBe('time');
    expect(plan.elapsedMs).toBeGreaterThanOrEqual(1500 / 2);
    expect(validatePlan(input, plan)).toEqual([]);
  });

  it('stops the in-thread core when asked', async () => {
    const input = hardUnbounded();
    let polls = 0;
    const events: SolveProgress[] = [];
    const plan = await solveCuttingStock(input, { shouldStop: () => ++polls > 3, onProgress: (p) => events.push(p) });
    expect(events.at(-1)!.stopReason).toBe('cancelled');
    // It stops at the fourth poll, a handful of checkpoints after the start (6), not at a phase's end.
    expect(events.at(-1)!.checkpoints).toBeLessThanOrEqual(8);
    expect(validatePlan(input, plan)).toEqual([]);
  });
});
