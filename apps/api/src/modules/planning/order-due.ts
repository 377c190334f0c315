import { and, eq, lte, sql } from 'drizzle-orm';
import { DEMAND_ORDER_PERMISSIONS } from '@armature/domain';
import { productSettings } from '../master-data/master-data.table.ts';
import { products } from '../../core/crud/resources.table.ts';
import type { Db } from '../../core/db/client.ts';
import { notify } from '../inbox/index.ts';
import { demandOrders } from './planning.table.ts';
import { nextDropDue } from './order-line-due.query.ts';

/** Days of warning when a product has no settings row (the setting's own default). */
export const DEFAULT_DUE_WARNING_DAYS = 3;
/** The plant's time zone when its product names none (as document codes do). */
const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** Arbitrary constant naming the due-order scan among PostgreSQL advisory locks. */
const ORDER_DUE_LOCK = 727_017;

/**
 * `orderDue` for every confirmed order (confirmed and not yet fully planned: a fully planned order
 * moves on to `planned`) whose lines still to plan are due (by their drops' dates) within its product's `dueWarningDays` of the plant's today, or overdue,
 * to the line's plan makers. Once a plant day per order and user (`orderDue:<order>:<plant date>`), so
 * the hourly scan of every API process tells nobody twice; a process that finds another scanning skips
 * (the advisory lock). Returns how many notifications were written (0 when skipped).
 */
export async function scanDueOrders(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [locked] = (
      (await tx.execute(sql`select pg_try_advisory_xact_lock(${ORDER_DUE_LOCK}) as locked`)) as unknown as {
        rows: { locked: boolean }[];
      }
    ).rows;
    if (!locked?.locked) return 0;
    // The plant's date today, in its own time zone.
    const today = sql`(${now.toISOString()}::timestamptz at time zone coalesce(${products.timeZone}, ${DEFAULT_TIME_ZONE}))::date`;
    const warningDays = sql`coalesce(${productSettings.dueWarningDays}, ${DEFAULT_DUE_WARNING_DAYS})`;
    // Per drop: the earliest day of the lines still to plan, not the order's first drop.
    const dueDate = nextDropDue({ toPlan: true });
    const due = await tx
      .select({
        id: demandOrders.id,
        code: demandOrders.code,
        clientId: demandOrders.clientId,
        productId: demandOrders.productId,
        dueDate: sql<string>`${dueDate}`,
        today: sql<string>`to_char(${today}, 'YYYY-MM-DD')`,
        days: sql<number>`(${dueDate}::date - ${today})`.mapWith(Number),
      })
      .from(demandOrders)
      .innerJoin(products, eq(products.id, demandOrders.productId))
      .leftJoin(productSettings, eq(productSettings.productId, demandOrders.productId))
      .where(
        and(eq(demandOrders.status, 'confirmed'), lte(sql`${dueDate}::date`, sql`${today} + ${warningDays}::integer`)),
      );
    let told = 0;
    for (const order of due)
      told += (
        await notify(tx, {
          kind: 'orderDue',
          clientId: order.clientId,
          productId: order.productId,
          subject: { page: DEMAND_ORDER_PERMISSIONS.read, id: order.id },
          params: { code: order.code, dueDate: order.dueDate, days: order.days },
          dedupeKey: `orderDue:${order.id}:${order.today}`,
        })
      ).length;
    return told;
  });
}
