import { inArray } from 'drizzle-orm';
import { nextTaskStatus, type TaskStatus } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { tasks } from './processing.table.ts';
import { lockTasks, recordTaskEvents, taskTransitionError } from './task.command.ts';
import { materialRefusals } from './task-material.query.ts';
import { queueMachineJobs } from './machine-job.command.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/** What became of one task of a dispatch: the task as it is after (null when unknown), refused or not. */
export type TaskOutcome = { id: string; task: { code: string; status: TaskStatus } | null; error: AppError | null };

/** A dispatch goes one way in the workflow, pending → dispatched: the tasks it goes through change alike. */
const DISPATCHED: TaskStatus = 'dispatched';

/**
 * Tasks of the product go to their machines' queues, each refused alone as its own dispatch would be: 404 for a
 * task not found, 409 `task_transition` from a status that does not dispatch, 409 `material_missing` when the
 * product blocks on material and its bars are missing. A few statements whatever their number (the shift lead's
 * bulk dispatch, a fleet's work at the start of a shift): the tasks are locked together, every refusal is known
 * before the first write (a refused task writes nothing, so it needs no savepoint of its own to roll back), and the
 * others change in one update, one insert of their events and one queueing of their jobs — a machine that speaks
 * MQTT gets each task as a job, sequenced in the order of `ids`.
 */
export async function dispatchTasks(tx: Tx, writer: Actor, ids: readonly string[]): Promise<TaskOutcome[]> {
  const wanted = [...new Set(ids)];
  const { productId } = writer.scope;
  const locked = new Map((await lockTasks(tx, productId, wanted)).map((task) => [task.id, task]));
  const refused = new Map<string, AppError>();
  for (const id of wanted) {
    const task = locked.get(id);
    if (!task) refused.set(id, new AppError('not_found'));
    else if (nextTaskStatus(task.status, 'dispatch') !== DISPATCHED)
      refused.set(id, taskTransitionError(task, 'dispatch'));
  }
  const gated = wanted.flatMap((id) => (refused.has(id) ? [] : [locked.get(id)!]));
  for (const [id, refusal] of await materialRefusals(tx, productId, gated)) refused.set(id, refusal);
  const going = gated.filter((task) => !refused.has(task.id));
  if (going.length) {
    const at = isoNow();
    await tx
      .update(tasks)
      .set({ status: DISPATCHED, lastModifierId: writer.user.id, lastModificationTime: at })
      .where(
        inArray(
          tasks.id,
          going.map((task) => task.id),
        ),
      );
    const events = going.map((task) => ({ task, change: { from: task.status, to: DISPATCHED }, data: null }));
    await recordTaskEvents(tx, writer, 'dispatch', events, at);
    await queueMachineJobs(
      tx,
      writer.scope,
      going.map((task) => task.id),
    );
  }
  return wanted.map((id) => {
    const task = locked.get(id);
    const error = refused.get(id) ?? null;
    return { id, task: task ? { code: task.code, status: error ? task.status : DISPATCHED } : null, error };
  });
}

/** One task dispatched (`dispatchTasks`), its refusal thrown. */
export async function dispatchTask(tx: Tx, writer: Actor, id: string) {
  const [outcome] = await dispatchTasks(tx, writer, [id]);
  if (outcome!.error) throw outcome!.error;
}
