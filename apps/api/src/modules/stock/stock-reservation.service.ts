import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { StockKind } from '@armature/domain';
import { builtOnce, type Placeholders } from '../../core/db/built-once.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { stocks } from './stock.table.ts';
import { stockReservations } from './stock-reservation.table.ts';
import { offcutLots } from './offcut-lot.table.ts';

/** A stock row with what is reserved of it and what is left. */
export type AvailableStock = {
  stockId: string;
  kind: StockKind;
  rebarId: string;
  length: number;
  heatNo: string;
  /** Offcuts: when their lot was kept (its age); null for the other kinds. */
  madeAt: string | null;
  quantity: number;
  reserved: number;
  available: number;
};

/** Who holds a reservation: a document (`cutPlan`) by id, with its code for messages. */
export type ReservationHolder = { type: string; id: string; code: string | null };

/**
 * The holder type of bars received against a plan's purchase list: held by the plan (its id), so they
 * go with its other reservations, but kept apart from the bars its patterns took on hand — they serve
 * the patterns that buy.
 */
export const PURCHASE_RESERVATION = 'cutPlanPurchase';
/** The holder type of the bars on hand an approved plan's patterns take. */
export const PLAN_RESERVATION = 'cutPlan';

/**
 * What documents hold of the outer query's stock row. The row is named as `"stock".id` on purpose: in
 * a select from one table drizzle writes its columns unqualified, and `"stock_id" = "id"` inside the
 * subquery would compare the reservation with itself — nothing would ever look reserved.
 */
const reservedOf = (exceptSourceId?: string, exceptType?: string) =>
  sql<number>`coalesce((select sum(held.quantity) from ${stockReservations} held where held.stock_id = ${stocks}.id${
    exceptSourceId && exceptType
      ? sql` and not (held.source_id = ${exceptSourceId} and held.source_type = ${exceptType})`
      : exceptSourceId
        ? sql` and held.source_id <> ${exceptSourceId}`
        : sql``
  }), 0)`.mapWith(Number);

/**
 * The product's stock rows of these kinds and specs with something on hand, and what other
 * documents have reserved of each (a plan's own reservations are not counted against it). Bars on
 * quality hold are not on offer.
 */
export async function availableStock(
  db: Db | Tx,
  productId: string,
  kinds: readonly StockKind[],
  rebarIds: readonly string[],
  exceptSourceId?: string,
): Promise<AvailableStock[]> {
  if (!kinds.length || !rebarIds.length) return [];
  const rows = await db
    .select({
      stockId: stocks.id,
      kind: stocks.kind,
      rebarId: stocks.rebarId,
      length: stocks.length,
      heatNo: stocks.heatNo,
      madeAt: sql<string | null>`(select lot.made_at from ${offcutLots} lot where lot.id = ${stocks}.lot_id)`.mapWith(
        (value) => (value === null ? null : toIso(value)),
      ),
      quantity: stocks.quantity,
      reserved: reservedOf(exceptSourceId),
    })
    .from(stocks)
    .where(
      and(
        eq(stocks.productId, productId),
        inArray(stocks.kind, [...kinds]),
        inArray(stocks.rebarId, [...rebarIds]),
        eq(stocks.held, false),
        gt(stocks.quantity, 0),
      ),
    )
    .orderBy(asc(stocks.rebarId), asc(stocks.kind), asc(stocks.length), asc(stocks.heatNo), asc(stocks.id));
  return rows.map((row) => ({ ...row, available: Math.max(0, row.quantity - row.reserved) }));
}

/**
 * Raw bars of one spec and length on hand and not on quality hold, one row per heat number and location, the
 * oldest row first (bars are used in the order they came in), with what documents hold of each.
 * The rows are locked first (`FOR UPDATE`, in id order like every stock lock) and their reservations
 * read after, in a statement of its own: bars reserved or cut by a transaction that committed
 * meanwhile are then seen, instead of being chosen here and refused by the move's own check
 * (409 `stock_reserved`, which the load benchmark met hundreds of times with cutting and plan
 * approvals running side by side).
 */
export async function rawBarLots(tx: Tx, productId: string, rebarId: string, length: number, purchasedFor?: string) {
  const lotsOf = and(
    eq(stocks.productId, productId),
    eq(stocks.kind, 'raw'),
    eq(stocks.rebarId, rebarId),
    eq(stocks.length, length),
    eq(stocks.held, false),
    gt(stocks.quantity, 0),
  );
  await tx.select({ id: stocks.id }).from(stocks).where(lotsOf).orderBy(asc(stocks.id)).for('update');
  const rows = await tx
    .select({
      stockId: stocks.id,
      heatNo: stocks.heatNo,
      locationId: stocks.locationId,
      quantity: stocks.quantity,
      reserved: reservedOf(purchasedFor, purchasedFor && PURCHASE_RESERVATION),
    })
    .from(stocks)
    .where(lotsOf)
    .orderBy(asc(stocks.creationTime), asc(stocks.id));
  return rows.map((row) => ({ ...row, available: Math.max(0, row.quantity - row.reserved) }));
}

/** A stock row that cannot give what a reservation asks. */
export type ReservationShortfall = {
  stockId: string;
  /** `HRB400E Φ12 9000mm 24B-1187` (the heat number of raw bars). */
  name: string;
  available: number;
  needed: number;
};

/**
 * Reserves bars of stock rows for a document, in the caller's transaction: every row is locked
 * `FOR UPDATE` in one sorted order (as stock moves lock them), so two reservations of the same rows
 * take turns and the second sees the first's. Nothing is written when any row has less available
 * (balance − other reservations) than asked: the shortfalls are answered instead.
 */
export async function reserveStock(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  holder: ReservationHolder,
  needs: readonly { stockId: string; quantity: number }[],
  userId: string | null,
): Promise<ReservationShortfall[]> {
  const wanted = new Map<string, number>();
  for (const need of needs)
    if (need.quantity > 0) wanted.set(need.stockId, (wanted.get(need.stockId) ?? 0) + need.quantity);
  if (!wanted.size) return [];
  const ids = [...wanted.keys()].sort();
  const locked = await tx
    .select({ id: stocks.id, quantity: stocks.quantity })
    .from(stocks)
    .where(and(eq(stocks.productId, scope.productId), inArray(stocks.id, ids)))
    .orderBy(asc(stocks.id))
    .for('update');
  const balance = new Map(locked.map((row) => [row.id, row.quantity]));
  const held = await tx
    .select({
      stockId: stockReservations.stockId,
      quantity: sql<number>`sum(${stockReservations.quantity})`.mapWith(Number),
    })
    .from(stockReservations)
    .where(and(inArray(stockReservations.stockId, ids), ne(stockReservations.sourceId, holder.id)))
    .groupBy(stockReservations.stockId);
  const reserved = new Map(held.map((row) => [row.stockId, row.quantity]));
  const short = ids
    .map((stockId) => ({
      stockId,
      available: Math.max(0, (balance.get(stockId) ?? 0) - (reserved.get(stockId) ?? 0)),
      needed: wanted.get(stockId)!,
    }))
    .filter((row) => row.needed > row.available);
  if (short.length) {
    const names = await stockNames(
      tx,
      short.map((row) => row.stockId),
    );
    return short.map((row) => ({ ...row, name: names.get(row.stockId) ?? row.stockId }));
  }
  const at = isoNow();
  await tx.delete(stockReservations).where(eq(stockReservations.sourceId, holder.id));
  await tx.insert(stockReservations).values(
    ids.map((stockId) => ({
      ...scope,
      stockId,
      quantity: wanted.get(stockId)!,
      sourceType: holder.type,
      sourceId: holder.id,
      sourceCode: holder.code,
      creatorId: userId,
      creationTime: at,
    })),
  );
  return [];
}

const reservationsStatement = builtOnce((db, of: Placeholders<'stockIds'>) =>
  db
    .select({
      stockId: stockReservations.stockId,
      quantity: stockReservations.quantity,
      code: stockReservations.sourceCode,
    })
    .from(stockReservations)
    .where(sql`${stockReservations.stockId} = any(${of.stockIds}::uuid[])`),
);

/**
 * What documents hold of these stock rows, by row, with the codes that hold them (for messages). Read
 * under the rows' locks, it cannot change before the caller commits: reservations are written under
 * the same locks.
 */
export async function reservedByStock(
  tx: Tx,
  stockIds: readonly string[],
): Promise<Map<string, { quantity: number; holders: string[] }>> {
  if (!stockIds.length) return new Map();
  const rows = await reservationsStatement(tx, { stockIds });
  const held = new Map<string, { quantity: number; holders: string[] }>();
  for (const row of rows) {
    const entry = held.get(row.stockId) ?? { quantity: 0, holders: [] };
    entry.quantity += row.quantity;
    if (row.code) entry.holders.push(row.code);
    held.set(row.stockId, entry);
  }
  return held;
}

/**
 * Adds bars of one stock row to what a document holds of it (bars just received for it), under the
 * row's lock like every reservation; the caller knows they are free (it has just put them in).
 */
export async function addReservation(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  holder: ReservationHolder,
  stockId: string,
  quantity: number,
  userId: string | null,
) {
  await tx.select({ id: stocks.id }).from(stocks).where(eq(stocks.id, stockId)).for('update');
  const [held] = await tx
    .select({ id: stockReservations.id, quantity: stockReservations.quantity })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.sourceId, holder.id),
        eq(stockReservations.sourceType, holder.type),
        eq(stockReservations.stockId, stockId),
      ),
    );
  if (held)
    await tx
      .update(stockReservations)
      .set({ quantity: held.quantity + quantity })
      .where(eq(stockReservations.id, held.id));
  else
    await tx.insert(stockReservations).values({
      ...scope,
      stockId,
      quantity,
      sourceType: holder.type,
      sourceId: holder.id,
      sourceCode: holder.code,
      creatorId: userId,
      creationTime: isoNow(),
    });
}

/** `releaseReservations`' delete, not sent: for a caller sending it with its other writes (`writeTogether`). */
export function reservationsRelease(tx: Tx, sourceId: string) {
  return tx.delete(stockReservations).where(eq(stockReservations.sourceId, sourceId));
}

/** Gives back whatever a document holds. */
export async function releaseReservations(tx: Tx, sourceId: string): Promise<number> {
  const released = await reservationsRelease(tx, sourceId).returning({ id: stockReservations.id });
  return released.length;
}

/**
 * Bars a document held that are now being cut: its reservation of the row shrinks by `quantity` (the
 * row is gone once nothing is left). Answers how many were held, at most `quantity`: bars cut beyond
 * what was reserved come out of the row's available stock. Call it before moving the bars out, under
 * the same transaction, so the move does not see them as another's.
 */
export async function takeReserved(
  tx: Tx,
  sourceId: string,
  stockId: string,
  quantity: number,
  sourceType?: string,
): Promise<number> {
  return (await takeReservedFrom(tx, sourceId, stockId, quantity, sourceType)).taken;
}

const takeReservedStatement = builtOnce<
  'sourceId' | 'stockId' | 'sourceType' | 'take',
  {
    stock_id: string | null;
    location_id: string | null;
    lot_id: string | null;
    heat_nos: string[] | null;
    taken: number;
  }
>(
  (_, row) => sql`
    with held as (
      select ${stockReservations.id} as id, ${stockReservations.quantity} as quantity
      from ${stockReservations}
      where ${stockReservations.sourceId} = ${row.sourceId}::uuid and ${stockReservations.stockId} = ${row.stockId}::uuid
        and (${row.sourceType}::text is null or ${stockReservations.sourceType} = ${row.sourceType}::text)
      limit 1
      for update
    ),
    gone as (
      delete from ${stockReservations} r using held
      where r.id = held.id and ${row.take}::integer > 0 and held.quantity <= ${row.take}::integer
      returning r.id
    ),
    kept as (
      update ${stockReservations} r set quantity = held.quantity - ${row.take}::integer from held
      where r.id = held.id and ${row.take}::integer > 0 and held.quantity > ${row.take}::integer
      returning r.id
    )
    select s.id as stock_id, s.location_id, s.lot_id, lot.heat_nos,
      coalesce((select least(held.quantity, ${row.take}::integer) from held), 0) as taken
    from (select 1) as one left join ${stocks} s on s.id = ${row.stockId}::uuid
      left join ${offcutLots} lot on lot.id = s.lot_id`,
);

/**
 * `takeReserved`, answering also where the stock row's bars lie and (offcuts) their lot and its heats — what a move
 * taking from that very row names — in one statement: the reservation locked, shrunk or deleted, and the row's place
 * read.
 */
export async function takeReservedFrom(
  tx: Tx,
  sourceId: string,
  stockId: string,
  quantity: number,
  sourceType?: string,
): Promise<{ taken: number; locationId: string | null; lotId: string | null; heatNos: string[]; found: boolean }> {
  const rows = await takeReservedStatement(tx, {
    sourceId,
    stockId,
    sourceType: sourceType ?? null,
    take: Math.max(0, quantity),
  });
  const row = rows[0]!;
  return {
    taken: Number(row.taken),
    locationId: row.location_id,
    lotId: row.lot_id,
    heatNos: row.heat_nos ?? [],
    found: row.stock_id !== null,
  };
}

/** What a document holds, per stock row. */
export async function reservationsOf(db: Db | Tx, sourceId: string) {
  return db
    .select({ stockId: stockReservations.stockId, quantity: stockReservations.quantity })
    .from(stockReservations)
    .where(eq(stockReservations.sourceId, sourceId));
}

async function stockNames(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: stocks.id, name: rebars.name, kind: stocks.kind, length: stocks.length, heatNo: stocks.heatNo })
    .from(stocks)
    .innerJoin(rebars, eq(rebars.id, stocks.rebarId))
    .where(inArray(stocks.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.id,
      `${row.name} ${row.length}mm${row.kind === 'raw' && row.heatNo ? ` ${row.heatNo}` : ''}${row.kind === 'tail' ? ' (tail)' : ''}`,
    ]),
  );
}
