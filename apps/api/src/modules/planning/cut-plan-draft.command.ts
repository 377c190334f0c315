import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { isPlannableOrder, planThresholdsOf, plannableLines, type cutPlanInputSchema } from '@armature/domain';
import type { z } from 'zod';
import type { Tx } from '../../core/db/client.ts';
import { productSettings, rebars } from '../master-data/master-data.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { dayIn, nextDocumentCode } from '../../core/db/document-code.ts';
import { products } from '../../core/crud/resources.table.ts';
import { isoNow } from '../../core/db/time.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { cutPlanLines, cutPlans } from './cut-plan.table.ts';
import { ordersFingerprint, specNames } from './cut-plan.query.ts';
import { recordHistory } from './cut-plan-history.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';

export const CUT_PLAN_PREFIX = 'CP';

export type CutPlanBody = z.output<typeof cutPlanInputSchema>;

/**
 * A draft plan over whole orders or chosen lines of orders that are confirmed or producing (a revision's
 * re-planned lines): only the pieces still to plan of each current line — a line a revision superseded
 * is planned no more; the settings from the product settings. 409 `cut_plan_orders_not_confirmed`
 * naming the orders in another status, `cut_plan_nothing_to_plan` when every line is planned.
 * The orders are locked (`FOR SHARE`) so that none is cancelled or planned meanwhile.
 */
export async function createCutPlan(tx: Tx, writer: Actor, body: CutPlanBody, time?: string): Promise<string> {
  const { productId } = writer.scope;
  const byOrders = Boolean(body.demandOrderIds?.length);
  const candidates = await tx
    .select({
      orderLineId: demandOrderLines.id,
      orderId: demandOrderLines.orderId,
      rebarId: demandOrderLines.rebarId,
      length: demandOrderLines.length,
      quantity: demandOrderLines.quantity,
      plannedQuantity: demandOrderLines.plannedQuantity,
      weightGrams: demandOrderLines.weightGrams,
    })
    .from(demandOrderLines)
    .where(
      and(
        eq(demandOrderLines.productId, productId),
        isNull(demandOrderLines.supersededAt),
        byOrders
          ? inArray(demandOrderLines.orderId, body.demandOrderIds!)
          : inArray(demandOrderLines.id, body.orderLineIds!),
      ),
    )
    .orderBy(asc(demandOrderLines.orderId), asc(demandOrderLines.lineNo));
  const orderIds = byOrders ? [...new Set(body.demandOrderIds)] : [...new Set(candidates.map((line) => line.orderId))];
  const wanted = byOrders ? orderIds.length : new Set(body.orderLineIds).size;
  const found = byOrders ? new Set(candidates.map((line) => line.orderId)).size : candidates.length;
  const orders = orderIds.length
    ? await tx
        .select({ id: demandOrders.id, code: demandOrders.code, status: demandOrders.status })
        .from(demandOrders)
        .where(and(eq(demandOrders.productId, productId), inArray(demandOrders.id, orderIds)))
        .orderBy(asc(demandOrders.id))
        .for('share')
    : [];
  // An id of another product, or none: as if it did not exist.
  if (found < wanted || orders.length < orderIds.length) throw new AppError('not_found');
  const unconfirmed = orders.filter((order) => !isPlannableOrder(order.status));
  if (unconfirmed.length)
    throw new AppError('cut_plan_orders_not_confirmed', { codes: unconfirmed.map((order) => order.code).join(', ') });
  const lines = plannableLines(candidates.map((line) => ({ ...line, id: line.orderLineId })));
  if (!lines.length) throw new AppError('cut_plan_nothing_to_plan');

  const [settings] = await tx
    .select({
      kerf: productSettings.kerf,
      endTrim: productSettings.endTrim,
      minTailLength: productSettings.minTailLength,
      wasteLength: productSettings.wasteLength,
    })
    .from(productSettings)
    .where(eq(productSettings.productId, productId));
  // Each spec's own minimum tail and waste length are copied: the plan is cut as it was solved.
  const productThresholds = {
    minTailLength: settings?.minTailLength ?? 500,
    wasteLength: settings?.wasteLength ?? 500,
  };
  const rebarIds = [...new Set(lines.map((line) => line.rebarId))];
  const specThresholdRows = await tx
    .select({ id: rebars.id, minTailLength: rebars.minTailLength, wasteLength: rebars.wasteLength })
    .from(rebars)
    .where(and(eq(rebars.productId, productId), inArray(rebars.id, rebarIds)));
  const at = time ?? isoNow();
  const [product] = await tx.select({ timeZone: products.timeZone }).from(products).where(eq(products.id, productId));
  const today = dayIn(new Date(at), product?.timeZone ?? 'Asia/Shanghai');
  const planDate = body.planDate ?? `${today.slice(0, 4)}-${today.slice(4, 6)}-${today.slice(6, 8)}`;
  const code = await nextDocumentCode(tx, productId, CUT_PLAN_PREFIX, new Date(at));
  const demandWeightGrams = lines.reduce(
    (sum, line) => sum + Math.round((line.weightGrams * line.remaining) / line.quantity),
    0,
  );
  const [plan] = await tx
    .insert(cutPlans)
    .values({
      ...writer.scope,
      code,
      planDate,
      status: 'draft',
      specs: await specNames(tx, rebarIds),
      kerf: settings?.kerf ?? 0,
      endTrim: settings?.endTrim ?? 0,
      ...productThresholds,
      thresholds: planThresholdsOf(specThresholdRows, productThresholds),
      sources: body.sources,
      timeLimitS: body.timeLimitS,
      remark: body.remark ?? null,
      demandWeightGrams,
      ordersFingerprint: ordersFingerprint(lines.map((line) => ({ ...line, lineQuantity: line.quantity }))),
      creatorId: writer.user.id,
      creationTime: at,
    })
    .returning({ id: cutPlans.id });
  if (!plan) throw new Error('cut plan insert returned no row');
  await tx.insert(cutPlanLines).values(
    lines.map((line) => ({
      ...writer.scope,
      planId: plan.id,
      orderId: line.orderId,
      orderLineId: line.orderLineId,
      quantity: line.remaining,
      creatorId: writer.user.id,
      creationTime: at,
    })),
  );
  await recordHistory(tx, writer, plan.id, null, 'draft', null, at);
  return plan.id;
}
