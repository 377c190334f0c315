import { and, eq } from 'drizzle-orm';
import {
  TASK_REASSIGN_LABEL,
  isReplannableTask,
  machineCanDo,
  machineLabel,
  scheduleSlotSchema,
  type ReplanApplyInput,
  type ReplanProposal,
  type ScheduleSlot,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { equipment } from '../equipment/index.ts';
import { machineOfLine } from './machine-of-line.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { dailyPlanJobs, dailyPlanSlots, dailyPlans, tasks } from './processing.table.ts';
import { lockTask, recordTaskEvent, refuseTask } from './task.command.ts';
import { queueMachineJob, resequenceMachineJobs, withdrawMachineJobs } from './machine-job.command.ts';
import { RUSH_JOB, replanProposal } from './task-replan.query.ts';
import { releaseDailyPlan, slotRow, storeSlots } from './daily-plan.command.ts';

/**
 * Moves a task that has not started to its re-planned machine and times (409 `task_transition` once
 * started, 409 `task_machine_ineligible` for a machine that cannot do its technique or diameter), and
 * records a `replan` event naming both machines and both starts — a task only pushed later gets one too.
 * A dispatched task that changes machine has its job withdrawn (`replanned`) and sent to the new one.
 */
async function moveTask(
  tx: Tx,
  writer: Actor,
  id: string,
  to: { machineId: string; start: number; end: number },
  slots: readonly ScheduleSlot[],
) {
  const task = await lockTask(tx, writer.scope.productId, id);
  if (!isReplannableTask(task.status)) refuseTask(task, TASK_REASSIGN_LABEL);
  const target = await machineOfLine(tx, writer.scope.productId, to.machineId);
  // The machine it leaves, named in the event (the task's own, wherever it is installed now).
  const [from] = await tx
    .select({ name: equipment.name, serialNumber: equipment.serialNumber })
    .from(equipment)
    .where(eq(equipment.id, task.equipmentId));
  const changesMachine = task.equipmentId !== to.machineId;
  if (changesMachine) {
    const [job] = await tx
      .select({ techniqueId: dailyPlanJobs.techniqueId, diameter: dailyPlanJobs.diameter })
      .from(dailyPlanJobs)
      .where(eq(dailyPlanJobs.id, task.jobId));
    if (!job || !machineCanDo(target, job))
      throw new AppError('task_machine_ineligible', { machine: machineLabel(target), code: task.code });
  }
  const at = isoNow();
  await tx
    .update(tasks)
    .set({
      equipmentId: to.machineId,
      plannedStart: new Date(to.start).toISOString(),
      plannedEnd: new Date(to.end).toISOString(),
      lastModifierId: writer.user.id,
      lastModificationTime: at,
    })
    .where(eq(tasks.id, id));
  const data = {
    from: from ? machineLabel(from) : null,
    to: machineLabel(target),
    fromStart: toIso(task.plannedStart),
    start: new Date(to.start).toISOString(),
  };
  await recordTaskEvent(tx, writer, task, 'replan', { from: null, to: null }, data, at);
  await followOnBoard(tx, task.jobId, to.machineId, slots);
  // A dispatched task's job leaves the first machine and goes to the new one.
  if (changesMachine && task.status === 'dispatched') {
    await withdrawMachineJobs(tx, id, 'replanned');
    await queueMachineJob(tx, writer.scope, id);
  }
}

/**
 * The released schedule's board draws its stored slots: the moved task's job takes the re-plan's slots
 * (its work and the changeover before it), and a machine the schedule did not use gets its row.
 */
async function followOnBoard(tx: Tx, jobId: string, machineId: string, slots: readonly ScheduleSlot[]) {
  const [job] = await tx
    .select({ key: dailyPlanJobs.key, dailyPlanId: dailyPlanJobs.dailyPlanId })
    .from(dailyPlanJobs)
    .where(eq(dailyPlanJobs.id, jobId));
  if (!job) return;
  const [plan] = await tx.select().from(dailyPlans).where(eq(dailyPlans.id, job.dailyPlanId));
  if (!plan) return;
  await tx
    .delete(dailyPlanSlots)
    .where(and(eq(dailyPlanSlots.dailyPlanId, plan.id), eq(dailyPlanSlots.jobKey, job.key)));
  if (slots.length)
    await tx.insert(dailyPlanSlots).values(slots.map((slot) => slotRow(plan, { ...slot, jobId: job.key })));
  if (!plan.machineIds.includes(machineId))
    await tx
      .update(dailyPlans)
      .set({ machineIds: [...plan.machineIds, machineId] })
      .where(eq(dailyPlans.id, plan.id));
}

/**
 * Applies a proposal as the planner read it, in one transaction: the proposal is worked out again and
 * must carry the same stamp (else 409 `replan_stale`, nothing written); work left without a place
 * refuses it (409 `replan_unplaced`). Every moved task takes its machine and planned start and end
 * (`moveTask`). A rush schedule takes its slots and is released, making its tasks. The touched machines'
 * waiting jobs are then sent again in order of their new planned start.
 */
export async function applyReplan(tx: Tx, writer: Actor, body: ReplanApplyInput): Promise<ReplanProposal> {
  const { stamp, ...request } = body;
  const { proposal, result, open, rush } = await replanProposal(tx, writer.scope.productId, request);
  if (proposal.stamp !== stamp) throw new AppError('replan_stale');
  if (result.unplaced.length) throw new AppError('replan_unplaced', { count: result.unplaced.length });
  const taskIds = new Set(open.map((task) => task.id));
  for (const move of result.moves)
    if (taskIds.has(move.jobId))
      await moveTask(
        tx,
        writer,
        move.jobId,
        move,
        result.after.filter((slot) => slot.jobId === move.jobId),
      );
  if (rush) {
    const slots = result.after
      .filter((slot) => slot.jobId.startsWith(RUSH_JOB))
      .map((slot) => scheduleSlotSchema.parse({ ...slot, jobId: slot.jobId.slice(RUSH_JOB.length) }));
    await storeSlots(tx, rush, slots);
    await releaseDailyPlan(tx, writer, rush.id);
  }
  // The machines' queues follow the new planned starts (a rush's own tasks were just queued last).
  await resequenceMachineJobs(
    tx,
    writer.scope,
    result.moves.map((move) => move.machineId),
  );
  return proposal;
}
