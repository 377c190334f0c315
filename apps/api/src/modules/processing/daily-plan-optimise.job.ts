import { eq } from 'drizzle-orm';
import {
  evaluateSchedule,
  isDailyPlanEditable,
  optimiseSteps,
  scheduleFigures,
  type DailyPlanOptimiseProgress,
  type DailyPlanOptimiseResult,
  type OptimiseOptions,
  type OptimiseOutcome,
  type OptimiseProgress,
  type ScheduleInput,
} from '@armature/domain';
import { setImmediate as turn } from 'node:timers/promises';
import { z } from 'zod';
import { sameInstant } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { defineJob, JobFailure } from '../../core/jobs/job-definition.ts';
import { findDailyPlan, loadSchedule } from './daily-plan.query.ts';
import { storeSlots, touch } from './daily-plan.command.ts';
import { dailyPlanJobs } from './processing.table.ts';
import { OPTIMISE_JOB_KIND } from './daily-plan-optimise.query.ts';

const optimiseJobSchema = z.object({
  dailyPlanId: z.uuid(),
  productId: z.uuid(),
  /** The draft's `lastModificationTime` when the search was asked for: its result applies to that draft only. */
  stamp: z.string().nullable(),
  clearPins: z.boolean(),
  user: z.object({ id: z.uuid().nullable(), name: z.string().nullable() }),
});
export type OptimiseJobData = z.infer<typeof optimiseJobSchema>;

/**
 * How long the search runs: enough on the bench's weeks (docs/benchmarks.md) for most of what it wins.
 * Tests and benchmarks may shorten it. `beforeApply` is a test seam, null in the product: a test changes
 * the draft there, between the search and its write, to prove a changed draft is left alone.
 */
export const optimiseSearch: { timeLimitMs: number; beforeApply: (() => Promise<void>) | null } = {
  timeLimitMs: 5000,
  beforeApply: null,
};

/** Live progress at most this often (the job's row and one `progress` event). */
const PROGRESS_EVERY_MS = 250;

const CHANGED = 'the schedule changed while the optimiser searched: optimise it again';

/**
 * The optimiser on a draft schedule (`POST /api/dailyPlan/{id}/optimise`), outside any transaction:
 * it reads the draft, searches for `optimiseSearch.timeLimitMs` (giving the event loop back every few
 * ms, telling its best figures on `dailyPlan:<id>` up to 4 times a second), then applies the best
 * schedule in one short transaction that locks the draft and checks it is the one the search started
 * from — changed meanwhile (a drag, an auto-schedule, a release), the job fails and nothing is written.
 * Cancelled, it applies the best schedule found so far; stopped for a shutdown or expiry it writes
 * nothing and is retried. The figures before → after are published as a `result` event.
 */
export const optimiseDailyPlanJob = defineJob<OptimiseJobData>({
  kind: OPTIMISE_JOB_KIND,
  parse: (data) => optimiseJobSchema.parse(data),
  // The search, reading and writing the schedule on a loaded machine.
  expireInSeconds: 120,
  retryLimit: 1,
  retryDelaySeconds: 2,
  handler: async (job) => {
    const { dailyPlanId, productId, stamp, clearPins } = job.data;
    const current = async (read: () => Promise<Awaited<ReturnType<typeof findDailyPlan>>>) => {
      const plan = await read().catch((error: unknown) => {
        if (error instanceof AppError) throw new JobFailure('the schedule no longer exists');
        throw error;
      });
      if (!isDailyPlanEditable(plan.status) || !sameInstant(stamp, plan.lastModificationTime))
        throw new JobFailure(CHANGED);
      return plan;
    };
    const plan = await current(() => findDailyPlan(job.db, productId, dailyPlanId));
    const schedule = await loadSchedule(job.db, plan);
    const input = clearPins
      ? { ...schedule.input, jobs: schedule.input.jobs.map((each) => ({ ...each, pinned: null })) }
      : schedule.input;
    const before = scheduleFigures({ slots: schedule.slots, evaluation: evaluateSchedule(input, schedule.slots) });

    let latest: OptimiseProgress | null = null;
    let sent: OptimiseProgress | null = null;
    let sending: Promise<void> = Promise.resolve();
    const send = () => {
      if (!latest || latest === sent) return;
      const progress = (sent = latest);
      const event: DailyPlanOptimiseProgress = {
        jobId: job.id,
        fraction: progress.fraction,
        daysLate: progress.best.lateness,
        changeovers: progress.best.changeovers,
      };
      sending = sending.then(async () => {
        try {
          await job.publish('progress', event);
          await job.progress(progress.fraction, null);
        } catch (error) {
          job.log.warn({ err: error }, 'reporting progress failed');
        }
      });
    };
    const ticker = setInterval(send, PROGRESS_EVERY_MS);
    let outcome;
    try {
      outcome = await searchGivingWay(input, { timeLimitMs: optimiseSearch.timeLimitMs }, job.signal, (progress) => {
        latest = progress;
      });
    } finally {
      clearInterval(ticker);
      await sending;
    }
    const reason = job.signal.aborted ? (job.signal.reason as string) : null;
    if (reason && reason !== 'cancelled') throw new Error(`stopped: ${reason}`);

    await optimiseSearch.beforeApply?.();
    await job.db.transaction(async (tx) => {
      const locked = await current(() => findDailyPlan(tx, productId, dailyPlanId, true));
      if (clearPins) await tx.update(dailyPlanJobs).set({ pinned: null }).where(eq(dailyPlanJobs.dailyPlanId, plan.id));
      await storeSlots(tx, locked, outcome.result.slots);
      await touch(tx, job.data, locked);
    });
    const after = scheduleFigures({ slots: outcome.result.slots, evaluation: outcome.result });
    const result: DailyPlanOptimiseResult = {
      jobId: job.id,
      before,
      after,
      placed: input.jobs.length - outcome.result.unscheduled.length,
      total: input.jobs.length,
    };
    await job.publish('result', result);
    return {
      message:
        `order-days late ${before.daysLate} → ${after.daysLate}, changeovers ${before.changeovers} → ${after.changeovers}` +
        (reason === 'cancelled' ? ' (stopped: the best schedule so far)' : ''),
    };
  },
});

/**
 * The optimiser's search, handing the event loop back between its slices of work (other requests,
 * the progress events) and stopping early, with its best schedule so far, once `signal` is aborted.
 */
async function searchGivingWay(
  input: ScheduleInput,
  options: OptimiseOptions,
  signal: AbortSignal,
  onProgress: (progress: OptimiseProgress) => void,
): Promise<OptimiseOutcome> {
  const steps = optimiseSteps(input, options);
  for (let step = steps.next(); ; step = steps.next(signal.aborted)) {
    if (step.done) return step.value;
    onProgress(step.value);
    await turn();
  }
}
