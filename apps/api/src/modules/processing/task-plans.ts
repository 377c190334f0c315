import { and, desc, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { DAILY_PLAN_STATUSES, FINAL_TASK_STATUSES, nextDailyPlanStatus } from '@armature/domain';
import { builtOnce } from '../../core/db/built-once.ts';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { writeTogether } from '../../core/db/write-together.ts';
import { cutPlans, finishCutPlan } from '../planning/index.ts';
import { dailyPlanHistory, dailyPlanJobs, dailyPlans, tasks } from './processing.table.ts';
import { releaseJobsAfterCut, releasedNotice } from './machine-job.command.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/**
 * Moves a daily schedule by `action` (each of the two the tasks drive leaves one status) with its history
 * row, in one conditional update: of two writers at once the second waits for the first's row lock and then
 * finds the status moved on, and a schedule already past it is not locked at all. The history row is written
 * in the update's statement, for the schedule it moved, with `alongside` (a starting task's own writes). False when
 * it did not move.
 */
async function followDailyPlan(
  tx: Tx,
  writer: Actor,
  dailyPlanId: string,
  action: 'start' | 'finish',
  note: string,
  alongside: Record<string, SQL> = {},
) {
  const from = DAILY_PLAN_STATUSES.find((status) => nextDailyPlanStatus(status, action));
  const next = from && nextDailyPlanStatus(from, action);
  if (!from || !next) throw new Error(`no schedule status leaves by ${action}`);
  const at = isoNow();
  const moved = tx
    .update(dailyPlans)
    .set({ status: next, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(and(eq(dailyPlans.id, dailyPlanId), eq(dailyPlans.status, from)))
    .returning({ id: dailyPlans.id });
  const history = await writeTogether(
    tx,
    { ...alongside, moved: moved.getSQL() },
    sql`
      insert into ${dailyPlanHistory}
        (client_id, product_id, daily_plan_id, from_status, to_status, user_id, user_name, note, time)
      select ${writer.scope.clientId}::uuid, ${writer.scope.productId}::uuid, moved.id, ${from}, ${next},
        ${writer.user.id}::uuid, ${writer.user.name}, ${note}, ${at}::timestamptz
      from moved
      returning daily_plan_id`,
  );
  return history.length > 0;
}

/** The first task started puts its released schedule in progress, in the statement of the task's own writes. */
export async function followTaskStart(
  tx: Tx,
  writer: Actor,
  task: { dailyPlanId: string; code: string },
  taskWrites: Record<string, SQL>,
) {
  await followDailyPlan(tx, writer, task.dailyPlanId, 'start', task.code, taskWrites);
}

/**
 * One free open task of the ending task's schedule, of its plan if there is one (the latest planned is the least
 * likely to be written soon); in its statement, the bend jobs waiting for the task's cut released
 * (`releaseJobsAfterCut`).
 */
const freeTaskLook = builtOnce<
  'id' | 'dailyPlanId' | 'cutPlanId' | 'released',
  { id: string | null; ofPlan: boolean | null }
>((db, task) => {
  const ofPlan = eq(dailyPlanJobs.cutPlanId, task.cutPlanId);
  const freeTask = db
    .select({ id: tasks.id, ofPlan: sql<boolean>`${ofPlan}`.as('of_plan') })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .where(
      and(
        eq(tasks.dailyPlanId, task.dailyPlanId),
        notInArray(tasks.status, [...FINAL_TASK_STATUSES]),
        ne(tasks.id, task.id),
      ),
    )
    .orderBy(desc(ofPlan), desc(tasks.plannedStart))
    .limit(1)
    .for('key share', { of: tasks, skipLocked: true });
  return sql`select ${releaseJobsAfterCut(task.id, task.released)} as released, free.id, free.of_plan as "ofPlan"
      from (select 1) as one left join lateral (${freeTask}) as free on true`;
});

/**
 * A task ended (done, failed, cancelled; called with its row locked and its end written): its schedule
 * is done once none of its tasks is left open, and its cutting plan once none of the tasks made of its
 * patterns is (a cutting plan is in one schedule, not cancelled, at most: its tasks are among the
 * schedule's).
 *
 * Every writer that ends a task locks the task's row first (`lockTask`). So another open task whose row
 * nobody has locked cannot be ending now: it is taken `FOR KEY SHARE` (it cannot end before this commits,
 * and then it sees this end) and the schedule or plan it belongs to is left to it — the common case,
 * with no lock on the schedule, so the completions of one schedule do not take turns. Only when no such
 * task is left (the others, if any, are being written by other transactions) may the plan or the schedule
 * end here: their rows are then locked (the plan's, then the schedule's, always in that order) before
 * the open tasks are counted, so of two tasks ending at once the later one sees the other's end.
 */
export async function followTaskEnd(
  tx: Tx,
  writer: Actor,
  task: { id: string; dailyPlanId: string; cutPlanId: string; code: string },
) {
  const [free] = (await freeTaskLook(tx, { ...task, released: releasedNotice() })).filter((row) => row.id);
  if (free?.ofPlan) return;
  const ofPlan = eq(dailyPlanJobs.cutPlanId, task.cutPlanId);
  const open = and(eq(tasks.dailyPlanId, task.dailyPlanId), notInArray(tasks.status, [...FINAL_TASK_STATUSES]));
  await tx.select({ id: cutPlans.id }).from(cutPlans).where(eq(cutPlans.id, task.cutPlanId)).for('update');
  if (!free)
    await tx.select({ id: dailyPlans.id }).from(dailyPlans).where(eq(dailyPlans.id, task.dailyPlanId)).for('update');
  const [left] = await tx
    .select({
      ofSchedule: sql<number>`count(*)`.mapWith(Number),
      ofPlan: sql<number>`count(*) filter (where ${ofPlan})`.mapWith(Number),
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .where(open);
  if (!free && !left?.ofSchedule) await followDailyPlan(tx, writer, task.dailyPlanId, 'finish', task.code);
  if (!left?.ofPlan) await finishCutPlan(tx, writer, task.cutPlanId, task.code);
}
