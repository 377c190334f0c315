import { eq, max } from 'drizzle-orm';
import { nextCutPlanStatus, type OptimizeSettings } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import { cancelJob, enqueueJob, readJob } from '../../core/jobs/jobs.service.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { cutPlanRuns, cutPlans } from './cut-plan.table.ts';
import { checkOrdersUnchanged, findPlan, type PlanRow } from './cut-plan.query.ts';
import { refuseTransition } from './cut-plan-history.ts';
import { optimizeCutPlanJob, optimizeExpirySeconds } from './cut-plan.job.ts';

/** Whether the plan's current run is still queued or running. */
export async function activeRun(tx: Tx, plan: PlanRow) {
  if (!plan.currentRunId) return null;
  const [run] = await tx.select().from(cutPlanRuns).where(eq(cutPlanRuns.id, plan.currentRunId));
  if (!run?.jobId) return null;
  const job = await readJob(tx, run.jobId);
  return job && (job.state === 'queued' || job.state === 'running') ? run : null;
}

/**
 * A new run of a draft with these settings (the plan's own where not given), enqueued as a background
 * job in this transaction: 409 `cut_plan_job_active` while the current run still works. The run
 * becomes the plan's current one.
 */
export async function startRun(
  tx: Tx,
  writer: Actor,
  planId: string,
  settings: Partial<OptimizeSettings>,
  options: { enqueue?: boolean } = {},
): Promise<{ runId: string; jobId: string | null }> {
  const plan = await findPlan(tx, writer.scope.productId, planId, true);
  if (!nextCutPlanStatus(plan.status, 'optimize')) refuseTransition(plan, 'optimize');
  if (await activeRun(tx, plan)) throw new AppError('cut_plan_job_active', { code: plan.code });
  const lines = await checkOrdersUnchanged(tx, plan);
  const timeLimitS = settings.timeLimitS ?? plan.timeLimitS;
  // The optimiser solves one spec group after the other.
  const groups = new Set(lines.map((line) => line.rebarId)).size;
  const [{ last } = { last: 0 }] = await tx
    .select({ last: max(cutPlanRuns.number) })
    .from(cutPlanRuns)
    .where(eq(cutPlanRuns.planId, planId));
  const at = isoNow();
  const [run] = await tx
    .insert(cutPlanRuns)
    .values({
      ...writer.scope,
      planId,
      number: (last ?? 0) + 1,
      settings: { sources: settings.sources ?? plan.sources, timeLimitS },
      creatorId: writer.user.id,
      creationTime: at,
    })
    .returning({ id: cutPlanRuns.id });
  if (!run) throw new Error('cut plan run insert returned no row');
  const jobId =
    options.enqueue === false
      ? null
      : await enqueueJob(
          tx,
          optimizeCutPlanJob,
          { planId, runId: run.id },
          {
            channel: `cutPlan:${planId}`,
            creatorId: writer.user.id ?? undefined,
            expireInSeconds: optimizeExpirySeconds(groups, timeLimitS),
          },
        );
  await tx.update(cutPlanRuns).set({ jobId }).where(eq(cutPlanRuns.id, run.id));
  await tx
    .update(cutPlans)
    .set({ currentRunId: run.id, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(cutPlans.id, planId));
  return { runId: run.id, jobId };
}

/**
 * Stops the current run's job: the job is `cancelled` at once and its handler saves the best plan it
 * had (the run keeps it, approvable). False when there was nothing running.
 */
export async function cancelRun(tx: Tx, writer: Actor, planId: string): Promise<boolean> {
  const plan = await findPlan(tx, writer.scope.productId, planId, true);
  const run = await activeRun(tx, plan);
  return run?.jobId ? cancelJob(tx, run.jobId) : false;
}
