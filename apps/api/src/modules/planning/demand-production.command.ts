import { and, asc, eq, sql } from 'drizzle-orm';
import { nextDemandStatus } from '@armature/domain';
import { builtOnce, type Placeholders } from '../../core/db/built-once.ts';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { moveLockedOrder } from './demand-order.command.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/** The lines' orders, locked in id order, found with the lines in one statement. */
const linesOwners = builtOnce((db, of: Placeholders<'productId' | 'lineIds'>) =>
  db
    .select({ id: demandOrderLines.id, orderId: demandOrders.id, status: demandOrders.status })
    .from(demandOrderLines)
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .where(and(eq(demandOrderLines.productId, of.productId), sql`${demandOrderLines.id} = any(${of.lineIds}::uuid[])`))
    .orderBy(asc(demandOrders.id))
    .for('update', { of: demandOrders }),
);

type LinesProduced = Placeholders<'lineIds' | 'pieces' | 'writerId' | 'at'>;

/** The lines' produced quantities moved by their pieces (each line once), kept within 0…quantity. */
const producedUpdate = (change: LinesProduced) => sql`
  update ${demandOrderLines}
  set produced_quantity = least(quantity, greatest(0, produced_quantity + v.pieces)),
      last_modifier_id = ${change.writerId}::uuid, last_modification_time = ${change.at}::timestamptz
  from unnest(${change.lineIds}::uuid[], ${change.pieces}::integer[]) as v(id, pieces)
  where ${demandOrderLines.id} = v.id
  returning ${demandOrderLines.id} as id, produced_quantity`;

const linesProduced = builtOnce((_, change: LinesProduced) => producedUpdate(change));

/** `linesProduced`, answering the orders' current lines as it leaves them. */
const ordersLines = builtOnce<
  'lineIds' | 'pieces' | 'writerId' | 'at' | 'orderIds',
  { orderId: string; quantity: number; produced: number }
>(
  (_, change) => sql`
    with changed as (${producedUpdate(change)})
    select l.order_id as "orderId", l.quantity, coalesce(changed.produced_quantity, l.produced_quantity) as produced
    from ${demandOrderLines} l left join changed on changed.id = l.id
    where l.order_id = any(${change.orderIds}::uuid[]) and l.superseded_at is null`,
);

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
  const owners = await linesOwners(tx, { productId: writer.scope.productId, lineIds });
  const orderOf = new Map(owners.map((line) => [line.id, line.orderId]));
  const orders = [...new Map(owners.map((line) => [line.orderId, { id: line.orderId, status: line.status }])).values()];
  const at = isoNow();
  // The lines' changes in one statement; a line changed twice (clamped after each change) takes two. The last
  // one also reads the orders' current lines (a revision's superseded ones are history: an order is complete
  // when its current lines are), the changed lines as it leaves them.
  const once = new Set(changes.map((change) => change.orderLineId)).size === changes.length;
  const batches = changes.length ? (once ? [changes] : changes.map((change) => [change])) : [[]];
  const values = (batch: readonly ProducedPieces[]) => ({
    lineIds: batch.map((change) => change.orderLineId),
    pieces: batch.map((change) => change.pieces),
    writerId: writer.user.id,
    at,
  });
  for (const batch of batches.slice(0, -1)) await linesProduced(tx, values(batch));
  const lines = await ordersLines(tx, { ...values(batches.at(-1)!), orderIds: orders.map((order) => order.id) });
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
