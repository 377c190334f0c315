import { and, desc, eq } from 'drizzle-orm';
import type { JobStatus } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { statusOf } from '../../core/jobs/jobs.service.ts';
import { backgroundJobs } from '../../core/jobs/jobs.table.ts';

/** The job kind of a schedule's optimisation (`daily-plan-optimise.job.ts`). */
export const OPTIMISE_JOB_KIND = 'dailyPlan.optimise';

/** The channel of a schedule's live events (`GET /api/dailyPlan/{id}/events`). */
export const dailyPlanChannel = (id: string) => `dailyPlan:${id}`;

/** A schedule's latest optimisation job (its channel is the schedule's), null when none was asked for. */
export async function latestOptimiseJob(db: Db | Tx, dailyPlanId: string): Promise<JobStatus | null> {
  const [row] = await db
    .select()
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.channel, dailyPlanChannel(dailyPlanId)), eq(backgroundJobs.kind, OPTIMISE_JOB_KIND)))
    .orderBy(desc(backgroundJobs.creationTime))
    .limit(1);
  return row ? statusOf(row) : null;
}
