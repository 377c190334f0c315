import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { BarPlace } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { offcutLots } from './offcut-lot.table.ts';
import { stockLocations } from './stock-location.table.ts';
import { stocks } from './stock.table.ts';

/** Bars a cut will take: its plan's stock row, or (a purchased length, `stockId` null) raw bars of a spec and length. */
export type BarWant = { rebarId: string; length: number; stockId: string | null };

/** The most rows named for a purchased length: the oldest, which a cut takes first. */
const PURCHASE_PLACES = 5;

/**
 * Where the bars of each want lie, for the operator to fetch them: a plan's row at its rack
 * or bin with its lot and heat; a purchased length, the raw rows of its spec and length not on hold,
 * oldest first, as completion takes them. Two reads for any number of wants; answered in their order.
 */
export async function barPlaces(db: Db | Tx, productId: string, wants: readonly BarWant[]): Promise<BarPlace[][]> {
  const stockIds = wants.flatMap((want) => want.stockId ?? []);
  const bought = wants.filter((want) => !want.stockId);
  const columns = {
    id: stocks.id,
    rebarId: stocks.rebarId,
    length: stocks.length,
    locationCode: stockLocations.code,
    locationName: stockLocations.name,
    lotCode: offcutLots.code,
    heatNo: stocks.heatNo,
    bars: stocks.quantity,
  };
  const located = () =>
    db
      .select(columns)
      .from(stocks)
      .leftJoin(stockLocations, eq(stockLocations.id, stocks.locationId))
      .leftJoin(offcutLots, eq(offcutLots.id, stocks.lotId));
  const planned = stockIds.length
    ? await located().where(and(eq(stocks.productId, productId), inArray(stocks.id, stockIds)))
    : [];
  const raw = bought.length
    ? await located()
        .where(
          and(
            eq(stocks.productId, productId),
            eq(stocks.kind, 'raw'),
            inArray(stocks.rebarId, [...new Set(bought.map((want) => want.rebarId))]),
            eq(stocks.held, false),
            gt(stocks.quantity, 0),
          ),
        )
        .orderBy(asc(stocks.creationTime), asc(stocks.id))
    : [];
  const place = ({ id: _id, rebarId: _rebarId, length: _length, ...row }: (typeof planned)[number]): BarPlace => row;
  return wants.map((want) =>
    want.stockId
      ? planned.filter((row) => row.id === want.stockId).map(place)
      : raw
          .filter((row) => row.rebarId === want.rebarId && row.length === want.length)
          .slice(0, PURCHASE_PLACES)
          .map(place),
  );
}
