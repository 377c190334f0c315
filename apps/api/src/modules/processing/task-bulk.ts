import { and, eq } from 'drizzle-orm';
import type { TaskBulkAction, TaskBulkResult } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { AppError, errorBody } from '../../core/http/app-error.ts';
import { tasks } from './processing.table.ts';
import { transitionTask } from './task.command.ts';
import { dispatchTasks, type TaskOutcome } from './task-dispatch.command.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/**
 * One bulk action of the task list, in one transaction: a task the action cannot apply to (wrong status,
 * another line's, a machine that cannot do it) is rolled back alone and answered with the message its single
 * action would give, and the others go through. A dispatch takes the tasks together (`dispatchTasks`); the other
 * actions take each task in a savepoint of its own. (Moving tasks to another machine is a re-plan:
 * `task-replan.command.ts`.)
 */
export async function bulkTasks(
  tx: Tx,
  writer: Actor,
  action: TaskBulkAction,
  ids: readonly string[],
): Promise<TaskBulkResult> {
  const outcomes =
    action === 'dispatch' ? await dispatchTasks(tx, writer, ids) : await transitionEach(tx, writer, action, ids);
  return { results: outcomes.map((outcome) => resultOf(writer, outcome)) };
}

async function transitionEach(
  tx: Tx,
  writer: Actor,
  action: Exclude<TaskBulkAction, 'dispatch'>,
  ids: readonly string[],
): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = [];
  for (const id of new Set(ids)) {
    try {
      await tx.transaction((step) => transitionTask(step, writer, id, action));
      outcomes.push({ id, task: await taskOf(tx, writer, id), error: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      outcomes.push({ id, task: await taskOf(tx, writer, id), error });
    }
  }
  return outcomes;
}

async function taskOf(tx: Tx, writer: Actor, id: string) {
  const [row] = await tx
    .select({ code: tasks.code, status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.productId, writer.scope.productId)));
  return row ?? null;
}

function resultOf(writer: Actor, { id, task, error }: TaskOutcome): TaskBulkResult['results'][number] {
  if (!error) return { id, code: task!.code, ok: true, status: task!.status, error: null };
  const body = errorBody(error.code, writer.locale, error.params).error;
  return {
    id,
    code: task?.code ?? null,
    ok: false,
    status: task?.status ?? null,
    error: { code: body.code, message: body.message },
  };
}
