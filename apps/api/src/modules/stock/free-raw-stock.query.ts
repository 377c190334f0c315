import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.ts';
import { stockReservations } from './stock-reservation.table.ts';
import { stocks } from './stock.table.ts';

/**
 * Grams of stock rows that reservations hold: reserved bars at the row's own weight per bar (a raw
 * row is one spec, length and heat, so its bars weigh the same). Aggregate over `stockReservations`
 * joined to `stocks`.
 */
export const reservedGrams = sql<number>`coalesce(sum(
  ${stockReservations.quantity}::numeric * ${stocks.weightGrams} / nullif(${stocks.quantity}, 0)), 0)`.mapWith(Number);

/**
 * Free raw stock per spec of a product: bars on hand, not on quality hold, less what approved plans
 * reserved — what a new plan could still take. Also when the spec's raw stock last moved. Only the
 * given specs when `rebarIds` is set. Read by the low-stock notice and by my tasks.
 */
export async function freeRawGramsBySpec(
  db: Db | Tx,
  productId: string,
  rebarIds?: readonly string[],
): Promise<Map<string, { grams: number; lastMoveTime: string | null }>> {
  const rawOf = and(
    eq(stocks.productId, productId),
    eq(stocks.kind, 'raw'),
    rebarIds ? inArray(stocks.rebarId, [...rebarIds]) : undefined,
  );
  const onHand = await db
    .select({
      rebarId: stocks.rebarId,
      grams: sql<number>`coalesce(sum(${stocks.weightGrams}) filter (where not ${stocks.held}), 0)`.mapWith(Number),
      lastMoveTime: sql<string | null>`max(${stocks.lastMoveTime})`.mapWith(stocks.lastMoveTime),
    })
    .from(stocks)
    .where(rawOf)
    .groupBy(stocks.rebarId);
  const reserved = await db
    .select({ rebarId: stocks.rebarId, grams: reservedGrams })
    .from(stockReservations)
    .innerJoin(stocks, eq(stocks.id, stockReservations.stockId))
    .where(and(rawOf, eq(stocks.held, false)))
    .groupBy(stocks.rebarId);
  const free = new Map(onHand.map((row) => [row.rebarId, { grams: row.grams, lastMoveTime: row.lastMoveTime }]));
  for (const row of reserved) {
    const spec = free.get(row.rebarId);
    if (spec) spec.grams = Math.max(0, spec.grams - Math.round(row.grams));
  }
  return free;
}
