import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CUT_PLAN_PERMISSIONS,
  nextCutPlanStatus,
  ordersFullyPlanned,
  overPlannedLines,
  placedByOrderLine,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { notify } from '../inbox/index.ts';
import { PLAN_RESERVATION, reserveStock } from '../stock/index.ts';
import { listPlanPurchases } from './cut-plan.purchase.ts';
import { cutPlanLines, cutPlanRuns, cutPlans } from './cut-plan.table.ts';
import { checkOrdersUnchanged, findPlan } from './cut-plan.query.ts';
import { recordHistory, refuseTransition } from './cut-plan-history.ts';
import { activeRun } from './cut-plan-run.command.ts';
import { transitionDemandOrder } from './demand-order.command.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';

/** Bars per stock row a run's patterns use (raw bars on hand and offcuts; purchases are not stock). */
function stockNeeds(groups: NonNullable<(typeof cutPlanRuns.$inferSelect)['result']>['groups']) {
  const needs = new Map<string, number>();
  for (const group of groups)
    for (const pattern of group.patterns)
      if (pattern.stockId && pattern.source !== 'purchase')
        needs.set(pattern.stockId, (needs.get(pattern.stockId) ?? 0) + pattern.count);
  return [...needs].map(([stockId, quantity]) => ({ stockId, quantity }));
}

/**
 * Approves a draft with one of its runs (the current one by default), in one transaction: the orders
 * are locked and must be as they were (`cut_plan_orders_changed`, also when another plan planned the
 * same pieces since); the stock rows the run uses are locked and reserved (`cut_plan_stock_gone`
 * naming the stock when other plans took it); the lines' planned quantities grow by the pieces placed,
 * and confirmed orders whose every current line is then fully planned move to `planned` (a producing
 * order stays producing); what the run buys becomes the
 * plan's purchase list.
 */
export async function approveCutPlan(tx: Tx, writer: Actor, planId: string, runId?: string, at = isoNow()) {
  const plan = await findPlan(tx, writer.scope.productId, planId, true);
  const next = nextCutPlanStatus(plan.status, 'approve');
  if (!next) refuseTransition(plan, 'approve');
  const chosen = runId ?? plan.currentRunId;
  const [run] = chosen
    ? await tx
        .select()
        .from(cutPlanRuns)
        .where(and(eq(cutPlanRuns.id, chosen), eq(cutPlanRuns.planId, planId)))
    : [];
  if (!run?.result) throw new AppError('cut_plan_no_result', { code: plan.code });
  if (await activeRun(tx, plan)) throw new AppError('cut_plan_job_active', { code: plan.code });

  // Orders first, in one order (as demand-order writes lock them), then their lines.
  const orderIds = (
    await tx.selectDistinct({ id: cutPlanLines.orderId }).from(cutPlanLines).where(eq(cutPlanLines.planId, planId))
  ).map((row) => row.id);
  const orders = await tx
    .select({ id: demandOrders.id, status: demandOrders.status })
    .from(demandOrders)
    .where(inArray(demandOrders.id, orderIds))
    .orderBy(asc(demandOrders.id))
    .for('update');
  const allLines = await tx
    .select({
      id: demandOrderLines.id,
      demandOrderId: demandOrderLines.orderId,
      quantity: demandOrderLines.quantity,
      plannedQuantity: demandOrderLines.plannedQuantity,
      supersededAt: demandOrderLines.supersededAt,
    })
    .from(demandOrderLines)
    .where(inArray(demandOrderLines.orderId, orderIds))
    .orderBy(asc(demandOrderLines.id))
    .for('update');
  // A superseded line is history: whether an order is fully planned is a matter of its current lines.
  const currentLines = allLines.filter((line) => line.supersededAt === null);
  const lines = await checkOrdersUnchanged(tx, plan);
  const placed = placedByOrderLine(run.result.groups);
  const over = overPlannedLines(
    lines.map((line) => ({ ...line, id: line.orderLineId, quantity: line.lineQuantity })),
    placed,
  );
  if (over.length)
    throw new AppError('cut_plan_orders_changed', {
      codes: [...new Set(over.map((line) => line.orderCode))].join(', '),
    });

  const shortfalls = await reserveStock(
    tx,
    writer.scope,
    { type: PLAN_RESERVATION, id: plan.id, code: plan.code },
    stockNeeds(run.result.groups),
    writer.user.id,
  );
  if (shortfalls.length)
    throw new AppError('cut_plan_stock_gone', {
      stock: shortfalls.map((row) => row.name).join(', '),
      available: shortfalls.map((row) => row.available).join(', '),
      needed: shortfalls.map((row) => row.needed).join(', '),
    });

  for (const line of lines) {
    const pieces = placed.get(line.orderLineId) ?? 0;
    await tx.update(cutPlanLines).set({ placedQuantity: pieces }).where(eq(cutPlanLines.id, line.id));
    if (pieces > 0)
      await tx
        .update(demandOrderLines)
        .set({
          plannedQuantity: sql`${demandOrderLines.plannedQuantity} + ${pieces}`,
          lastModifierId: writer.user.id,
          lastModificationTime: at,
        })
        .where(eq(demandOrderLines.id, line.orderLineId));
  }
  // A confirmed order becomes planned; a producing one whose re-planned lines this plan takes stays producing.
  const confirmed = new Set(orders.filter((order) => order.status === 'confirmed').map((order) => order.id));
  for (const orderId of ordersFullyPlanned(currentLines, placed))
    if (confirmed.has(orderId)) await transitionDemandOrder(tx, writer, orderId, 'plan', { note: plan.code, time: at });
  await listPlanPurchases(tx, writer, plan, run.result.groups, at);
  await tx
    .update(cutPlans)
    .set({
      status: next,
      approvedRunId: run.id,
      currentRunId: run.id,
      lastModifierId: writer.user.id,
      lastModificationTime: at,
    })
    .where(eq(cutPlans.id, planId));
  await recordHistory(tx, writer, planId, plan.status, next, null, at);
  // The daily planners schedule what was approved: they are told in this transaction.
  await notify(tx, {
    kind: 'planApproved',
    clientId: writer.scope.clientId,
    productId: writer.scope.productId,
    subject: { page: CUT_PLAN_PERMISSIONS.read, id: planId },
    params: { code: plan.code },
    actorId: writer.user.id,
  });
}
