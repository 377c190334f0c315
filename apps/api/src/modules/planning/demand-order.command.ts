import { and, eq, inArray } from 'drizzle-orm';
import {
  DEMAND_ORDER_ACTION_LABELS,
  DEMAND_ORDER_STATUS_LABELS,
  isDemandOrderEditable,
  nextDemandStatus,
  specUnitWeight,
  type DemandOrderAction,
  type DemandOrderStatus,
  type SpecOption,
  type demandOrderInputSchema,
} from '@armature/domain';
import type { z } from 'zod';
import type { Tx } from '../../core/db/client.ts';
import { rebars, techniques } from '../master-data/master-data.table.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { writeTogether } from '../../core/db/write-together.ts';
import { isoNow, sameInstant } from '../../core/db/time.ts';
import type { UsageCheck } from '../../core/crud/resource-rules.ts';
import { demandOrderHistory, demandOrderLines, demandOrders } from './planning.table.ts';
import { completeLine } from './demand-line.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

export const DEMAND_ORDER_PREFIX = 'DO';

/** Lines per INSERT: 26 parameters a row stays well under PostgreSQL's 65,535 per statement. */
const INSERT_CHUNK = 1000;

/** The order as a validated body gives it (defaults applied). */
export type DemandOrderBody = z.output<typeof demandOrderInputSchema>;

type LockedOrder = typeof demandOrders.$inferSelect;

/**
 * The product's specs and the techniques the lines name, each line completed by the domain rule
 * (cut length from the geometry, quantity, the server's weight). Every problem of every line is
 * collected first (`lines.3.rebarId`), and one 400 names them all before anything is written.
 */
export async function completeLines(tx: Tx, writer: Actor, body: Pick<DemandOrderBody, 'lines'>) {
  const { productId } = writer.scope;
  const rebarIds = [...new Set(body.lines.map((line) => line.rebarId))];
  const specRows = await tx
    .select({ id: rebars.id, grade: rebars.grade, diameter: rebars.diameter, unitWeight: rebars.unitWeight })
    .from(rebars)
    .where(and(eq(rebars.productId, productId), inArray(rebars.id, rebarIds)))
    // Held until the write commits: a concurrent delete of the spec waits, then finds it in use (409).
    .for('key share');
  const specs = new Map<string, SpecOption>(
    specRows.map((row) => [row.id, { ...row, unitWeight: specUnitWeight(row) }]),
  );
  const techniqueIds = [...new Set(body.lines.flatMap((line) => line.techniqueIds))];
  const known = new Set(
    techniqueIds.length
      ? (await tx.select({ id: techniques.id }).from(techniques).where(inArray(techniques.id, techniqueIds))).map(
          (row) => row.id,
        )
      : [],
  );
  const details: Record<string, string[]> = {};
  const lines = body.lines.map((line, index) => {
    const spec = specs.get(line.rebarId);
    if (!spec) {
      details[`lines.${index}.rebarId`] = ['invalid'];
      return null;
    }
    if (line.techniqueIds.some((id) => !known.has(id))) details[`lines.${index}.techniqueIds`] = ['invalid'];
    const completed = completeLine(line, spec, writer.locale);
    if (!completed.ok) {
      for (const [field, keys] of Object.entries(completed.problems)) details[`lines.${index}.${field}`] = keys;
      return null;
    }
    return completed.line;
  });
  if (Object.keys(details).length) throw invalidFields(details);
  return lines.map((line) => line!);
}

/** Writes the completed lines of an order and answers the totals the order row keeps. */
async function insertLines(
  tx: Tx,
  writer: Actor,
  orderId: string,
  lines: Awaited<ReturnType<typeof completeLines>>,
  time: string,
) {
  const rows = lines.map((line, index) => ({
    ...line,
    ...writer.scope,
    orderId,
    lineNo: index + 1,
    creatorId: writer.user.id,
    creationTime: time,
  }));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await tx.insert(demandOrderLines).values(rows.slice(start, start + INSERT_CHUNK));
  return {
    lineCount: rows.length,
    totalQuantity: rows.reduce((sum, row) => sum + row.quantity, 0),
    totalWeightGrams: rows.reduce((sum, row) => sum + row.weightGrams, 0),
  };
}

const headerOf = (body: DemandOrderBody) => ({
  project: body.project,
  element: body.element ?? null,
  customer: body.customer ?? null,
  demandDate: body.demandDate,
  priority: body.priority,
  remark: body.remark ?? null,
  source: body.source,
});

type HistoryArgs = [
  writer: Actor,
  orderId: string,
  from: DemandOrderStatus | null,
  to: DemandOrderStatus,
  time: string,
  note?: string | null,
];

/** `recordHistory`'s insert, not sent: for a caller sending it with its other writes (`writeTogether`). */
function historyInsert(tx: Tx, ...[writer, orderId, from, to, time, note = null]: HistoryArgs) {
  return tx.insert(demandOrderHistory).values({
    ...writer.scope,
    orderId,
    fromStatus: from,
    toStatus: to,
    userId: writer.user.id,
    userName: writer.user.name,
    note,
    time,
    creatorId: writer.user.id,
    creationTime: time,
  });
}

/** A row of the order's status history (a revision that keeps the status records one from it to itself). */
export async function recordHistory(tx: Tx, ...row: HistoryArgs) {
  await historyInsert(tx, ...row);
}

/**
 * Moves an order this transaction has locked (its `status` as read under the lock) to `next`, with its history row,
 * in one statement.
 */
export async function moveLockedOrder(
  tx: Tx,
  writer: Actor,
  order: { id: string; status: DemandOrderStatus },
  next: DemandOrderStatus,
  { time, note }: { time: string; note: string | null },
) {
  const moved = tx
    .update(demandOrders)
    .set({ status: next, lastModifierId: writer.user.id, lastModificationTime: time })
    .where(eq(demandOrders.id, order.id));
  await writeTogether(
    tx,
    { moved: moved.getSQL() },
    historyInsert(tx, writer, order.id, order.status, next, time, note).getSQL(),
  );
}

/**
 * Saves a new draft order with all its lines, in the caller's transaction: the code
 * `DO{plant's day}-{nnnn}`, the header, the lines and the first history row. `time` backdates (demo seed).
 */
export async function createDemandOrder(tx: Tx, writer: Actor, body: DemandOrderBody, time?: string) {
  const lines = await completeLines(tx, writer, body);
  const at = time ?? isoNow();
  const code = await nextDocumentCode(tx, writer.scope.productId, DEMAND_ORDER_PREFIX, new Date(at));
  const [order] = await tx
    .insert(demandOrders)
    .values({ ...headerOf(body), ...writer.scope, code, creatorId: writer.user.id, creationTime: at })
    .returning({ id: demandOrders.id });
  if (!order) throw new Error('demand order insert returned no row');
  const totals = await insertLines(tx, writer, order.id, lines, at);
  await tx.update(demandOrders).set(totals).where(eq(demandOrders.id, order.id));
  await recordHistory(tx, writer, order.id, null, 'draft', at);
  return order.id;
}

/** The order of the product, locked for this transaction: concurrent writes to one order take turns. 404 otherwise. */
async function lockOrder(tx: Tx, productId: string, id: string): Promise<LockedOrder> {
  const [order] = await tx
    .select()
    .from(demandOrders)
    .where(and(eq(demandOrders.id, id), eq(demandOrders.productId, productId)))
    .for('update');
  if (!order) throw new AppError('not_found');
  return order;
}

function requireEditable(order: LockedOrder) {
  if (!isDemandOrderEditable(order.status))
    throw new AppError('demand_order_not_editable', {
      code: order.code,
      status: DEMAND_ORDER_STATUS_LABELS[order.status],
    });
}

/** Replaces a draft's header and lines. 409 when it is no longer a draft, or was changed since `token`. */
export async function updateDemandOrder(
  tx: Tx,
  writer: Actor,
  id: string,
  body: DemandOrderBody,
  token: string | null | undefined,
) {
  const order = await lockOrder(tx, writer.scope.productId, id);
  requireEditable(order);
  if (token !== undefined && !sameInstant(token, order.lastModificationTime)) throw new AppError('stale_update');
  const lines = await completeLines(tx, writer, body);
  const at = isoNow();
  await tx.delete(demandOrderLines).where(eq(demandOrderLines.orderId, id));
  const totals = await insertLines(tx, writer, id, lines, at);
  await tx
    .update(demandOrders)
    .set({ ...headerOf(body), ...totals, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(demandOrders.id, id));
}

/** Deletes a draft with its lines and history; 409 for any other status. */
export async function deleteDemandOrder(tx: Tx, writer: Actor, id: string) {
  const order = await lockOrder(tx, writer.scope.productId, id);
  requireEditable(order);
  await tx.delete(demandOrders).where(eq(demandOrders.id, id));
}

/**
 * Moves an order by `action` when the state machine allows it (409 `demand_order_transition`
 * otherwise) and records it in the history. Cancelling asks the cutting plans first (their usage
 * checks, registered by the area that owns them): an order a plan uses is not cancelled (409
 * `demand_order_in_plan`, naming the plans).
 */
export async function transitionDemandOrder(
  tx: Tx,
  writer: Actor,
  id: string,
  action: DemandOrderAction,
  options: { note?: string | null; planChecks?: readonly UsageCheck[]; time?: string } = {},
) {
  const order = await lockOrder(tx, writer.scope.productId, id);
  const next = nextDemandStatus(order.status, action);
  if (!next)
    throw new AppError('demand_order_transition', {
      code: order.code,
      status: DEMAND_ORDER_STATUS_LABELS[order.status],
      action: DEMAND_ORDER_ACTION_LABELS[action],
    });
  if (action === 'cancel') {
    const plans: string[] = [];
    for (const check of options.planChecks ?? []) for (const group of await check(tx, id)) plans.push(...group.names);
    if (plans.length) throw new AppError('demand_order_in_plan', { code: order.code, plans: plans.join(', ') });
  }
  await moveLockedOrder(tx, writer, order, next, { time: options.time ?? isoNow(), note: options.note ?? null });
}
