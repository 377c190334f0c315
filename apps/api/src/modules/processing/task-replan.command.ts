import { eq } from 'drizzle-orm';
import { scheduleSlotSchema, type ReplanApplyInput, type ReplanProposal } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { tasks } from './processing.table.ts';
import { machineOfLine, reassignTask } from './task-bulk.ts';
import { RUSH_JOB, replanProposal } from './task-replan.query.ts';
import { releaseDailyPlan, storeSlots } from './daily-plan.command.ts';
import { resequenceMachineJobs } from './machine-job.command.ts';

/**
 * Applies a proposal as the planner read it, in one transaction: the proposal is worked out again and
 * must carry the same stamp (else 409 `replan_stale`, nothing written); work left without a place
 * refuses it (409 `replan_unplaced`). A task moved to another machine is re-assigned (its job withdrawn
 * from the old machine and sent to the new one when it was dispatched); every moved task takes its new
 * planned start and end. A rush schedule takes its slots and is released, making its tasks. The touched
 * machines' waiting jobs are then sent again in order of their new planned start.
 */
export async function applyReplan(tx: Tx, writer: Actor, body: ReplanApplyInput): Promise<ReplanProposal> {
  const { stamp, ...request } = body;
  const { proposal, result, open, rush } = await replanProposal(tx, writer.scope.productId, request);
  if (proposal.stamp !== stamp) throw new AppError('replan_stale');
  if (result.unplaced.length) throw new AppError('replan_unplaced', { count: result.unplaced.length });
  const taskById = new Map(open.map((task) => [task.id, task]));
  const at = isoNow();
  for (const move of result.moves) {
    const task = taskById.get(move.jobId);
    if (!task) continue;
    if (task.equipmentId !== move.machineId)
      await reassignTask(tx, writer, task.id, await machineOfLine(tx, writer.scope.productId, move.machineId));
    await tx
      .update(tasks)
      .set({
        plannedStart: new Date(move.start).toISOString(),
        plannedEnd: new Date(move.end).toISOString(),
        lastModifierId: writer.user.id,
        lastModificationTime: at,
      })
      .where(eq(tasks.id, task.id));
  }
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
