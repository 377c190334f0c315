import { asc, eq, inArray, sql } from 'drizzle-orm';
import { nextCutPlanStatus, type Localized } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { writeTogether } from '../../core/db/write-together.ts';
import { cancelJob } from '../../core/jobs/jobs.service.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { cancelPurchaseList, releaseReservations, reservationsRelease } from '../stock/index.ts';
import { cutPlanLines, cutPlans } from './cut-plan.table.ts';
import { findPlan } from './cut-plan.query.ts';
import { historyInsert, recordHistory, refuseTransition } from './cut-plan-history.ts';
import { activeRun } from './cut-plan-run.command.ts';
import { transitionDemandOrder } from './demand-order.command.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';

/*
 * A cutting plan's writes, by job: creating a draft (cut-plan-draft.command.ts), its optimisation runs
 * (cut-plan-run.command.ts), approving it (cut-plan-approve.command.ts); here the moves that give back what it held
 * (cancel, delete, finish) and scheduling. Callers import every write from this file.
 */
export { CUT_PLAN_PREFIX, createCutPlan, type CutPlanBody } from './cut-plan-draft.command.ts';
export { cancelRun, startRun } from './cut-plan-run.command.ts';
export { approveCutPlan } from './cut-plan-approve.command.ts';

const DELETE_LABEL: Localized = { 'zh-CN': '删除', 'en-US': 'delete', 'fr-FR': 'supprimer' };

/**
 * Cancels a draft (stopping its run) or an approved plan: its reservations are released, the pieces it
 * planned given back to their lines, and its orders that were `planned` go back to `confirmed`.
 */
export async function cancelCutPlan(tx: Tx, writer: Actor, planId: string, reason: string | null) {
  const plan = await findPlan(tx, writer.scope.productId, planId, true);
  const next = nextCutPlanStatus(plan.status, 'cancel');
  if (!next) refuseTransition(plan, 'cancel');
  const at = isoNow();
  const run = await activeRun(tx, plan);
  if (run?.jobId) await cancelJob(tx, run.jobId);
  if (plan.status === 'approved') {
    await releaseReservations(tx, plan.id);
    await cancelPurchaseList(tx, plan.id, writer.user);
    const taken = await tx
      .select({
        orderLineId: cutPlanLines.orderLineId,
        orderId: cutPlanLines.orderId,
        placed: cutPlanLines.placedQuantity,
      })
      .from(cutPlanLines)
      .where(eq(cutPlanLines.planId, planId))
      .orderBy(asc(cutPlanLines.orderLineId));
    const orderIds = [...new Set(taken.map((line) => line.orderId))].sort();
    const orders = await tx
      .select({ id: demandOrders.id, status: demandOrders.status })
      .from(demandOrders)
      .where(inArray(demandOrders.id, orderIds))
      .orderBy(asc(demandOrders.id))
      .for('update');
    for (const line of taken)
      if (line.placed > 0)
        await tx
          .update(demandOrderLines)
          .set({
            plannedQuantity: sql`greatest(0, ${demandOrderLines.plannedQuantity} - ${line.placed})`,
            lastModifierId: writer.user.id,
            lastModificationTime: at,
          })
          .where(eq(demandOrderLines.id, line.orderLineId));
    const touched = new Set(taken.filter((line) => line.placed > 0).map((line) => line.orderId));
    for (const order of orders)
      if (order.status === 'planned' && touched.has(order.id))
        await transitionDemandOrder(tx, writer, order.id, 'unplan', { note: plan.code, time: at });
  }
  await tx
    .update(cutPlans)
    .set({ status: next, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(cutPlans.id, planId));
  await recordHistory(tx, writer, planId, plan.status, next, reason, at);
}

/**
 * Marks approved plans `scheduled` (a daily schedule released their work), recording `note` (the
 * schedule's code) in their history. The plans are locked in id order; one not approved — cancelled
 * meanwhile, or scheduled by another release — is refused (`cut_plan_transition`).
 */
export async function scheduleCutPlans(tx: Tx, writer: Actor, planIds: readonly string[], note: string) {
  const at = isoNow();
  for (const planId of [...new Set(planIds)].sort()) {
    const plan = await findPlan(tx, writer.scope.productId, planId, true);
    const next = nextCutPlanStatus(plan.status, 'schedule');
    if (!next) refuseTransition(plan, 'schedule');
    await tx
      .update(cutPlans)
      .set({ status: next, lastModifierId: writer.user.id, lastModificationTime: at })
      .where(eq(cutPlans.id, planId));
    await recordHistory(tx, writer, planId, plan.status, next, note, at);
  }
}

/** Deletes a draft or cancelled plan with its lines, runs and history (a running job is cancelled). */
export async function deleteCutPlan(tx: Tx, writer: Actor, planId: string) {
  const plan = await findPlan(tx, writer.scope.productId, planId, true);
  if (plan.status !== 'draft' && plan.status !== 'cancelled') refuseTransition(plan, DELETE_LABEL);
  const run = await activeRun(tx, plan);
  if (run?.jobId) await cancelJob(tx, run.jobId);
  await releaseReservations(tx, plan.id);
  await tx.delete(cutPlans).where(eq(cutPlans.id, planId));
}

/**
 * A scheduled plan whose every task has ended (done, failed or cancelled) is `done`: what it still
 * holds of the stock (bars of tasks that failed or were cancelled) is released. False when the plan is
 * in another status (nothing changes).
 */
export async function finishCutPlan(tx: Tx, writer: Actor, planId: string, note: string | null = null) {
  const plan = await findPlan(tx, writer.scope.productId, planId, true);
  const next = nextCutPlanStatus(plan.status, 'finish');
  if (!next) return false;
  const at = isoNow();
  // Its reservations given back, its status and its history row in one statement.
  await writeTogether(
    tx,
    {
      released: reservationsRelease(tx, plan.id).getSQL(),
      finished: tx
        .update(cutPlans)
        .set({ status: next, lastModifierId: writer.user.id, lastModificationTime: at })
        .where(eq(cutPlans.id, planId))
        .getSQL(),
    },
    historyInsert(tx, writer, planId, plan.status, next, note, at).getSQL(),
  );
  return true;
}
