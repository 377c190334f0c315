import { and, eq, inArray, sql } from 'drizzle-orm';
import { dueSamples, nextSample, piecesProcessed, type QueuedTask, type Task } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
// Quality owns the plans and the records; the operator's queue only reads them (tables are open to read).
import { inspections, samplingPlans } from '../quality/quality.table.ts';
import { dailyPlanJobs, tasks } from './processing.table.ts';

/**
 * What the sampling plan asks of each queued task's operator: the next piece to set aside and
 * the samples made but not recorded, by the rules the inspector's `GET /api/inspection/task/{id}/due`
 * uses — a technique without a plan checks the first piece only, as the sampling plans page shows it.
 * One query for the whole queue: each task's plan with its recorded pieces.
 */
export async function withSampling(db: Db, productId: string, queued: readonly Task[]): Promise<QueuedTask[]> {
  if (!queued.length) return [];
  const plans = await db
    .select({
      taskId: tasks.id,
      everyN: sql<number>`coalesce(${samplingPlans.everyN}, 0)`.mapWith(Number),
      recorded: sql<
        number[]
      >`coalesce(array_agg(${inspections.pieceNo}) filter (where ${inspections.pieceNo} is not null), '{}')`,
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .leftJoin(
      samplingPlans,
      and(eq(samplingPlans.productId, tasks.productId), eq(samplingPlans.techniqueId, dailyPlanJobs.techniqueId)),
    )
    .leftJoin(inspections, and(eq(inspections.productId, productId), eq(inspections.taskId, tasks.id)))
    .where(
      and(
        eq(tasks.productId, productId),
        inArray(
          tasks.id,
          queued.map((task) => task.id),
        ),
      ),
    )
    .groupBy(tasks.id, samplingPlans.everyN);
  const byTask = new Map(plans.map((plan) => [plan.taskId, plan]));
  return queued.map((task) => {
    const { everyN, recorded } = byTask.get(task.id) ?? { everyN: 0, recorded: [] };
    const produced = piecesProcessed(task.outputs, task.done);
    const rule = { everyN };
    return {
      ...task,
      sampling: {
        everyN,
        nextPiece: nextSample(produced, rule, task.piecesTotal),
        due: dueSamples(produced, rule, new Set(recorded.map(Number))),
      },
    };
  });
}
