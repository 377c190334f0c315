import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../core/db/client.ts';
import { heatsCutBy } from '../stock/index.ts';
import { dailyPlanJobs, tasks } from './processing.table.ts';

const feedJob = alias(dailyPlanJobs, 'feed_job');
const feedTask = alias(tasks, 'feed_task');

/**
 * The tasks whose steel each task's pieces are, by task id: the task itself and, for a bend task, the cut
 * task of its schedule that fed the bender (its job's `afterKey`).
 */
export async function steelTasksOf(db: Db | Tx, taskIds: readonly string[]): Promise<Map<string, string[]>> {
  if (!taskIds.length) return new Map();
  const rows = await db
    .select({ taskId: tasks.id, cutTaskId: feedTask.id })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .leftJoin(feedJob, and(eq(feedJob.dailyPlanId, tasks.dailyPlanId), eq(feedJob.key, dailyPlanJobs.afterKey)))
    .leftJoin(feedTask, eq(feedTask.jobId, feedJob.id))
    .where(inArray(tasks.id, [...new Set(taskIds)]));
  return new Map(rows.map((row) => [row.taskId, row.cutTaskId ? [row.taskId, row.cutTaskId] : [row.taskId]]));
}

/**
 * The heats of the steel each bundle's pieces were cut from (raw bars' heats and re-used offcut
 * lots' heats, as the trace answers them), by bundle id: one look-up per task, its bundles sharing it.
 */
export async function heatsOfBundles(
  db: Db | Tx,
  rows: readonly { id: string; taskId: string; productId: string }[],
): Promise<Map<string, string[]>> {
  const steel = await steelTasksOf(
    db,
    rows.map((row) => row.taskId),
  );
  const byTask = new Map<string, string[]>();
  for (const row of rows)
    if (!byTask.has(row.taskId))
      byTask.set(row.taskId, await heatsCutBy(db, row.productId, steel.get(row.taskId) ?? [row.taskId]));
  return new Map(rows.map((row) => [row.id, byTask.get(row.taskId) ?? []]));
}
