import { and, eq } from 'drizzle-orm';
import {
  TASK_REASSIGN_LABEL,
  machineCanDo,
  machineLabel,
  type TaskBulkAction,
  type TaskBulkResult,
  type TaskStatus,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError, errorBody, invalidFields } from '../../core/http/app-error.ts';
import { equipment } from '../equipment/index.ts';
import { dailyPlanJobs, tasks } from './processing.table.ts';
import { lockTask, recordTaskEvent, refuseTask, transitionTask } from './task.command.ts';
import { queueMachineJob, withdrawMachineJobs } from './machine-job.command.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/** A task may change machines until it starts: afterwards its bars were taken at the first one. */
const MOVABLE: readonly TaskStatus[] = ['pending', 'dispatched'];

type Machine = {
  id: string;
  name: string;
  serialNumber: string;
  techniqueIds: string[];
  diameterMin: number | null;
  diameterMax: number | null;
};

/** A machine of the caller's line, else 400 naming the field (the whole request is refused). */
export async function machineOfLine(tx: Tx, productId: string, id: string): Promise<Machine> {
  const [machine] = await tx
    .select({
      id: equipment.id,
      name: equipment.name,
      serialNumber: equipment.serialNumber,
      techniqueIds: equipment.techniqueIds,
      diameterMin: equipment.diameterMin,
      diameterMax: equipment.diameterMax,
    })
    .from(equipment)
    .where(and(eq(equipment.id, id), eq(equipment.productId, productId)));
  if (!machine) throw invalidFields({ equipmentId: ['invalid'] });
  return machine;
}

/**
 * Moves a task that has not started to `target`: 409 `task_transition` once started, 409
 * `task_machine_ineligible` when the machine cannot do its technique or diameter. Recorded as a
 * `reassign` event naming both machines; the status stays (a dispatched task joins the new queue).
 */
export async function reassignTask(tx: Tx, writer: Actor, id: string, target: Machine) {
  const task = await lockTask(tx, writer.scope.productId, id);
  if (!MOVABLE.includes(task.status)) refuseTask(task, TASK_REASSIGN_LABEL);
  if (task.equipmentId === target.id) return;
  const [job] = await tx
    .select({ techniqueId: dailyPlanJobs.techniqueId, diameter: dailyPlanJobs.diameter })
    .from(dailyPlanJobs)
    .where(eq(dailyPlanJobs.id, task.jobId));
  if (!job || !machineCanDo(target, job))
    throw new AppError('task_machine_ineligible', { machine: machineLabel(target), code: task.code });
  const [from] = await tx
    .select({ name: equipment.name, serialNumber: equipment.serialNumber })
    .from(equipment)
    .where(eq(equipment.id, task.equipmentId));
  const at = isoNow();
  await tx
    .update(tasks)
    .set({ equipmentId: target.id, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(tasks.id, id));
  const names = { from: from ? machineLabel(from) : null, to: machineLabel(target) };
  await recordTaskEvent(tx, writer, task, 'reassign', { from: null, to: null }, names, at);
  // A dispatched task's job leaves the first machine and goes to the new one.
  if (task.status === 'dispatched') {
    await withdrawMachineJobs(tx, id, 'reassigned');
    await queueMachineJob(tx, writer.scope, id);
  }
}

/**
 * One bulk action of the task list, in one transaction: each task in a savepoint of its own, so a task
 * the action cannot apply to (wrong status, another line's, a machine that cannot do it) is rolled
 * back alone and answered with the message its single action would give, and the others go through.
 */
export async function bulkTasks(
  tx: Tx,
  writer: Actor,
  action: TaskBulkAction,
  ids: readonly string[],
  equipmentId?: string,
): Promise<TaskBulkResult> {
  const target = action === 'reassign' ? await machineOfLine(tx, writer.scope.productId, equipmentId!) : null;
  const results: TaskBulkResult['results'] = [];
  for (const id of new Set(ids)) {
    try {
      const after = await tx.transaction(async (step) => {
        if (target) await reassignTask(step, writer, id, target);
        else await transitionTask(step, writer, id, action as 'dispatch' | 'cancel');
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
