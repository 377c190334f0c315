import { and, eq, inArray, sql } from 'drizzle-orm';
import { dueSamples, nextSample, piecesProcessed, type Task, type TaskSampling } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
// Quality owns the plans and the records; the operator's queue only reads them (tables are open to read).
import { inspections, samplingPlans } from '../quality/quality.table.ts';
import { dailyPlanJobs, tasks } from './processing.table.ts';

/**
 * What the sampling plan asks of each queued task's operator (issue 33): the next piece to set aside and
 * the samples made but not recorded, by the rules the inspector's `GET /api/inspection/task/{id}/due`
 * uses. One query for the whole queue: each task's plan (none: no entry) with its recorded pieces.
 */
export async function samplingOfTasks(
  db: Db,
  productId: string,
  queued: readonly Pick<Task, 'id' | 'done' | 'outputs' | 'piecesTotal'>[],
): Promise<Map<string, TaskSampling>> {
  if (!queued.length) return new Map();
  const plans = await db
    .select({
      taskId: tasks.id,
      everyN: samplingPlans.everyN,
      recorded: sql<
        number[]
      >`coalesce(array_agg(${inspections.pieceNo}) filter (where ${inspections.pieceNo} is not null), '{}')`,
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .innerJoin(
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
  const byId = new Map(queued.map((task) => [task.id, task]));
  return new Map(
    plans.map(({ taskId, everyN, recorded }) => {
      const task = byId.get(taskId)!;
      const produced = piecesProcessed(task.outputs, task.done);
      const rule = { everyN };
      return [
        taskId,
        {
          everyN,
          nextPiece: nextSample(produced, rule, task.piecesTotal),
          due: dueSamples(produced, rule, new Set(recorded.map(Number))),
        },
      ];
    }),
  );
}
