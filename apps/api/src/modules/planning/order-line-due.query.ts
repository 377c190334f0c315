import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.ts';
import { orderDrops } from './order-drop.table.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';

type Reader = Db | Tx;

/**
 * A line's drop, joined to a query of lines and their orders: the order's drop naming the line's mark,
 * else its drop naming no mark (when no drop names the mark). `day` is the date the line is due: its
 * drop's, or the order's date when the order has no drops.
 */
export function lineDrop() {
  const named = sql`${demandOrderLines.mark} = any(${orderDrops.marks})`;
  const namedElsewhere = sql`exists (select 1 from order_drop other where other.order_id = ${demandOrders.id} and ${demandOrderLines.mark} = any(other.marks))`;
  return {
    join: and(
      eq(orderDrops.orderId, demandOrders.id),
      sql`(${named} or (cardinality(${orderDrops.marks}) = 0 and not ${namedElsewhere}))`,
    )!,
    day: sql<string>`coalesce(${orderDrops.dropDate}, ${demandOrders.demandDate})`,
  };
}

/**
 * The product's orders as a schedule reads them (`ScheduleOrder` with the project): the order's date (its
 * earliest drop's) and, for an order whose drops fall on more than one day, each line's own date.
 */
export async function scheduleOrdersOf(db: Reader, productId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const orders = await db
    .select({
      id: demandOrders.id,
      code: demandOrders.code,
      project: demandOrders.project,
      dueDate: demandOrders.demandDate,
    })
    .from(demandOrders)
    .where(and(inArray(demandOrders.id, [...orderIds]), eq(demandOrders.productId, productId)))
    .orderBy(asc(demandOrders.demandDate), asc(demandOrders.code));
  if (orders.length === 0) return [];
  const drop = lineDrop();
  const lines = await db
    .select({ id: demandOrderLines.id, orderId: demandOrders.id, day: drop.day })
    .from(demandOrderLines)
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .leftJoin(orderDrops, drop.join)
    .where(
      and(
        inArray(
          demandOrders.id,
          orders.map((order) => order.id),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(orderDrops)
            .where(
              and(eq(orderDrops.orderId, demandOrders.id), sql`${orderDrops.dropDate} <> ${demandOrders.demandDate}`),
            ),
        ),
      ),
    );
  const lineDueDates = new Map<string, Record<string, string>>();
  for (const line of lines) lineDueDates.set(line.orderId, { ...lineDueDates.get(line.orderId), [line.id]: line.day });
  return orders.map((order) => ({ ...order, lineDueDates: lineDueDates.get(order.id) ?? {} }));
}

/**
 * The earliest date an order is due by, per drop: the least due day (`lineDrop`'s) of its current lines
 * — with `toPlan`, only those not fully planned — from `from` on when given. Null when no such line is
 * left. A correlated subquery of the query's `demand_order` row.
 */
export function nextDropDue({ toPlan = false, from }: { toPlan?: boolean; from?: SQL } = {}) {
  return sql<string | null>`(select to_char(min(coalesce(d.drop_date, o.demand_date)), 'YYYY-MM-DD')
    from demand_order_line l
    join demand_order o on o.id = l.order_id
    left join order_drop d on d.order_id = o.id and (l.mark = any(d.marks) or (cardinality(d.marks) = 0
      and not exists (select 1 from order_drop n where n.order_id = o.id and l.mark = any(n.marks))))
    where l.order_id = ${demandOrders.id} and l.superseded_at is null
      ${toPlan ? sql`and l.planned_quantity < l.quantity` : sql``}
      ${from ? sql`and coalesce(d.drop_date, o.demand_date) >= ${from}` : sql``})`;
}
