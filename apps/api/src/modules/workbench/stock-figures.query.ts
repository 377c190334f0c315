import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { gramsToKg, type StockKind } from '@armature/domain';
import { rebars } from '../../core/crud/resources.table.ts';
import type { Db } from '../../core/db/client.ts';
import { stockSummary } from '../stock/index.ts';
import { stockReservations } from '../stock/stock-reservation.table.ts';
import { stocks } from '../stock/stock.table.ts';

/**
 * Grams of a stock row that reservations hold: reserved bars at the row's own weight per bar (a raw
 * row is one spec, length and heat, so its bars weigh the same).
 */
const reservedGrams = sql<number>`coalesce(sum(
  ${stockReservations.quantity}::numeric * ${stocks.weightGrams} / nullif(${stocks.quantity}, 0)), 0)`.mapWith(Number);

/**
 * Free raw stock per spec of a product: bars on hand, not on quality hold, less what approved plans
 * reserved — what a new plan could still take. Also when the spec's raw stock last moved.
 */
export async function freeRawGramsBySpec(
  db: Db,
  productId: string,
): Promise<Map<string, { grams: number; lastMoveTime: string | null }>> {
  const onHand = await db
    .select({
      rebarId: stocks.rebarId,
      grams: sql<number>`coalesce(sum(${stocks.weightGrams}) filter (where not ${stocks.held}), 0)`.mapWith(Number),
      lastMoveTime: sql<string | null>`max(${stocks.lastMoveTime})`.mapWith(stocks.lastMoveTime),
    })
    .from(stocks)
    .where(and(eq(stocks.productId, productId), eq(stocks.kind, 'raw')))
    .groupBy(stocks.rebarId);
  const reserved = await db
    .select({ rebarId: stocks.rebarId, grams: reservedGrams })
    .from(stockReservations)
    .innerJoin(stocks, eq(stocks.id, stockReservations.stockId))
    .where(and(eq(stocks.productId, productId), eq(stocks.kind, 'raw'), eq(stocks.held, false)))
    .groupBy(stocks.rebarId);
  const free = new Map(onHand.map((row) => [row.rebarId, { grams: row.grams, lastMoveTime: row.lastMoveTime }]));
  for (const row of reserved) {
    const spec = free.get(row.rebarId);
    if (spec) spec.grams = Math.max(0, spec.grams - Math.round(row.grams));
  }
  return free;
}

/** The kinds the dashboard's stock tile shows: raw bars and reusable tails (offcuts). */
const TILE_KINDS: StockKind[] = ['raw', 'tail'];

/**
 * Raw and tail kilograms per diameter (the stock pages' summary) and what approved cutting plans hold
 * of them, diameters in increasing order.
 */
export async function stockByDiameter(db: Db, productId: string) {
  const summary = await stockSummary(db, productId, TILE_KINDS);
  const reserved = await db
    .select({ diameter: rebars.diameter, grams: reservedGrams })
    .from(stockReservations)
    .innerJoin(stocks, eq(stocks.id, stockReservations.stockId))
    .innerJoin(rebars, eq(rebars.id, stocks.rebarId))
    .where(and(eq(stocks.productId, productId), inArray(stocks.kind, TILE_KINDS), gt(stocks.quantity, 0)))
    .groupBy(rebars.diameter);
  const diameters = [...new Set([...summary.map((row) => row.diameter), ...reserved.map((row) => row.diameter)])];
  return diameters
    .sort((a, b) => a - b)
    .map((diameter) => {
      const kg = (kind: StockKind) =>
        summary
          .filter((row) => row.kind === kind && row.diameter === diameter)
          .reduce((sum, row) => sum + row.weight, 0);
      const grams = reserved.find((row) => row.diameter === diameter)?.grams ?? 0;
      return { diameter, rawKg: kg('raw'), tailKg: kg('tail'), reservedKg: gramsToKg(Math.round(grams)) };
    });
}
