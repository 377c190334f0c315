import { and, eq } from 'drizzle-orm';
import { CUT_PLAN_PERMISSIONS, type JobProgress } from '@armature/domain';
import type { GroupPosition } from './cut-plan.solve.ts';
import { z } from 'zod';
import { AppError } from '../../core/http/app-error.ts';
import { defineJob, JobFailure, type JobContext, type JobOutcome } from '../../core/jobs/job-definition.ts';
import type { Db } from '../../core/db/client.ts';
import { allowLongStatements } from '../../core/db/long-statements.ts';
import { notify } from '../inbox/index.ts';
import { isoNow } from '../../core/db/time.ts';
import { cutPlanRuns, cutPlans } from './cut-plan.table.ts';
import { checkOrdersUnchanged } from './cut-plan.query.ts';
import { buildGroupInputs, solveInWorker, solvePlan, warmSolver, type GroupSolver } from './cut-plan.solve.ts';

const optimizeJobSchema = z.object({ planId: z.uuid(), runId: z.uuid() });
export type OptimizeJobData = z.infer<typeof optimizeJobSchema>;

const OPTIMIZE_RETRY_LIMIT = 1;

/** Reading the plan and the stock, starting the solver's thread and writing the result, on a busy machine. */
const OPTIMIZE_SLACK_SECONDS = 60;

/**
 * One attempt's time limit for a run: the solver's limit for each spec group in turn (a fifth more, for
 * a loaded machine) and the slack. pg-boss holds it per job, so a worker killed mid-run is noticed this
 * long after the attempt started (and its run retried by another worker at the next maintenance), not
 * after the kind's 45 minutes.
 */
export function optimizeExpirySeconds(groups: number, timeLimitS: number): number {
  return Math.ceil(Math.max(1, groups) * timeLimitS * 1.2) + OPTIMIZE_SLACK_SECONDS;
}

/** Live progress at most this often (the job row, the run's figures, one event). */
const PROGRESS_EVERY_MS = 250;

/** The solver the job uses: a worker thread; tests and benchmarks may swap it. */
export const optimizeSolver: { solve: GroupSolver } = { solve: solveInWorker };

/**
 * One optimisation run of a cutting plan (`POST /api/cutPlan/{id}/optimize`). Per spec group it
 * builds the optimiser's input from the stock as it is now, solves in a worker thread with the run's
 * time limit, reports the live figures (≤ 4 a second: the job's progress and a `progress` event on
 * `cutPlan:<id>`), and at the end writes the run's result in one statement: a retried attempt simply
 * writes it again. Cancelled, it keeps the best plan found so far (groups not reached get first-fit
 * decreasing); stopped for a shutdown or expiry it writes nothing and is retried. A plan whose orders
 * changed, or an unsound result, fails the job with a message.
 */
export const optimizeCutPlanJob = defineJob<OptimizeJobData>({
  kind: 'cutPlan.optimize',
  parse: (data) => optimizeJobSchema.parse(data),
  // What a run gets when enqueued without its own limit (`optimizeExpirySeconds`): 8 groups × 300 s and slack.
  expireInSeconds: 45 * 60,
  retryLimit: OPTIMIZE_RETRY_LIMIT,
  retryDelaySeconds: 2,
  handler: tellingFailures(async (job) => {
    const { planId, runId } = job.data;
    // The solver's worker thread starts (once a process) while the plan and the stock are read.
    if (optimizeSolver.solve === solveInWorker) warmSolver();
    const [plan] = await job.db.select().from(cutPlans).where(eq(cutPlans.id, planId));
    const [run] = await job.db
      .select()
      .from(cutPlanRuns)
      .where(and(eq(cutPlanRuns.id, runId), eq(cutPlanRuns.planId, planId)));
    if (!plan || !run) throw new JobFailure('the plan or its run no longer exists');
    if (plan.status !== 'draft') throw new JobFailure(`the plan is ${plan.status}: only a draft is optimised`);
    let lines;
    try {
      lines = await job.db.transaction((tx) => checkOrdersUnchanged(tx, plan));
    } catch (error) {
      if (error instanceof AppError) throw new JobFailure('the demand orders changed since the plan was made');
      throw error;
    }
    const demand = lines.map((line) => ({
      orderLineId: line.orderLineId,
      rebarId: line.rebarId,
      length: line.length,
      quantity: line.quantity,
      mark: line.mark,
    }));
    const groups = await buildGroupInputs(
      job.db,
      { ...plan, sources: run.settings.sources },
      demand,
      run.settings.timeLimitS,
    );

    let lastSent = 0;
    let pending: [JobProgress, GroupPosition] | null = null;
    let sending: Promise<void> = Promise.resolve();
    const send = (progress: JobProgress, position: GroupPosition) => {
      pending = null;
      lastSent = Date.now();
      sending = sending.then(async () => {
        try {
          await job.db.update(cutPlanRuns).set({ progress }).where(eq(cutPlanRuns.id, runId));
          await job.publish('progress', { runId, ...progress, ...position });
          await job.progress(progress.fraction, null);
        } catch (error) {
          job.log.warn({ err: error }, 'reporting progress failed');
        }
      });
    };
    const report = (progress: JobProgress, position: GroupPosition) => {
      if (Date.now() - lastSent >= PROGRESS_EVERY_MS) send(progress, position);
      else pending = [progress, position];
    };
    const flush = setInterval(() => pending && send(...pending), PROGRESS_EVERY_MS);
    let outcome;
    try {
      outcome = await solvePlan(
        groups,
        { kerf: plan.kerf, endTrim: plan.endTrim, minTailLength: plan.minTailLength, wasteLength: plan.wasteLength },
        { solver: optimizeSolver.solve, signal: job.signal, report },
      );
    } finally {
      clearInterval(flush);
      await sending;
    }
    const reason = job.signal.aborted ? (job.signal.reason as string) : null;
    if (reason && reason !== 'cancelled') throw new Error(`stopped: ${reason}`);
    if (outcome.problems.length) {
      job.log.error({ problems: outcome.problems.slice(0, 20) }, 'unsound cutting plan');
      throw new JobFailure(`the optimiser's plan is unsound: ${outcome.problems.slice(0, 3).join('; ')}`);
    }
    const subject = await runSubject(job.db, runId);
    await job.db.transaction(async (tx) => {
      // A big plan's result is megabytes of JSON: its write may outlast a request's statement timeout.
      await allowLongStatements(tx);
      await tx
        .update(cutPlanRuns)
        .set({ result: outcome.result, progress: outcome.last, finishedTime: isoNow(), lastModificationTime: isoNow() })
        .where(eq(cutPlanRuns.id, runId));
      // The approvers are told with the result, in its transaction (once per run, were it written again).
      if (subject)
        await notify(tx, {
          kind: 'planOptimised',
          clientId: subject.clientId,
          productId: subject.productId,
          subject: { page: CUT_PLAN_PERMISSIONS.read, id: planId },
          params: { code: subject.code, wasteRate: outcome.result.totals.wasteRate },
          actorId: subject.actorId,
          dedupeKey: `planOptimised:${runId}`,
        });
    });
    await job.publish('progress', { runId, ...outcome.last });
    await job.publish('result', { runId, cancelled: reason === 'cancelled' });
    const { totals } = outcome.result;
    return {
      message: totals.optimal
        ? 'optimal'
        : `${totals.bars} bars, gap ${(totals.gap * 100).toFixed(2)} %${reason === 'cancelled' ? ' (cancelled: best plan so far)' : ''}`,
    };
  }),
});

/** Who is told of a run: the plan's product, and the user who queued the run. */
async function runSubject(db: Db, runId: string) {
  const [row] = await db
    .select({
      planId: cutPlans.id,
      code: cutPlans.code,
      clientId: cutPlanRuns.clientId,
      productId: cutPlanRuns.productId,
      actorId: cutPlanRuns.creatorId,
    })
    .from(cutPlanRuns)
    .innerJoin(cutPlans, eq(cutPlans.id, cutPlanRuns.planId))
    .where(eq(cutPlanRuns.id, runId));
  return row;
}

/**
 * The handler, telling the plan's optimisers and the user who queued the run (`planFailed`) when an
 * attempt fails with no retry to follow: a permanent failure, or the last attempt's. A cancelled run
 * is not a failure.
 */
function tellingFailures(handler: (job: JobContext<OptimizeJobData>) => Promise<JobOutcome>) {
  return async (job: JobContext<OptimizeJobData>): Promise<JobOutcome> => {
    try {
      return await handler(job);
    } catch (error) {
      const cancelled = job.signal.aborted && job.signal.reason === 'cancelled';
      if (!cancelled && (error instanceof JobFailure || job.attempt > OPTIMIZE_RETRY_LIMIT)) {
        const run = await runSubject(job.db, job.data.runId);
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 256);
        if (run)
          await job.db
            .transaction((tx) =>
              notify(tx, {
                kind: 'planFailed',
                clientId: run.clientId,
                productId: run.productId,
                subject: { page: CUT_PLAN_PERMISSIONS.read, id: run.planId },
                params: { code: run.code, message },
                actorId: run.actorId,
              }),
            )
            .catch((failure: unknown) => job.log.warn({ err: failure }, 'telling of a failed optimisation failed'));
      }
      throw error;
    }
  };
}
