import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderRush } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { cutPlanLines, cutPlans, demandOrders } from '../planning/index.ts';
import { dailyPlanCutPlans, dailyPlans } from './processing.table.ts';
import { replanProposal } from './task-replan.query.ts';

/** What a rush's schedule and cutting plan are marked with: how an open rush is found again. */
export const RUSH_REMARK = 'rush';

/**
 * A rush as the planner reads it: its cutting plan and draft schedule, the pieces asked and cut from
 * stock, and the rush re-plan's proposal over the released work as it stands now.
 */
export async function rushAnswer(
  db: Db | Tx,
  productId: string,
  ids: { orderId: string; cutPlanId: string; dailyPlanId: string },
): Promise<OrderRush> {
  const [counts] = await db
    .select({
      code: cutPlans.code,
      pieces: sql<number>`coalesce(sum(${cutPlanLines.quantity}), 0)`.mapWith(Number),
      placed: sql<number>`coalesce(sum(${cutPlanLines.placedQuantity}), 0)`.mapWith(Number),
    })
    .from(cutPlans)
    .leftJoin(cutPlanLines, eq(cutPlanLines.planId, cutPlans.id))
    .where(and(eq(cutPlans.id, ids.cutPlanId), eq(cutPlans.productId, productId)))
    .groupBy(cutPlans.code);
  const [schedule] = await db
    .select({ code: dailyPlans.code })
    .from(dailyPlans)
    .where(and(eq(dailyPlans.id, ids.dailyPlanId), eq(dailyPlans.productId, productId)));
  const { proposal } = await replanProposal(db, productId, { kind: 'rush', dailyPlanId: ids.dailyPlanId });
  return {
    ...ids,
    cutPlanCode: counts!.code,
    dailyPlanCode: schedule!.code,
    pieces: counts!.pieces,
    placedPieces: counts!.placed,
    proposal,
  };
}

/**
 * `GET /api/demandOrder/{id}/rush`: the order's rush still waiting for Apply or Drop — a draft schedule
 * made by a rush whose one cutting plan is this order's alone — with a fresh proposal; null when there is
 * none (its dialog was closed, the page left, the planner comes back to decide); 404 for another line's
 * order.
 */
export async function openRush(db: Db | Tx, productId: string, orderId: string): Promise<{ rush: OrderRush | null }> {
  const [order] = await db
    .select({ id: demandOrders.id })
    .from(demandOrders)
    .where(and(eq(demandOrders.id, orderId), eq(demandOrders.productId, productId)));
  if (!order) throw new AppError('not_found');
  const drafts = await db
    .select({ dailyPlanId: dailyPlans.id, cutPlanId: dailyPlanCutPlans.cutPlanId })
    .from(dailyPlans)
    .innerJoin(dailyPlanCutPlans, eq(dailyPlanCutPlans.dailyPlanId, dailyPlans.id))
    .where(
      and(
        eq(dailyPlans.productId, productId),
        eq(dailyPlans.status, 'draft'),
        eq(dailyPlans.remark, RUSH_REMARK),
        sql`exists (select 1 from ${cutPlanLines} where ${cutPlanLines.planId} = ${dailyPlanCutPlans.cutPlanId} and ${cutPlanLines.orderId} = ${orderId})`,
      ),
    )
    .orderBy(desc(dailyPlans.creationTime));
  for (const draft of drafts) {
    // A rush's schedule holds its one plan, and that plan this order's lines only.
    const plans = drafts.filter((row) => row.dailyPlanId === draft.dailyPlanId);
    const others = await db
      .selectDistinct({ orderId: cutPlanLines.orderId })
      .from(cutPlanLines)
      .where(
        inArray(
          cutPlanLines.planId,
          plans.map((plan) => plan.cutPlanId),
        ),
      );
    if (plans.length === 1 && others.length === 1)
      return { rush: await rushAnswer(db, productId, { orderId, ...draft }) };
  }
  return { rush: null };
}
