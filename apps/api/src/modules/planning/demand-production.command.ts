import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { nextDemandStatus } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { transitionDemandOrder } from './demand-order.command.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/** Finished pieces made (or, negative, scrapped after they were counted) for an order line. */
export type ProducedPieces = { orderLineId: string; pieces: number };

/**
 * Production reported by the shop floor: the lines' produced (finished) quantities change by the
 * pieces, kept within 0…quantity, and their orders follow — `planned` → `producing` once work was done
 * on one of their lines (`worked`: cut for a bender counts too), `producing` → `completed` once every
 * line has its quantity. Orders are locked first, in id order (as every order write locks them). An
 * order in another status (confirmed, with lines left to plan) keeps it.
 */
export async function recordProduction(
  tx: Tx,
  writer: Actor,
  work: { produced: readonly ProducedPieces[]; worked: readonly string[] },
  note: string,
) {
  const changes = work.produced.filter((change) => change.pieces !== 0);
  const lineIds = [...new Set([...changes.map((change) => change.orderLineId), ...work.worked])];
  if (!lineIds.length) return;
  const owners = await tx
    .select({ id: demandOrderLines.id, orderId: demandOrderLines.orderId })
    .from(demandOrderLines)
    .where(and(eq(demandOrderLines.productId, writer.scope.productId), inArray(demandOrderLines.id, lineIds)));
  const orderOf = new Map(owners.map((line) => [line.id, line.orderId]));
  const orderIds = [...new Set(orderOf.values())];
  const orders = await tx
    .select({ id: demandOrders.id, status: demandOrders.status })
    .from(demandOrders)
    .where(inArray(demandOrders.id, orderIds))
    .orderBy(asc(demandOrders.id))
    .for('update');
  const at = isoNow();
  for (const change of changes)
    await tx
      .update(demandOrderLines)
      .set({
        producedQuantity: sql`least(${demandOrderLines.quantity}, greatest(0, ${demandOrderLines.producedQuantity} + ${change.pieces}))`,
        lastModifierId: writer.user.id,
        lastModificationTime: at,
      })
      .where(eq(demandOrderLines.id, change.orderLineId));

  const lines = await tx
    .select({
      orderId: demandOrderLines.orderId,
      quantity: demandOrderLines.quantity,
      produced: demandOrderLines.producedQuantity,
    })
    .from(demandOrderLines)
    // A line a revision superseded is history: the order is complete when its current lines are.
    .where(and(inArray(demandOrderLines.orderId, orderIds), isNull(demandOrderLines.supersededAt)));
  const workedOrders = new Set(
    [...work.worked, ...changes.filter((change) => change.pieces > 0).map((change) => change.orderLineId)].map(
      (lineId) => orderOf.get(lineId),
    ),
  );
  for (const order of orders) {
    let status = order.status;
    if (workedOrders.has(order.id) && nextDemandStatus(status, 'produce')) {
      await transitionDemandOrder(tx, writer, order.id, 'produce', { note, time: at });
      status = 'producing';
    }
    const complete = lines.filter((line) => line.orderId === order.id).every((line) => line.produced >= line.quantity);
    if (complete && nextDemandStatus(status, 'complete'))
      await transitionDemandOrder(tx, writer, order.id, 'complete', { note, time: at });
  }
}
