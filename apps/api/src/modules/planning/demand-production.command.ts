import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { nextDemandStatus } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { moveLockedOrder } from './demand-order.command.ts';
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
  // The lines' orders, locked in id order, found with the lines in one statement.
  const owners = await tx
    .select({ id: demandOrderLines.id, orderId: demandOrders.id, status: demandOrders.status })
    .from(demandOrderLines)
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .where(and(eq(demandOrderLines.productId, writer.scope.productId), inArray(demandOrderLines.id, lineIds)))
    .orderBy(asc(demandOrders.id))
    .for('update', { of: demandOrders });
  const orderOf = new Map(owners.map((line) => [line.id, line.orderId]));
  const orders = [...new Map(owners.map((line) => [line.orderId, { id: line.orderId, status: line.status }])).values()];
  const orderIds = orders.map((order) => order.id);
  const at = isoNow();
  // The lines' changes in one statement; a line changed twice (clamped after each change) takes two. The last
  // one also reads the orders' current lines (a revision's superseded ones are history: an order is complete
  // when its current lines are), the changed lines as it leaves them.
  const once = new Set(changes.map((change) => change.orderLineId)).size === changes.length;
  const batches = changes.length ? (once ? [changes] : changes.map((change) => [change])) : [[]];
  const update = (batch: readonly ProducedPieces[]) => sql`
    update ${demandOrderLines}
    set produced_quantity = least(quantity, greatest(0, produced_quantity + v.pieces)),
        last_modifier_id = ${writer.user.id}::uuid, last_modification_time = ${at}::timestamptz
    from (values ${sql.join(
      batch.map((change) => sql`(${change.orderLineId}::uuid, ${change.pieces}::integer)`),
      sql`, `,
    )}) as v(id, pieces)
    where ${demandOrderLines.id} = v.id
    returning ${demandOrderLines.id} as id, produced_quantity`;
  for (const batch of batches.slice(0, -1)) await tx.execute(update(batch));
  const last = batches.at(-1)!;
  const { rows: lines } = (await tx.execute(sql`
    with changed as (${last.length ? update(last) : sql`select null::uuid as id, null::integer as produced_quantity where false`})
    select l.order_id as "orderId", l.quantity, coalesce(changed.produced_quantity, l.produced_quantity) as produced
    from ${demandOrderLines} l left join changed on changed.id = l.id
    where ${
      orderIds.length
        ? sql`l.order_id in (${sql.join(
            orderIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`false`
    } and l.superseded_at is null`)) as unknown as { rows: { orderId: string; quantity: number; produced: number }[] };
  const workedOrders = new Set(
    [...work.worked, ...changes.filter((change) => change.pieces > 0).map((change) => change.orderLineId)].map(
      (lineId) => orderOf.get(lineId),
    ),
  );
  // The orders are locked above, their statuses read under the lock: each move is its update and history row.
  for (const order of orders) {
    let status = order.status;
    const producing = workedOrders.has(order.id) && nextDemandStatus(status, 'produce');
    if (producing) {
      await moveLockedOrder(tx, writer, { id: order.id, status }, producing, { note, time: at });
      status = producing;
    }
    const complete = lines.filter((line) => line.orderId === order.id).every((line) => line.produced >= line.quantity);
    const completed = complete && nextDemandStatus(status, 'complete');
    if (completed) await moveLockedOrder(tx, writer, { id: order.id, status }, completed, { note, time: at });
  }
}
