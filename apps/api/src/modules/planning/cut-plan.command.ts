import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  CUT_PLAN_ACTION_LABELS,
  CUT_PLAN_PERMISSIONS,
  CUT_PLAN_STATUS_LABELS,
  nextCutPlanStatus,
  ordersFullyPlanned,
  overPlannedLines,
  placedByOrderLine,
  plannableLines,
  type CutPlanAction,
  type CutPlanStatus,
  type Localized,
  type OptimizeSettings,
  type cutPlanInputSchema,
} from '@armature/domain';
import type { z } from 'zod';
import type { Tx } from '../../core/db/client.ts';
import { productSettings } from '../master-data/master-data.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { dayIn, nextDocumentCode } from '../../core/db/document-code.ts';
import { products } from '../../core/crud/resources.table.ts';
import { isoNow } from '../../core/db/time.ts';
import { cancelJob, enqueueJob, readJob } from '../../core/jobs/jobs.service.ts';
import { notify } from '../inbox/index.ts';
import { cancelPurchaseList, PLAN_RESERVATION, releaseReservations, reserveStock } from '../stock/index.ts';
import { listPlanPurchases } from './cut-plan.purchase.ts';
import { cutPlanHistory, cutPlanLines, cutPlanRuns, cutPlans } from './cut-plan.table.ts';
import { checkOrdersUnchanged, findPlan, ordersFingerprint, specNames, type PlanRow } from './cut-plan.query.ts';
import { optimizeCutPlanJob, optimizeExpirySeconds } from './cut-plan.job.ts';
import { transitionDemandOrder } from './demand-order.command.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

export const CUT_PLAN_PREFIX = 'CP';

export type CutPlanBody = z.output<typeof cutPlanInputSchema>;

const DELETE_LABEL: Localized = { 'zh-CN': '删除', 'en-US': 'delete', 'fr-FR': 'supprimer' };

function refuseTransition(plan: PlanRow, action: CutPlanAction | Localized): never {
  throw new AppError('cut_plan_transition', {
    code: plan.code,
    status: CUT_PLAN_STATUS_LABELS[plan.status],
    action: typeof action === 'string' ? CUT_PLAN_ACTION_LABELS[action] : action,
  });
}

async function recordHistory(
  tx: Tx,
  writer: Actor,
  planId: string,
  from: CutPlanStatus | null,
  to: CutPlanStatus,
  note: string | null = null,
  at = isoNow(),
) {
  await tx.insert(cutPlanHistory).values({
    ...writer.scope,
    planId,
    fromStatus: from,
    toStatus: to,
    userId: writer.user.id,
    userName: writer.user.name,
    note,
    time: at,
    creatorId: writer.user.id,
    creationTime: at,
  });
}

/**
 * A draft plan over whole confirmed orders or chosen lines of confirmed orders: only the pieces still
 * to plan of each line; the settings from the product settings. 409 `cut_plan_orders_not_confirmed`
 * naming the orders that are not confirmed, `cut_plan_nothing_to_plan` when every line is planned.
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
  const unconfirmed = orders.filter((order) => order.status !== 'confirmed');
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
      specs: await specNames(tx, [...new Set(lines.map((line) => line.rebarId))]),
      kerf: settings?.kerf ?? 0,
      endTrim: settings?.endTrim ?? 0,
      minTailLength: settings?.minTailLength ?? 500,
      wasteLength: settings?.wasteLength ?? 500,
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

/** Whether the plan's current run is still queued or running. */
async function activeRun(tx: Tx, plan: PlanRow) {
  if (!plan.currentRunId) return null;
  const [run] = await tx.select().from(cutPlanRuns).where(eq(cutPlanRuns.id, plan.currentRunId));
  if (!run?.jobId) return null;
  const job = await readJob(tx, run.jobId);
  return job && (job.state === 'queued' || job.state === 'running') ? run : null;
}

/**
 * A new run of a draft with these settings (the plan's own where not given), enqueued as a background
 * job in this transaction: 409 `cut_plan_job_active` while the current run still works. The run
 * becomes the plan's current one.
 */
export async function startRun(
  tx: Tx,
  writer: Actor,
  planId: string,
  settings: Partial<OptimizeSettings>,
  options: { enqueue?: boolean } = {},
): Promise<{ runId: string; jobId: string | null }> {
  const plan = await findPlan(tx, writer.scope.productId, planId, true);
  if (!nextCutPlanStatus(plan.status, 'optimize')) refuseTransition(plan, 'optimize');
  if (await activeRun(tx, plan)) throw new AppError('cut_plan_job_active', { code: plan.code });
  const lines = await checkOrdersUnchanged(tx, plan);
  const timeLimitS = settings.timeLimitS ?? plan.timeLimitS;
  // The optimiser solves one spec group after the other.
  const groups = new Set(lines.map((line) => line.rebarId)).size;
  const [{ last } = { last: 0 }] = await tx
    .select({ last: max(cutPlanRuns.number) })
    .from(cutPlanRuns)
    .where(eq(cutPlanRuns.planId, planId));
  const at = isoNow();
  const [run] = await tx
    .insert(cutPlanRuns)
    .values({
      ...writer.scope,
      planId,
      number: (last ?? 0) + 1,
      settings: { sources: settings.sources ?? plan.sources, timeLimitS },
      creatorId: writer.user.id,
      creationTime: at,
    })
    .returning({ id: cutPlanRuns.id });
  if (!run) throw new Error('cut plan run insert returned no row');
  const jobId =
    options.enqueue === false
      ? null
      : await enqueueJob(
          tx,
          optimizeCutPlanJob,
          { planId, runId: run.id },
          {
            channel: `cutPlan:${planId}`,
            creatorId: writer.user.id ?? undefined,
            expireInSeconds: optimizeExpirySeconds(groups, timeLimitS),
          },
        );
  await tx.update(cutPlanRuns).set({ jobId }).where(eq(cutPlanRuns.id, run.id));
  await tx
    .update(cutPlans)
    .set({ currentRunId: run.id, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(cutPlans.id, planId));
  return { runId: run.id, jobId };
}

/**
 * Stops the current run's job: the job is `cancelled` at once and its handler saves the best plan it
 * had (the run keeps it, approvable). False when there was nothing running.
 */
export async function cancelRun(tx: Tx, writer: Actor, planId: string): Promise<boolean> {
  const plan = await findPlan(tx, writer.scope.productId, planId, true);
  const run = await activeRun(tx, plan);
  return run?.jobId ? cancelJob(tx, run.jobId) : false;
}

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
 * and orders whose every line is then fully planned move to `planned`; what the run buys becomes the
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
  await tx
    .select({ id: demandOrders.id })
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
    })
    .from(demandOrderLines)
    .where(inArray(demandOrderLines.orderId, orderIds))
    .orderBy(asc(demandOrderLines.id))
    .for('update');
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
  for (const orderId of ordersFullyPlanned(allLines, placed))
    await transitionDemandOrder(tx, writer, orderId, 'plan', { note: plan.code, time: at });
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
    await cancelPurchaseList(tx, plan.id, writer.user.id);
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
  await releaseReservations(tx, plan.id);
  await tx
    .update(cutPlans)
    .set({ status: next, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(cutPlans.id, planId));
  await recordHistory(tx, writer, planId, plan.status, next, note, at);
  return true;
}
