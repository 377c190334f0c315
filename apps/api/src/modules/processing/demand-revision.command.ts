import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import {
  DEMAND_ORDER_STATUS_LABELS,
  diffRevision,
  revisionCounts,
  revisionDrawingIndex,
  revisionNote,
  type DemandRevisionPreview,
  type demandRevisionInputSchema,
} from '@armature/domain';
import type { z } from 'zod';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import {
  completeLines,
  cutPlanLines,
  cutPlanRuns,
  cutPlans,
  demandOrderLines,
  demandOrderRevisions,
  demandOrders,
  recordHistory,
  transitionDemandOrder,
} from '../planning/index.ts';
import { PLAN_RESERVATION, takeReserved } from '../stock/index.ts';
import { bundles } from './processing.table.ts';
import { revisionCost, tasksOnlyFor, withWeights } from './demand-revision.cost.ts';
import { withdrawMachineJobs } from './machine-job.command.ts';
import { transitionTask } from './task.command.ts';

// A revised bar list applied to an order whose work has begun: the diff is the domain's
// (`diffRevision`); this carries each mark's outcome out in one transaction.

export type RevisionBody = z.output<typeof demandRevisionInputSchema>;

/** Orders that take a revised list: a draft is edited instead, a completed or cancelled one is history. */
const REVISABLE = new Set(['confirmed', 'planned', 'producing']);

async function lockRevisableOrder(tx: Tx, writer: Actor, id: string) {
  const [order] = await tx
    .select()
    .from(demandOrders)
    .where(and(eq(demandOrders.id, id), eq(demandOrders.productId, writer.scope.productId)))
    .for('update');
  if (!order) throw new AppError('not_found');
  if (!REVISABLE.has(order.status))
    throw new AppError('demand_order_not_revisable', {
      code: order.code,
      status: DEMAND_ORDER_STATUS_LABELS[order.status],
    });
  return order;
}

/** The order's lines a revision compares with: every line not superseded by an earlier revision. */
function currentLines(tx: Tx, orderId: string) {
  return tx
    .select()
    .from(demandOrderLines)
    .where(and(eq(demandOrderLines.orderId, orderId), isNull(demandOrderLines.supersededAt)))
    .orderBy(asc(demandOrderLines.lineNo));
}

/** The diff of the revised lines against the order's current ones (completed as a save completes them). */
async function revisionDiff(tx: Tx, writer: Actor, orderId: string, body: RevisionBody) {
  const revised = await completeLines(tx, writer, body);
  const current = await currentLines(tx, orderId);
  return { revised, current, changes: withWeights(diffRevision(current, revised), current, revised) };
}

/** `POST /api/demandOrder/{id}/revision/preview`: what applying the list would do, nothing saved. */
export async function previewRevision(
  tx: Tx,
  writer: Actor,
  id: string,
  body: RevisionBody,
): Promise<DemandRevisionPreview> {
  const order = await lockRevisableOrder(tx, writer, id);
  const { current, revised, changes } = await revisionDiff(tx, writer, id, body);
  return {
    revision: order.revision + 1,
    drawingIndex: revisionDrawingIndex(body.lines),
    changes,
    counts: revisionCounts(changes),
    cost: await revisionCost(tx, writer.scope.productId, changes, current, revised),
  };
}

/**
 * `POST /api/demandOrder/{id}/revision`: the order's next revision, in one transaction. Per mark: an added
 * one becomes a new line; a changed or removed line with no work is updated in place or deleted (kept as
 * superseded when a draft plan names it); a line planned or with pieces made is superseded — it stays with
 * its plan and pieces, its changed version is a new line to plan, its approved plans give back the bars
 * only its pieces needed, its tasks not yet started are cancelled (their machine jobs withdrawn, reason
 * `replanned`), and its bundles not delivered are flagged superseded. A planned order with lines to plan
 * again goes back to `confirmed`. Answers the revision number.
 */
export async function applyRevision(tx: Tx, writer: Actor, id: string, body: RevisionBody): Promise<number> {
  const order = await lockRevisableOrder(tx, writer, id);
  const { revised, current, changes } = await revisionDiff(tx, writer, id, body);
  const revision = order.revision + 1;
  const drawingIndex = revisionDrawingIndex(body.lines);
  const at = isoNow();
  const stamp = { lastModifierId: writer.user.id, lastModificationTime: at };
  const [{ last } = { last: 0 }] = await tx
    .select({ last: max(demandOrderLines.lineNo) })
    .from(demandOrderLines)
    .where(eq(demandOrderLines.orderId, id));
  let lineNo = last ?? 0;
  const insert = async (index: number) => {
    lineNo += 1;
    await tx.insert(demandOrderLines).values({
      ...revised[index]!,
      ...writer.scope,
      orderId: id,
      lineNo,
      creatorId: writer.user.id,
      creationTime: at,
    });
  };
  const byId = new Map(current.map((line) => [line.id, line]));
  const superseded: string[] = [];
  const inDraftPlans = await linesInPlans(
    tx,
    changes.filter((change) => change.outcome === 'deleted').map((change) => change.lineId!),
  );

  let revisedIndex = 0;
  for (const change of changes) {
    const index = change.kind === 'removed' ? -1 : revisedIndex++;
    const line = change.lineId ? byId.get(change.lineId) : undefined;
    switch (change.outcome) {
      case 'added':
        await insert(index);
        break;
      case 'unchanged':
        // Same mark, same bar: the line keeps its work; only the drawing (with its new index) is the revision's.
        await tx
          .update(demandOrderLines)
          .set({ drawing: revised[index]!.drawing, ...stamp })
          .where(eq(demandOrderLines.id, line!.id));
        break;
      case 'replaced':
        await tx
          .update(demandOrderLines)
          .set({ ...revised[index]!, ...stamp })
          .where(eq(demandOrderLines.id, line!.id));
        break;
      case 'deleted':
        if (inDraftPlans.has(line!.id)) superseded.push(line!.id);
        else await tx.delete(demandOrderLines).where(eq(demandOrderLines.id, line!.id));
        break;
      case 'replanned':
      case 'superseded':
        superseded.push(line!.id);
        if (change.kind === 'changed') await insert(index);
        break;
    }
  }

  if (superseded.length) {
    await tx
      .update(demandOrderLines)
      .set({ supersededAt: at, supersededRevision: revision, ...stamp })
      .where(inArray(demandOrderLines.id, superseded));
    await releasePlannedBars(tx, superseded);
    await withdrawOpenTasks(tx, writer, superseded);
    await tx
      .update(bundles)
      .set({ supersededAt: at, ...stamp })
      .where(and(inArray(bundles.orderLineId, superseded), eq(bundles.status, 'produced')));
  }

  const totals = await orderTotals(tx, id);
  await tx
    .update(demandOrders)
    .set({ ...totals, revision, ...stamp })
    .where(eq(demandOrders.id, id));
  await tx.insert(demandOrderRevisions).values({
    ...writer.scope,
    orderId: id,
    revision,
    drawingIndex,
    fileName: body.fileName ?? null,
    changes,
    userId: writer.user.id,
    userName: writer.user.name,
    time: at,
    creatorId: writer.user.id,
    creationTime: at,
  });
  // The status history records every revision: the step back to confirmed when it takes one, else a row
  // from the status to itself.
  const note = revisionNote(revision, drawingIndex);
  if (order.status === 'planned' && (await hasLinesToPlan(tx, id)))
    await transitionDemandOrder(tx, writer, id, 'unplan', { note, time: at });
  else await recordHistory(tx, writer, id, order.status, order.status, at, note);
  return revision;
}

/** Of these lines, those a cutting plan names (a draft's lines are rows that refer to them). */
async function linesInPlans(tx: Tx, lineIds: readonly string[]) {
  if (!lineIds.length) return new Set<string>();
  const rows = await tx
    .selectDistinct({ id: cutPlanLines.orderLineId })
    .from(cutPlanLines)
    .where(inArray(cutPlanLines.orderLineId, [...lineIds]));
  return new Set(rows.map((row) => row.id));
}

/**
 * An approved plan (not yet scheduled) gives back the bars of its patterns that cut nothing but superseded
 * pieces; a bar that also cuts a valid piece stays reserved (the superseded piece's length becomes offcut).
 */
async function releasePlannedBars(tx: Tx, lineIds: readonly string[]) {
  const plans = await tx
    .selectDistinct({ id: cutPlans.id, runId: cutPlans.approvedRunId })
    .from(cutPlans)
    .innerJoin(cutPlanLines, eq(cutPlanLines.planId, cutPlans.id))
    .where(and(inArray(cutPlanLines.orderLineId, [...lineIds]), eq(cutPlans.status, 'approved')))
    .orderBy(asc(cutPlans.id));
  const gone = new Set(
    (
      await tx
        .select({ id: demandOrderLines.id })
        .from(demandOrderLines)
        .innerJoin(cutPlanLines, eq(cutPlanLines.orderLineId, demandOrderLines.id))
        .where(
          and(
            inArray(
              cutPlanLines.planId,
              plans.map((plan) => plan.id),
            ),
            sql`${demandOrderLines.supersededAt} is not null`,
          ),
        )
    ).map((row) => row.id),
  );
  for (const plan of plans) {
    if (!plan.runId) continue;
    const [run] = await tx
      .select({ result: cutPlanRuns.result })
      .from(cutPlanRuns)
      .where(eq(cutPlanRuns.id, plan.runId));
    const release = new Map<string, number>();
    for (const pattern of run?.result?.groups.flatMap((group) => group.patterns) ?? [])
      if (pattern.stockId && pattern.source !== 'purchase' && pattern.cuts.every((cut) => gone.has(cut.orderLineId)))
        release.set(pattern.stockId, (release.get(pattern.stockId) ?? 0) + pattern.count);
    for (const [stockId, bars] of release) await takeReserved(tx, plan.id, stockId, bars, PLAN_RESERVATION);
  }
}

/** The superseded lines' tasks not started yet are cancelled, a job already sent withdrawn (`replanned`). */
async function withdrawOpenTasks(tx: Tx, writer: Actor, lineIds: readonly string[]) {
  for (const task of await tasksOnlyFor(tx, writer.scope.productId, lineIds)) {
    await withdrawMachineJobs(tx, task.id, 'replanned');
    await transitionTask(tx, writer, task.id, 'cancel', 'replanned');
  }
}

/** The order's totals over its current lines (superseded ones are history). */
async function orderTotals(tx: Tx, orderId: string) {
  const [totals] = await tx
    .select({
      lineCount: sql<number>`count(*)`.mapWith(Number),
      totalQuantity: sql<number>`coalesce(sum(${demandOrderLines.quantity}), 0)`.mapWith(Number),
      totalWeightGrams: sql<number>`coalesce(sum(${demandOrderLines.weightGrams}), 0)`.mapWith(Number),
    })
    .from(demandOrderLines)
    .where(and(eq(demandOrderLines.orderId, orderId), isNull(demandOrderLines.supersededAt)));
  return totals ?? { lineCount: 0, totalQuantity: 0, totalWeightGrams: 0 };
}

async function hasLinesToPlan(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ open: sql<number>`count(*)`.mapWith(Number) })
    .from(demandOrderLines)
    .where(
      and(
        eq(demandOrderLines.orderId, orderId),
        isNull(demandOrderLines.supersededAt),
        sql`${demandOrderLines.plannedQuantity} < ${demandOrderLines.quantity}`,
      ),
    );
  return (row?.open ?? 0) > 0;
}
