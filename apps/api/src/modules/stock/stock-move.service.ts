import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
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
import { columnNameOf, type Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { stockLogs, stocks } from './stock.table.ts';
import { stockLocations } from './stock-location.table.ts';
import { reservedByStock } from './stock-reservation.service.ts';
import { stockReservations } from './stock-reservation.table.ts';
import { tellLowStock } from './low-stock.notice.ts';
import { assignOffcutLots } from './offcut-lot.service.ts';
import { offcutLots } from './offcut-lot.table.ts';
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

/** The moves' specs in the product (locked against deletion), with the unit weight of their bars; 400 on `rebarId` for any other. */
export async function specsOf(tx: Tx, productId: string, rebarIds: readonly string[]) {
  const rows = await tx
    .select({
      id: rebars.id,
      name: rebars.name,
      diameter: rebars.diameter,
      unitWeight: rebars.unitWeight,
      minStock: rebars.minStock,
    })
    .from(rebars)
    .where(and(eq(rebars.productId, productId), inArray(rebars.id, [...rebarIds])))
    // Held until the move commits: a concurrent delete of the spec waits and then finds it in use (409),
    // or, when it came first, the spec is gone here (400) — never a foreign-key failure.
    .for('key share');
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

/** A balance row as its lock answers it, with its spec's and place's check. */
type LockedRow = {
  id: string | null;
  quantity: number | null;
  weight_grams: string | number | null;
  spec_id: string | null;
  name: string | null;
  diameter: number | null;
  unit_weight: number | null;
  min_stock: number | null;
  placed: boolean;
  lot_fits: boolean;
};

/**
 * The balance rows of these identities, created when missing and all locked, with the specs of the moves,
 * in one statement: the specs and locations of the product are read `FOR KEY SHARE` (a concurrent delete of
 * either waits and then finds it in use, 409), and the rows are written only when every one is the
 * product's and every offcut lot named is the product's of its move's spec and length (another client's lot
 * must never get bars here) — else 400 on `lotId`, `rebarId` or `locationId`, never a foreign-key failure.
 * `insert … on conflict do update` locks a row that exists, even one committed after the statement began
 * (read committed), with the lock the balance's update takes (`FOR NO KEY UPDATE`: other moves and every
 * `FOR UPDATE` of a stock row wait for it), and answers its latest balance. The rows are locked in one
 * order — the ones the statement sees by id, as every stock lock, then the new ones by identity — so
 * transactions locking several stocks take their turns and do not deadlock.
 */
async function lockStocks(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  distinct: readonly Identity[],
  creation: { creatorId: string | null; time: string },
) {
  const column = <T>(pick: (identity: Identity) => T, type: string) =>
    sql`${sql.param(distinct.map(pick))}::${sql.raw(type)}[]`;
  const same = (row: string) =>
    sql.raw(
      ['kind', 'rebar_id', 'length', 'heat_no', 'held']
        .map((name) => `${row}.${name} = w.${name}`)
        .concat(
          ['order_line_id', 'location_id', 'lot_id'].map((name) => `${row}.${name} is not distinct from w.${name}`),
        )
        .join(' and '),
    );
  const { rows } = (await tx.execute(sql`
    with wanted as (
      select * from unnest(${column((each) => each.kind, 'varchar')}, ${column((each) => each.rebarId, 'uuid')},
        ${column((each) => each.length, 'integer')}, ${column((each) => each.heatNo, 'varchar')},
        ${column((each) => each.orderLineId, 'uuid')}, ${column((each) => each.held, 'boolean')},
        ${column((each) => each.locationId, 'uuid')}, ${column((each) => each.lotId, 'uuid')})
        with ordinality as w(kind, rebar_id, length, heat_no, order_line_id, held, location_id, lot_id, n)
    ),
    spec as materialized (
      select id, name, diameter, unit_weight, min_stock from ${rebars}
      where product_id = ${scope.productId}::uuid and id in (select rebar_id from wanted)
      for key share
    ),
    place as materialized (
      select id from ${stockLocations}
      where product_id = ${scope.productId}::uuid and id in (select location_id from wanted)
      for key share
    ),
    lot as materialized (
      select id, rebar_id, length from ${offcutLots}
      where product_id = ${scope.productId}::uuid and id in (select lot_id from wanted)
    ),
    fits as (
      select w.n, w.lot_id is null or exists (
        select from lot where lot.id = w.lot_id and lot.rebar_id = w.rebar_id and lot.length = w.length
      ) as lot_fits
      from wanted w
    ),
    locked as (
      insert into ${stocks} (client_id, product_id, kind, rebar_id, length, heat_no, order_line_id, held, location_id,
        lot_id, creator_id, creation_time)
      select ${scope.clientId}::uuid, ${scope.productId}::uuid, w.kind, w.rebar_id, w.length, w.heat_no,
        w.order_line_id, w.held, w.location_id, w.lot_id, ${creation.creatorId}::uuid, ${creation.time}::timestamptz
      from wanted w left join ${stocks} s on s.product_id = ${scope.productId}::uuid and ${same('s')}
      where not exists (
        select from wanted v
        where v.rebar_id not in (select id from spec)
          or (v.location_id is not null and v.location_id not in (select id from place))
      ) and not exists (select from fits where not lot_fits)
      order by s.id nulls last, w.n
      on conflict on constraint stock_identity_unique do update set quantity = ${stocks}.quantity
      returning id, kind, rebar_id, length, heat_no, order_line_id, held, location_id, lot_id, quantity, weight_grams
    )
    select l.id, l.quantity, l.weight_grams, spec.id as spec_id, spec.name, spec.diameter,
      spec.unit_weight::float8 as unit_weight, spec.min_stock::float8 as min_stock,
      (w.location_id is null or w.location_id in (select id from place)) as placed, fits.lot_fits
    from wanted w join fits on fits.n = w.n left join locked l on ${same('l')} left join spec on spec.id = w.rebar_id
    order by w.n`)) as unknown as { rows: LockedRow[] };
  if (rows.some((row) => !row.lot_fits)) throw invalidFields({ lotId: ['invalid'] });
  if (rows.some((row) => row.spec_id === null)) throw invalidFields({ rebarId: ['invalid'] });
  if (rows.some((row) => !row.placed)) throw invalidFields({ locationId: ['invalid'] });
  const specs = new Map(
    rows.map((row) => {
      const spec = { id: row.spec_id!, name: row.name!, diameter: row.diameter!, minStock: row.min_stock };
      return [spec.id, { ...spec, unitWeight: specUnitWeight({ ...spec, unitWeight: row.unit_weight }) }] as const;
    }),
  );
  const locked = rows.map((row, index) => {
    if (row.id === null) throw new Error(`stock row ${identityKey(distinct[index]!)} was not locked`);
    return { ...distinct[index]!, id: row.id, quantity: row.quantity!, weightGrams: Number(row.weight_grams) };
  });
  return { specs, locked };
}

type Reserved = Awaited<ReturnType<typeof reservedByStock>>;

/** The ledger's columns by key; an insert fills all but `seq`, which numbers the rows in the order they come. */
const ledgerColumns = Object.entries(getTableColumns(stockLogs));
const keyOf = new Map(ledgerColumns.map(([key, column]) => [column, key as keyof typeof stockLogs.$inferInsert]));
const filledColumns = ledgerColumns.map(([, column]) => column).filter((column) => !column.generatedIdentity);

/**
 * Writes a booking in one statement, unless a stock row it takes bars out of would keep fewer than what
 * documents reserve of it (then nothing, and no ledger row answered): every balance (a completion moves three or
 * four stocks at once) with the ledger's rows, which neither reads what the other writes. The reservations are
 * read by this statement, under the rows' locks: they were written under the same locks, so they stand until the
 * commit.
 */
async function writeBooking(
  tx: Tx,
  { entries, balances }: { entries: (typeof stockLogs.$inferInsert)[]; balances: ReadonlyMap<string, Balance> },
  { time, operatorId }: { time: string; operatorId: string | null },
) {
  const kept = new Map<string, number>();
  for (const entry of entries)
    if (entry.direction === 'out')
      kept.set(entry.stockId, Math.min(kept.get(entry.stockId) ?? Infinity, entry.balanceAfter));
  const ids = [...balances.keys()];
  const { rows } = (await tx.execute(sql`
    with short as (
      select from unnest(${sql.param([...kept.keys()])}::uuid[], ${sql.param([...kept.values()])}::integer[]) as f(id, kept)
      where f.kept < (select coalesce(sum(r.quantity), 0) from ${stockReservations} r where r.stock_id = f.id)
    ),
    balanced as (
      update ${stocks}
      set quantity = v.quantity, weight_grams = v.weight_grams, log_count = ${stocks.logCount} + v.count,
        last_move_time = ${time}::timestamptz, last_modifier_id = ${operatorId}::uuid,
        last_modification_time = ${time}::timestamptz
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => balances.get(id)!.quantity))}::integer[],
        ${sql.param(ids.map((id) => balances.get(id)!.weightGrams))}::bigint[],
        ${sql.param(ids.map((id) => entries.filter((entry) => entry.stockId === id).length))}::integer[])
        as v(id, quantity, weight_grams, count)
      where ${stocks.id} = v.id and not exists (select from short)
    )
    insert into ${stockLogs} (${sql.join(
      filledColumns.map((column) => sql.identifier(columnNameOf(column))),
      sql`, `,
    )})
    select * from unnest(${sql.join(
      filledColumns.map(
        (column) =>
          sql`${sql.param(entries.map((entry) => entry[keyOf.get(column)!] ?? null))}::${sql.raw(column.getSQLType())}[]`,
      ),
      sql`, `,
    )})
    where not exists (select from short)
    returning *`)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map(
    (row) =>
      Object.fromEntries(
        ledgerColumns.map(([key, column]) => {
          const value = row[columnNameOf(column)];
          return [key, value === null ? null : column.mapFromDriverValue(value)];
        }),
      ) as StockLogRecord,
  );
}

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
  const distinct = [...new Map(identities.map((identity) => [identityKey(identity), identity])).values()];
  // Sorted, so two transactions creating the same new rows wait on each other in the same order.
  distinct.sort((a, b) => (identityKey(a) < identityKey(b) ? -1 : 1));
  const { specs, locked } = await lockStocks(tx, scope, distinct, { creatorId: operator.id, time: now() });
  // Taken under the locks: a move that waited for another's lock is later than it, so a stock's ledger
  // read by time shows its running balance in the order the balances were computed.
  const time = now();
  const rowOf = new Map(locked.map((row) => [identityKey(row), row]));

  /**
   * The moves' ledger rows and the balances after them, refused at the first move short of bars (409
   * `insufficient_stock`) or taking bars that `reserved` holds (409 `stock_reserved`).
   */
  const book = (reserved: Reserved) => {
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
        id: randomUUID(),
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
    return { entries, balances };
  };
  const reservedNow = () =>
    reservedByStock(
      tx,
      locked.map((row) => row.id),
    );

  // Booked first as if nothing were reserved: the ledger's statement checks the reservations itself, and
  // they are read only to refuse.
  let booking: ReturnType<typeof book>;
  try {
    booking = book(new Map());
  } catch (error) {
    // A move short of bars: a move before it may take reserved bars, which is the refusal then.
    if (error instanceof AppError && error.code === 'insufficient_stock') book(await reservedNow());
    throw error;
  }
  let written = await writeBooking(tx, booking, { time, operatorId: operator.id });
  while (!written.length) {
    // Refused for reservations (409 `stock_reserved`, naming their holders) — unless a holder let the bars go
    // since, when the moves are booked after all.
    booking = book(await reservedNow());
    written = await writeBooking(tx, booking, { time, operatorId: operator.id });
  }
  await tellLowStock(tx, scope, operator.id, written, specs);
  return written.sort((a, b) => a.seq - b.seq);
}
