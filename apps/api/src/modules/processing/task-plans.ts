import { and, eq, notInArray, sql } from 'drizzle-orm';
import { FINAL_TASK_STATUSES, nextDailyPlanStatus, type DailyPlanAction } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { finishCutPlan } from '../planning/index.ts';
import { dailyPlanHistory, dailyPlanJobs, dailyPlans, tasks } from './processing.table.ts';
import { releaseJobsAfterCut } from './machine-job.command.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/** Moves a daily schedule by `action` when its status allows it, with its history row; false otherwise. */
async function followDailyPlan(tx: Tx, writer: Actor, dailyPlanId: string, action: DailyPlanAction, note: string) {
  const [plan] = await tx
    .select({ status: dailyPlans.status })
    .from(dailyPlans)
    .where(eq(dailyPlans.id, dailyPlanId))
    .for('update');
  const next = plan && nextDailyPlanStatus(plan.status, action);
  if (!plan || !next) return false;
  const at = isoNow();
  await tx
    .update(dailyPlans)
    .set({ status: next, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(dailyPlans.id, dailyPlanId));
  await tx.insert(dailyPlanHistory).values({
    ...writer.scope,
    dailyPlanId,
    fromStatus: plan.status,
    toStatus: next,
    userId: writer.user.id,
    userName: writer.user.name,
    note,
    time: at,
  });
  return true;
}

/** The first task started puts its released schedule in progress. */
export async function followTaskStart(tx: Tx, writer: Actor, task: { dailyPlanId: string; code: string }) {
  await followDailyPlan(tx, writer, task.dailyPlanId, 'start', task.code);
}

/**
 * A task ended (done, failed, cancelled): its schedule is done once none of its tasks is left open, and
 * its cutting plan once none of the tasks made of its patterns is. The schedule's row is locked before
 * its tasks are counted, so of two tasks ending at once the later one sees the other's end.
 */
export async function followTaskEnd(
  tx: Tx,
  writer: Actor,
  task: { dailyPlanId: string; cutPlanId: string; code: string; kind: string },
) {
  await releaseJobsAfterCut(tx, task);
  await tx.select({ id: dailyPlans.id }).from(dailyPlans).where(eq(dailyPlans.id, task.dailyPlanId)).for('update');
  // A cutting plan is in one schedule (not cancelled) at most: its tasks are among the schedule's.
  const [open] = await tx
    .select({
      ofSchedule: sql<number>`count(*)`.mapWith(Number),
      ofPlan: sql<number>`count(*) filter (where ${eq(dailyPlanJobs.cutPlanId, task.cutPlanId)})`.mapWith(Number),
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .where(and(eq(tasks.dailyPlanId, task.dailyPlanId), notInArray(tasks.status, [...FINAL_TASK_STATUSES])));
  if (!open?.ofSchedule) await followDailyPlan(tx, writer, task.dailyPlanId, 'finish', task.code);
  if (!open?.ofPlan) await finishCutPlan(tx, writer, task.cutPlanId, task.code);
}
