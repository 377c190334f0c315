import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { plantDayOf, type OrderRush, type ReplanProposal } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import {
  cancelCutPlan,
  cutPlanLines,
  demandOrders,
  optimizeSolver,
  planAndApproveNow,
  transitionDemandOrder,
} from '../planning/index.ts';
import { createDailyPlan, deleteDailyPlan } from './daily-plan.command.ts';
import { findDailyPlan, timeZoneOf } from './daily-plan.query.ts';
import { dailyPlanCutPlans } from './processing.table.ts';
import { applyReplan } from './task-replan.command.ts';
import { RUSH_REMARK, rushAnswer } from './order-rush.query.ts';

// A rush order in one step: the existing pieces — a cutting plan solved and approved, a draft
// schedule, the rush re-plan — chained in one transaction, so the planner reads the cost before deciding.

/** Each spec group's search: the planner waits for the answer, in the request. */
const RUSH_SOLVE_S = 2;
/** An urgent order is cut from what is in the plant now: bars on hand and offcuts, nothing bought. */
const RUSH_SOURCES = { raw: true, tails: true, purchase: false };

async function lockOrder(tx: Tx, writer: Actor, id: string) {
  const [order] = await tx
    .select({ id: demandOrders.id, code: demandOrders.code, status: demandOrders.status })
    .from(demandOrders)
    .where(and(eq(demandOrders.id, id), eq(demandOrders.productId, writer.scope.productId)))
    .for('update');
  if (!order) throw new AppError('not_found');
  return order;
}

/**
 * `POST /api/demandOrder/{id}/rush`: the order is marked urgent (a draft confirmed first); its open lines
 * are planned from free stock and offcuts (`cut_plan_orders_not_confirmed` when the order may not be
 * planned, `cut_plan_nothing_to_plan` when nothing is open, `order_rush_no_stock` when not one piece can
 * be cut) and the plan approved; a draft schedule of it over `days` from `firstDay` (today by default);
 * and the rush proposal
 * over the released work. Pieces the stock could not cut stay to plan.
 */
export async function rushOrder(
  tx: Tx,
  writer: Actor,
  id: string,
  body: { firstDay?: string; days: number },
): Promise<OrderRush> {
  const order = await lockOrder(tx, writer, id);
  const at = isoNow();
  if (order.status === 'draft') await transitionDemandOrder(tx, writer, id, 'confirm', { time: at });
  await tx
    .update(demandOrders)
    .set({ priority: 'urgent', lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(demandOrders.id, id));
  const { planId, problems } = await planAndApproveNow(
    tx,
    writer,
    { demandOrderIds: [id], sources: RUSH_SOURCES, timeLimitS: RUSH_SOLVE_S, remark: RUSH_REMARK },
    { solveSeconds: RUSH_SOLVE_S, solver: optimizeSolver.solve },
  );
  // The solver's result is checked; an unsound one is a fault of the solver, not of the request.
  if (problems.length) throw new Error(`the rush plan of ${order.code} is unsound: ${problems.join('; ')}`);
  const [cut] = await tx
    .select({ placed: sql<number>`coalesce(sum(${cutPlanLines.placedQuantity}), 0)`.mapWith(Number) })
    .from(cutPlanLines)
    .where(eq(cutPlanLines.planId, planId));
  if (!cut?.placed) throw new AppError('order_rush_no_stock', { code: order.code });
  const timeZone = await timeZoneOf(tx, writer.scope.productId);
  const dailyPlanId = await createDailyPlan(tx, writer, {
    firstDay: body.firstDay ?? plantDayOf(Date.parse(at), timeZone),
    days: body.days,
    cutPlanIds: [planId],
    remark: RUSH_REMARK,
  });
  return rushAnswer(tx, writer.scope.productId, { orderId: id, cutPlanId: planId, dailyPlanId });
}

/**
 * The cutting plans of a rush's draft schedule, each of this order alone: another schedule (not a draft,
 * or holding another order's plan) is not this order's rush — 404.
 */
async function rushPlans(tx: Tx, writer: Actor, orderId: string, dailyPlanId: string) {
  await lockOrder(tx, writer, orderId);
  const schedule = await findDailyPlan(tx, writer.scope.productId, dailyPlanId, true);
  const links = await tx
    .select({ cutPlanId: dailyPlanCutPlans.cutPlanId })
    .from(dailyPlanCutPlans)
    .where(eq(dailyPlanCutPlans.dailyPlanId, dailyPlanId))
    .orderBy(asc(dailyPlanCutPlans.cutPlanId));
  const cutPlanIds = links.map((link) => link.cutPlanId);
  const orders = cutPlanIds.length
    ? await tx
        .selectDistinct({ orderId: cutPlanLines.orderId })
        .from(cutPlanLines)
        .where(inArray(cutPlanLines.planId, cutPlanIds))
    : [];
  if (schedule.status !== 'draft' || orders.length !== 1 || orders[0]!.orderId !== orderId)
    throw new AppError('not_found');
  return cutPlanIds;
}

/** `POST /api/demandOrder/{id}/rush/apply`: the rush proposal applied as read (`replan_stale` otherwise). */
export async function applyRush(
  tx: Tx,
  writer: Actor,
  orderId: string,
  body: { dailyPlanId: string; stamp: string },
): Promise<ReplanProposal> {
  await rushPlans(tx, writer, orderId, body.dailyPlanId);
  return applyReplan(tx, writer, { kind: 'rush', dailyPlanId: body.dailyPlanId, stamp: body.stamp });
}

/**
 * `POST /api/demandOrder/{id}/rush/drop`: the rush is not wanted: its draft schedule is deleted and its
 * cutting plan cancelled (its bars given back, the pieces to plan again). The order stays urgent.
 */
export async function dropRush(tx: Tx, writer: Actor, orderId: string, dailyPlanId: string) {
  const cutPlanIds = await rushPlans(tx, writer, orderId, dailyPlanId);
  await deleteDailyPlan(tx, writer, dailyPlanId);
  for (const cutPlanId of cutPlanIds) await cancelCutPlan(tx, writer, cutPlanId, RUSH_REMARK);
  return { dailyPlanId, cutPlanIds };
}
