import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.ts';
import { takeDocumentCode } from '../../core/db/document-code.ts';
import { invalidFields } from '../../core/http/app-error.ts';
import { offcutLots } from './offcut-lot.table.ts';
import { stockLogs, stocks } from './stock.table.ts';
import type { StockMove, StockMoveCommand } from './stock-move.service.ts';

/** The code prefix of offcut lots (`OC20261130-0001`), printed under the label's QR. */
export const OFFCUT_LOT_PREFIX = 'OC';

const heatKey = (heatNos: readonly string[]) => [...new Set(heatNos)].sort().join(',');

/**
 * Gives every offcut in-move without a lot its lot: offcuts of one spec, length and steel (heats) kept
 * by one document are one lot, created here unless that task already kept such a lot (a task reporting
 * twice adds to its lot). The lot takes the move's heats (`heatNos`; none: heat unknown), the source's
 * task and the moves' time. An offcut out-move must name its lot (400 `lotId` when absent; null: no
 * lot, which has no bars): bars of different lots are different steel.
 */
export async function assignOffcutLots(
  tx: Tx,
  command: Pick<StockMoveCommand, 'scope' | 'operator' | 'source' | 'time'>,
  moves: readonly StockMove[],
): Promise<StockMove[]> {
  await checkLots(tx, command.scope.productId, moves);
  const made = new Map<string, string>();
  const out: StockMove[] = [];
  for (const move of moves) {
    if (move.kind !== 'tail' || move.lotId || (move.direction === 'out' && move.lotId === null)) {
      out.push(move);
      continue;
    }
    if (move.direction === 'out') throw invalidFields({ lotId: ['required'] });
    const heats = heatKey(move.heatNos ?? []);
    const key = `${move.rebarId}|${move.length}|${heats}`;
    let lotId = made.get(key);
    if (!lotId) {
      lotId = await lotFor(tx, command, { rebarId: move.rebarId, length: move.length, heats });
      made.set(key, lotId);
    }
    out.push({ ...move, lotId });
  }
  return out;
}

/**
 * The lots offcut moves name are the product's, of the move's spec and length; 400 on `lotId` for any other
 * (another client's lot must never get bars here).
 */
async function checkLots(tx: Tx, productId: string, moves: readonly StockMove[]) {
  const named = moves.filter((move) => move.kind === 'tail' && move.lotId);
  if (!named.length) return;
  const ids = [...new Set(named.map((move) => move.lotId!))];
  const lots = await tx
    .select({ id: offcutLots.id, rebarId: offcutLots.rebarId, length: offcutLots.length })
    .from(offcutLots)
    .where(and(eq(offcutLots.productId, productId), inArray(offcutLots.id, ids)));
  const lotOf = new Map(lots.map((lot) => [lot.id, lot]));
  for (const move of named) {
    const lot = lotOf.get(move.lotId!);
    if (!lot || lot.rebarId !== move.rebarId || lot.length !== move.length) throw invalidFields({ lotId: ['invalid'] });
  }
}

/**
 * The lot of these offcuts, in one statement: the task's lot of this spec, length and heats when it kept
 * one (a task reporting twice), else a new lot with the next code of the lot's day — no number taken and
 * no counter locked when the task's lot is found.
 */
async function lotFor(
  tx: Tx,
  { scope, operator, source, time }: Pick<StockMoveCommand, 'scope' | 'operator' | 'source' | 'time'>,
  lot: { rebarId: string; length: number; heats: string },
): Promise<string> {
  const taskId = source.type === 'task' ? (source.id ?? null) : null;
  const heatNos = sql`${sql.param(lot.heats ? lot.heats.split(',') : [])}::varchar[]`;
  const at = time ?? new Date().toISOString();
  // The same heats in any order (`heatKey`'s equality): each array holds the other.
  const { rows } = (await tx.execute(sql`
    with kept as (
      select id from ${offcutLots}
      where product_id = ${scope.productId}::uuid and task_id = ${taskId}::uuid and rebar_id = ${lot.rebarId}::uuid
        and length = ${lot.length}::integer and heat_nos @> ${heatNos} and heat_nos <@ ${heatNos}
      limit 1
    ),
    numbered as (${takeDocumentCode(scope.productId, OFFCUT_LOT_PREFIX, new Date(at), sql`not exists (select from kept)`)}),
    made as (
      insert into ${offcutLots} (client_id, product_id, code, scan_id, rebar_id, length, heat_nos, task_id,
        source_code, made_at, creator_id, creation_time)
      select ${scope.clientId}::uuid, ${scope.productId}::uuid, numbered.code, ${randomBytes(16).toString('base64url')},
        ${lot.rebarId}::uuid, ${lot.length}::integer, ${heatNos}, ${taskId}::uuid, ${source.code}::varchar,
        ${at}::timestamptz, ${operator.id}::uuid, ${at}::timestamptz
      from numbered
      returning id
    )
    select id from kept union all select id from made`)) as unknown as { rows: { id: string }[] };
  return rows[0]!.id;
}

/**
 * Heat numbers of the steel these tasks cut: the raw bars they took out of stock, and the heats of the
 * offcut lots they re-used (a lot carries the heats of all the steel it came from, however many
 * re-uses back). The trace's answer, and the heats a revised bundle kept as offcut passes to its lot.
 */
export async function heatsCutBy(db: Db | Tx, productId: string, taskIds: readonly string[]): Promise<string[]> {
  if (!taskIds.length) return [];
  const cutBy = and(
    eq(stockLogs.productId, productId),
    eq(stockLogs.direction, 'out'),
    eq(stockLogs.sourceType, 'task'),
    inArray(stockLogs.sourceId, [...taskIds]),
  );
  const [raw, lots] = await Promise.all([
    db
      .selectDistinct({ heatNo: stockLogs.heatNo })
      .from(stockLogs)
      .where(and(cutBy, eq(stockLogs.kind, 'raw'), ne(stockLogs.heatNo, ''))),
    db
      .selectDistinct({ heatNos: offcutLots.heatNos })
      .from(stockLogs)
      .innerJoin(offcutLots, eq(offcutLots.id, stockLogs.lotId))
      .where(and(cutBy, eq(stockLogs.kind, 'tail'))),
  ]);
  return [...new Set([...raw.map((row) => row.heatNo), ...lots.flatMap((row) => row.heatNos)])].sort();
}

/** The code of the lot each of these offcut stock rows holds, by stock row id. */
export async function lotCodesOfRows(db: Db | Tx, stockIds: readonly string[]): Promise<Map<string, string>> {
  if (!stockIds.length) return new Map();
  const rows = await db
    .select({ stockId: stocks.id, code: offcutLots.code })
    .from(stocks)
    .innerJoin(offcutLots, eq(offcutLots.id, stocks.lotId))
    .where(inArray(stocks.id, [...new Set(stockIds)]));
  return new Map(rows.map((row) => [row.stockId, row.code]));
}

/** The heats of the lots these offcut stock rows belong to, for the lots a cut re-uses. */
export async function heatsOfStockRows(tx: Tx, stockIds: readonly string[]): Promise<string[]> {
  if (!stockIds.length) return [];
  const rows = await tx
    .select({ heatNos: offcutLots.heatNos })
    .from(stocks)
    .innerJoin(offcutLots, eq(offcutLots.id, stocks.lotId))
    .where(inArray(stocks.id, [...stockIds]));
  return rows.flatMap((row) => row.heatNos);
}

/**
 * An offcut out-move naming no lot (a hand entry) as moves out of the lots of its spec, length and place
 * with bars, the oldest lot first (old offcuts are used first). Too few bars leave the last lot's move
 * short, which the move refuses (409 `insufficient_stock`); no lot at all, a move of no lot (the same).
 */
export async function fromOldestLots(tx: Tx, productId: string, move: StockMove): Promise<StockMove[]> {
  const rows = await tx
    .select({ lotId: stocks.lotId, quantity: stocks.quantity })
    .from(stocks)
    .innerJoin(offcutLots, eq(offcutLots.id, stocks.lotId))
    .where(
      and(
        eq(stocks.productId, productId),
        eq(stocks.kind, 'tail'),
        eq(stocks.rebarId, move.rebarId),
        eq(stocks.length, move.length),
        move.locationId ? eq(stocks.locationId, move.locationId) : isNull(stocks.locationId),
        gt(stocks.quantity, 0),
      ),
    )
    .orderBy(asc(offcutLots.madeAt), asc(offcutLots.code));
  const taken: StockMove[] = [];
  let left = move.quantity;
  for (const [index, row] of rows.entries()) {
    if (left <= 0) break;
    const quantity = index === rows.length - 1 ? left : Math.min(left, row.quantity);
    taken.push({ ...move, lotId: row.lotId, quantity });
    left -= quantity;
  }
  return taken.length ? taken : [{ ...move, lotId: null }];
}
