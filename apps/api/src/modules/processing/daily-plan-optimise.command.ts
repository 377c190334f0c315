import type { JobStatus } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { cancelJob, enqueueJob } from '../../core/jobs/jobs.service.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { editableDraft } from './daily-plan.command.ts';
import { findDailyPlan } from './daily-plan.query.ts';
import { optimiseDailyPlanJob } from './daily-plan-optimise.job.ts';
import { dailyPlanChannel, latestOptimiseJob } from './daily-plan-optimise.query.ts';

const isActive = (job: JobStatus | null) => job !== null && (job.state === 'queued' || job.state === 'running');

/**
 * Queues the optimiser on a draft (locked, current against `concurrencyStamp`): 409
 * `daily_plan_optimise_active` while another search of it is queued or running. The job applies its
 * result only to the draft as it is now.
 */
export async function startOptimise(
  tx: Tx,
  writer: Actor,
  id: string,
  options: { clearPins: boolean; concurrencyStamp?: string | null },
): Promise<{ jobId: string }> {
  const plan = await editableDraft(tx, writer, id, options.concurrencyStamp);
  if (isActive(await latestOptimiseJob(tx, plan.id)))
    throw new AppError('daily_plan_optimise_active', { code: plan.code });
  const jobId = await enqueueJob(
    tx,
    optimiseDailyPlanJob,
    {
      dailyPlanId: plan.id,
      productId: plan.productId,
      stamp: plan.lastModificationTime,
      clearPins: options.clearPins,
      user: writer.user,
    },
    { channel: dailyPlanChannel(plan.id), creatorId: writer.user.id ?? undefined },
  );
  return { jobId };
}

/** Stops the schedule's running search: it applies the best schedule found so far. False when none runs. */
export async function cancelOptimise(tx: Tx, writer: Actor, id: string): Promise<boolean> {
  const plan = await findDailyPlan(tx, writer.scope.productId, id, true);
  const job = await latestOptimiseJob(tx, plan.id);
  return job && isActive(job) ? cancelJob(tx, job.id) : false;
}
