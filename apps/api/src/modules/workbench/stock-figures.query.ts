import { and, eq, gt, inArray } from 'drizzle-orm';
import { gramsToKg, type StockKind } from '@armature/domain';
import { rebars } from '../master-data/master-data.table.ts';
import type { Db } from '../../core/db/client.ts';
import { reservedGrams, stockSummary } from '../stock/index.ts';
import { stockReservations } from '../stock/stock-reservation.table.ts';
import { stocks } from '../stock/stock.table.ts';

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
