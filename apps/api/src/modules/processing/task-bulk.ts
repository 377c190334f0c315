import { and, eq } from 'drizzle-orm';
import type { TaskBulkAction, TaskBulkResult } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { AppError, errorBody } from '../../core/http/app-error.ts';
import { tasks } from './processing.table.ts';
import { transitionTask } from './task.command.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/**
 * One bulk action of the task list, in one transaction: each task in a savepoint of its own, so a task
 * the action cannot apply to (wrong status, another line's, a machine that cannot do it) is rolled
 * back alone and answered with the message its single action would give, and the others go through.
 * (Moving tasks to another machine is a re-plan: `task-replan.command.ts`.)
 */
export async function bulkTasks(
  tx: Tx,
  writer: Actor,
  action: TaskBulkAction,
  ids: readonly string[],
): Promise<TaskBulkResult> {
  const results: TaskBulkResult['results'] = [];
  for (const id of new Set(ids)) {
    try {
      const after = await tx.transaction(async (step) => {
        await transitionTask(step, writer, id, action);
        const [row] = await step.select({ code: tasks.code, status: tasks.status }).from(tasks).where(eq(tasks.id, id));
        return row!;
      });
      results.push({ id, code: after.code, ok: true, status: after.status, error: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const [row] = await tx
        .select({ code: tasks.code, status: tasks.status })
        .from(tasks)
        .where(and(eq(tasks.id, id), eq(tasks.productId, writer.scope.productId)));
      const body = errorBody(error.code, writer.locale, error.params).error;
      results.push({
        id,
        code: row?.code ?? null,
        ok: false,
        status: row?.status ?? null,
        error: { code: body.code, message: body.message },
      });
    }
  }
  return { results };
}
