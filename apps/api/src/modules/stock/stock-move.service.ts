import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  applyMove,
  hasHeatNo,
  hasLocation,
  specUnitWeight,
  type Balance,
  type StockDirection,
  type StockKind,
  type StockReason,
  type StockSourceType,
} from '@armature/domain';
import { builtOnce, builtPerShape, numbered, rowPlaceholders, type Placeholders } from '../../core/db/built-once.ts';
import type { Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { stockLogs, stocks } from './stock.table.ts';
import { stockLocations } from './stock-location.table.ts';
import { reservedByStock } from './stock-reservation.service.ts';
import { tellLowStock } from './low-stock.notice.ts';
import { assignOffcutLots } from './offcut-lot.service.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';

/** The code prefix of moves recorded by hand (`MV20261121-0001`). */
export const MANUAL_MOVE_PREFIX = 'MV';

export type StockMove = {
  kind: StockKind;
  direction: StockDirection;
  rebarId: string;
  length: number;
  /** Raw stock only (required there); ignored for the other kinds. */
  heatNo?: string | null;
  /** Finished stock only: whose pieces these are (null: pieces of no order line); ignored for the other kinds. */
  orderLineId?: string | null;
  /** Raw stock only: the quality-hold row rather than the free one (false when absent); ignored for the other kinds. */
  held?: boolean;
  /** Raw and offcuts: the row at this location (null or absent: unplaced); ignored for the other kinds. */
  locationId?: string | null;
  /**
   * Offcuts only: the lot (`offcut_lot`). Required out; absent in, the offcuts become a lot of the
   * source (`assignOffcutLots`) made of the steel of `heatNos`.
   */
  lotId?: string | null;
  /** Offcuts coming in without a lot: the heats of the steel they were cut from (none: heat unknown). */
  heatNos?: readonly string[];
  quantity: number;
  reason: StockReason;
  remark?: string | null;
};

export type StockMoveCommand = {
  scope: Pick<Scope, 'clientId' | 'productId'>;
  operator: { id: string | null; name: string | null };
  /** The document that caused the moves; its code is shown on every ledger row. */
  source: { type: StockSourceType; id?: string | null; code: string };
  moves: readonly StockMove[];
  /** When the moves happened; now unless history is being loaded (the demo seed). */
  time?: string;
};

export type StockLogRecord = typeof stockLogs.$inferSelect;

type Identity = {
  kind: StockKind;
  rebarId: string;
  length: number;
  heatNo: string;
  orderLineId: string | null;
  held: boolean;
  locationId: string | null;
  lotId: string | null;
};

const identityKey = (identity: Identity) =>
  `${identity.kind}|${identity.rebarId}|${identity.length}|${identity.heatNo}|${identity.orderLineId ?? ''}|${identity.held}|${identity.locationId ?? ''}|${identity.lotId ?? ''}`;

function identityOf(move: StockIdentity): Identity {
  if (hasHeatNo(move.kind) && !move.heatNo) throw invalidFields({ heatNo: ['required'] });
  const heatNo = hasHeatNo(move.kind) ? (move.heatNo ?? '') : '';
  const orderLineId = move.kind === 'finished' ? (move.orderLineId ?? null) : null;
  const held = move.kind === 'raw' && move.held === true;
  const locationId = hasLocation(move.kind) ? (move.locationId ?? null) : null;
  const lotId = move.kind === 'tail' ? (move.lotId ?? null) : null;
  return { kind: move.kind, rebarId: move.rebarId, length: move.length, heatNo, orderLineId, held, locationId, lotId };
}

const specsStatement = builtOnce((db, specs: Placeholders<'productId' | 'ids'>) =>
  db
    .select({
      id: rebars.id,
      name: rebars.name,
      diameter: rebars.diameter,
      unitWeight: rebars.unitWeight,
      minStock: rebars.minStock,
    })
    .from(rebars)
    .where(and(eq(rebars.productId, specs.productId), sql`${rebars.id} = any(${specs.ids}::uuid[])`))
    // Held until the move commits: a concurrent delete of the spec waits and then finds it in use (409),
    // or, when it came first, the spec is gone here (400) — never a foreign-key failure.
    .for('key share'),
);

/** The moves' specs in the product (locked against deletion), with the unit weight of their bars; 400 on `rebarId` for any other. */
export async function specsOf(tx: Tx, productId: string, rebarIds: readonly string[]) {
  const rows = await specsStatement(tx, { productId, ids: rebarIds });
  const specs = new Map(rows.map((row) => [row.id, { ...row, unitWeight: specUnitWeight(row) }]));
  if (rebarIds.some((id) => !specs.has(id))) throw invalidFields({ rebarId: ['invalid'] });
  return specs;
}

/**
 * The ids among these that are no location of the product, the others locked against deletion until
 * the caller commits (as specs are).
 */
export async function foreignLocations(
  tx: Tx,
  productId: string,
  locationIds: readonly (string | null | undefined)[],
): Promise<Set<string>> {
  const ids = new Set(locationIds.flatMap((id) => id ?? []));
  if (!ids.size) return ids;
  const found = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(and(eq(stockLocations.productId, productId), inArray(stockLocations.id, [...ids])))
    .for('key share');
  for (const row of found) ids.delete(row.id);
  return ids;
}

/** Checks the moves' locations are the product's (`foreignLocations`); 400 on `locationId` for any other. */
export async function checkLocations(tx: Tx, productId: string, locationIds: readonly (string | null | undefined)[]) {
  if ((await foreignLocations(tx, productId, locationIds)).size) throw invalidFields({ locationId: ['invalid'] });
}

/** What names one balance row: a move without its direction, quantity and reason. */
export type StockIdentity = Pick<
  StockMove,
  'kind' | 'rebarId' | 'length' | 'heatNo' | 'orderLineId' | 'held' | 'locationId' | 'lotId'
>;

/**
 * Creates the rows of these identities when missing, then locks them all FOR UPDATE in one order (by
 * id), so transactions locking several stocks take their locks in the same order and never deadlock.
 * For a caller that must read balances before deciding on its moves (a hold takes what is free): the
 * moves it then applies find the rows already locked by its transaction.
 */
export async function lockStocks(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  wanted: readonly StockIdentity[],
  creation: { creatorId: string | null; time: string },
) {
  const distinct = [...new Map(wanted.map(identityOf).map((identity) => [identityKey(identity), identity])).values()];
  // Sorted, so two transactions creating the same new rows wait on each other in the same order.
  distinct.sort((a, b) => (identityKey(a) < identityKey(b) ? -1 : 1));
  const values = { ...scope, creatorId: creation.creatorId, time: creation.time, ...numbered(distinct) };
  await stocksInsert(tx, distinct, values);
  return stocksLock(tx, distinct, values);
}

/** The identities' rows, inserted where missing: a statement for each number of them. */
const stocksInsert = builtPerShape(
  (identities: readonly Identity[]) => `${identities.length}`,
  (db, value, identities) =>
    db
      .insert(stocks)
      .values(
        identities.map((identity, index) => ({
          ...rowPlaceholders(identity, index, value),
          clientId: value('clientId'),
          productId: value('productId'),
          creatorId: value('creatorId'),
          creationTime: value('time'),
        })),
      )
      .onConflictDoNothing(),
);

/** The identities' rows locked in the order of their ids: a statement for each number of them and nulls among them. */
const stocksLock = builtPerShape(
  (identities: readonly Identity[]) =>
    identities
      .map((each) => `${+(each.orderLineId === null)}${+(each.locationId === null)}${+(each.lotId === null)}`)
      .join(),
  (db, value, identities) =>
    db
      .select()
      .from(stocks)
      .where(
        and(
          eq(stocks.productId, value('productId')),
          or(
            ...identities.map((identity, index) => {
              const wanted = rowPlaceholders(identity, index, value);
              return and(
                eq(stocks.kind, wanted.kind),
                eq(stocks.rebarId, wanted.rebarId),
                eq(stocks.length, wanted.length),
                eq(stocks.heatNo, wanted.heatNo),
                identity.orderLineId === null ? isNull(stocks.orderLineId) : eq(stocks.orderLineId, wanted.orderLineId),
                eq(stocks.held, wanted.held),
                identity.locationId === null ? isNull(stocks.locationId) : eq(stocks.locationId, wanted.locationId),
                identity.lotId === null ? isNull(stocks.lotId) : eq(stocks.lotId, wanted.lotId),
              );
            }),
          ),
        ),
      )
      .orderBy(asc(stocks.id))
      .for('update'),
);

/**
 * Applies `moves` atomically: the only code that writes `stock` and `stock_log`. The balance rows are
 * created if missing and locked (`lockStocks`), so concurrent moves on one stock take turns. Every
 * move is checked (`applyMove`) before any ledger row or balance is written: one shortfall refuses
 * the whole command with 409 `insufficient_stock` — or `stock_reserved` when the bars are there but
 * approved plans hold them (whoever cuts for a plan releases its reservation first) — and the
 * caller's transaction rolling back takes the rows just created with it. Answers the ledger rows
 * written, in the moves' order.
 */
export async function applyStockMoves(tx: Tx, command: StockMoveCommand): Promise<StockLogRecord[]> {
  const { scope, operator, source } = command;
  if (!command.moves.length) return [];
  const moves = await assignOffcutLots(tx, command, command.moves);
  const now = () => command.time ?? new Date().toISOString();
  const identities = moves.map(identityOf);
  const specs = await specsOf(tx, scope.productId, [...new Set(identities.map((each) => each.rebarId))]);
  await checkLocations(
    tx,
    scope.productId,
    identities.map((identity) => identity.locationId),
  );
  const locked = await lockStocks(tx, scope, identities, { creatorId: operator.id, time: now() });
  // Taken under the locks: a move that waited for another's lock is later than it, so a stock's ledger
  // read by time shows its running balance in the order the balances were computed.
  const time = now();
  const rowOf = new Map(locked.map((row) => [identityKey(row), row]));
  const reserved = await reservedByStock(
    tx,
    locked.map((row) => row.id),
  );
  const balances = new Map(locked.map((row) => [row.id, { quantity: row.quantity, weightGrams: row.weightGrams }]));

  const entries = moves.map((move, index) => {
    const identity = identities[index] as Identity;
    const stock = rowOf.get(identityKey(identity));
    const spec = specs.get(move.rebarId);
    if (!stock || !spec) throw new Error(`stock row ${identityKey(identity)} vanished under its lock`);
    const balance = balances.get(stock.id) as Balance;
    const outcome = applyMove(balance, { ...move, lengthMm: move.length, unitWeight: spec.unitWeight });
    if (!outcome.ok) {
      const heat = `${identity.heatNo ? ` ${identity.heatNo}` : ''}${identity.held ? ' (held)' : ''}`;
      throw new AppError('insufficient_stock', {
        stock: `${spec.name} ${move.length}mm${heat}`,
        available: outcome.available,
        requested: move.quantity,
        shortfall: outcome.shortfall,
      });
    }
    const held = reserved.get(stock.id);
    if (move.direction === 'out' && held && outcome.after.quantity < held.quantity) {
      throw new AppError('stock_reserved', {
        stock: `${spec.name} ${move.length}mm${identity.heatNo ? ` ${identity.heatNo}` : ''}`,
        reserved: held.quantity,
        holders: held.holders.join(', '),
        available: Math.max(0, balance.quantity - held.quantity),
        requested: move.quantity,
      });
    }
    balances.set(stock.id, outcome.after);
    return {
      ...identity,
      ...scope,
      stockId: stock.id,
      direction: move.direction,
      quantity: move.quantity,
      weightGrams: outcome.weightGrams,
      balanceAfter: outcome.after.quantity,
      balanceWeightGramsAfter: outcome.after.weightGrams,
      reason: move.reason,
      sourceType: source.type,
      sourceId: source.id ?? null,
      sourceCode: source.code,
      remark: move.remark ?? null,
      operatorId: operator.id,
      operatorName: operator.name,
      creatorId: operator.id,
      creationTime: time,
    };
  });

  const balanced = locked.map((stock) => ({
    id: stock.id,
    ...(balances.get(stock.id) as Balance),
    count: entries.filter((entry) => entry.stockId === stock.id).length,
  }));
  const written = await booking(
    tx,
    { balanced: balanced.length, entries },
    { time, operatorId: operator.id, ...numbered(balanced, 'balance.'), ...numbered(entries) },
  );
  await tellLowStock(tx, scope, operator.id, written, specs);
  return written.sort((a, b) => a.seq - b.seq);
}

/**
 * The moves' ledger rows and every balance they change, in one statement (a completion moves three or four stocks at
 * once): a round trip fewer, and neither reads what the other writes. A statement for each number of balances and of
 * rows, and each set of a row's columns.
 */
const booking = builtPerShape(
  ({ balanced, entries }: { balanced: number; entries: readonly (typeof stockLogs.$inferInsert)[] }) =>
    `${balanced}/${entries.length}/${Object.keys(entries[0] ?? {}).join()}`,
  (db, value, { balanced, entries }) => {
    const rows = Array.from({ length: balanced }, (_, index) => {
      const of = (key: string) => value(`balance.${key}${index}`);
      return sql`(${of('id')}::uuid, ${of('quantity')}::integer, ${of('weightGrams')}::bigint, ${of('count')}::integer)`;
    });
    const moved = db.$with('balanced', {}).as(sql`
      update ${stocks}
      set quantity = v.quantity, weight_grams = v.weight_grams, log_count = ${stocks.logCount} + v.count,
          last_move_time = ${value('time')}::timestamptz, last_modifier_id = ${value('operatorId')}::uuid,
          last_modification_time = ${value('time')}::timestamptz
      from (values ${sql.join(rows, sql`, `)}) as v(id, quantity, weight_grams, count)
      where ${stocks.id} = v.id`);
    return db
      .with(moved)
      .insert(stockLogs)
      .values(entries.map((entry, index) => rowPlaceholders(entry, index, value)))
      .returning();
  },
);
