import { and, asc, count, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  countDifferences,
  type ListQuery,
  type StockTake,
  type StockTakeDetail,
  type StockTakeInput,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { users } from '../../core/auth/users.table.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { selectStockLogs, toStockLogItem } from './stock-log.query.ts';
import { applyStockMoves, type StockMove } from './stock-move.service.ts';
import { stockLocations } from './stock-location.table.ts';
import { stockTakeLines, stockTakes } from './stock-take.table.ts';
import { offcutLots } from './offcut-lot.table.ts';
import { stockLogs, stocks } from './stock.table.ts';

export const STOCK_TAKE_PREFIX = 'ST';

const creator = alias(users, 'take_creator');

const selectTakes = (db: Db | Tx) =>
  db
    .select({
      id: stockTakes.id,
      code: stockTakes.code,
      locationId: stockTakes.locationId,
      locationCode: stockLocations.code,
      locationName: stockLocations.name,
      remark: stockTakes.remark,
      creatorName: creator.name,
      creationTime: stockTakes.creationTime,
    })
    .from(stockTakes)
    .innerJoin(stockLocations, eq(stockLocations.id, stockTakes.locationId))
    .leftJoin(creator, eq(creator.id, stockTakes.creatorId))
    .$dynamic();

async function linesOf(db: Db | Tx, takeId: string) {
  return db
    .select({
      rebarId: stockTakeLines.rebarId,
      rebarName: rebars.name,
      length: stockTakeLines.length,
      heatNo: stockTakeLines.heatNo,
      lotId: stockTakeLines.lotId,
      lotCode: offcutLots.code,
      book: stockTakeLines.book,
      counted: stockTakeLines.counted,
      difference: stockTakeLines.difference,
    })
    .from(stockTakeLines)
    .innerJoin(rebars, eq(rebars.id, stockTakeLines.rebarId))
    .leftJoin(offcutLots, eq(offcutLots.id, stockTakeLines.lotId))
    .where(eq(stockTakeLines.stockTakeId, takeId))
    .orderBy(asc(rebars.name), asc(stockTakeLines.length), asc(stockTakeLines.heatNo), asc(offcutLots.code));
}

const TAKE_LIST: ListSpec = {
  searchable: [stockTakes.code, stockLocations.code, stockLocations.name],
  sortable: { code: stockTakes.code, creationTime: stockTakes.creationTime },
  defaultOrder: [desc(stockTakes.creationTime), desc(stockTakes.code)],
};

/** Count sheets of the product, newest first, with how many lines differed. */
export async function listStockTakes(db: Db, productId: string, query: ListQuery) {
  const clauses = listClauses(query, TAKE_LIST, [eq(stockTakes.productId, productId)]);
  const rows = await selectTakes(db)
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit)
    .offset(clauses.offset);
  const [counted] = await db
    .select({ value: count() })
    .from(stockTakes)
    .innerJoin(stockLocations, eq(stockLocations.id, stockTakes.locationId))
    .where(clauses.where);
  // The differing lines of the page's sheets, counted in one statement.
  const differing = rows.length
    ? await db
        .select({ id: stockTakeLines.stockTakeId, value: count() })
        .from(stockTakeLines)
        .where(
          and(
            inArray(
              stockTakeLines.stockTakeId,
              rows.map((row) => row.id),
            ),
            ne(stockTakeLines.difference, 0),
          ),
        )
        .groupBy(stockTakeLines.stockTakeId)
    : [];
  const differences = new Map(differing.map((row) => [row.id, Number(row.value)]));
  const items: StockTake[] = rows.map((row) => ({
    ...row,
    differences: differences.get(row.id) ?? 0,
    creationTime: toIso(row.creationTime),
  }));
  return { items, totalCount: Number(counted?.value ?? 0) };
}

/** A sheet of the product with its lines and ledger rows; 404 for any other. */
export async function stockTakeDetail(db: Db | Tx, productId: string, id: string): Promise<StockTakeDetail> {
  const [row] = await selectTakes(db).where(and(eq(stockTakes.id, id), eq(stockTakes.productId, productId)));
  if (!row) throw new AppError('not_found');
  const lines = await linesOf(db, id);
  const ledger = await selectStockLogs(db)
    .where(and(eq(stockLogs.productId, productId), eq(stockLogs.sourceId, id)))
    .orderBy(asc(stockLogs.seq));
  return {
    ...row,
    differences: lines.filter((line) => line.difference !== 0).length,
    creationTime: toIso(row.creationTime),
    lines,
    ledger: ledger.map(toStockLogItem),
  };
}

/**
 * Posts a count of a location's free raw bars and offcut lots (counted by label): the book rows there are locked first (a move racing
 * the count waits, then counts against what the sheet posted), the differences go into the ledger as
 * `adjustment` rows (a loss out, a gain in, at that location; remark the sheet's code) and the sheet
 * is kept with every line, all in the caller's transaction. 400 on `locationId` for a location not
 * of the product; a spec not of the product is 400 on `rebarId` (the stock-move check).
 */
export async function postStockTake(tx: Tx, writer: Actor, input: StockTakeInput): Promise<string> {
  const { productId } = writer.scope;
  const [location] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(and(eq(stockLocations.id, input.locationId), eq(stockLocations.productId, productId)))
    .for('key share');
  if (!location) throw invalidFields({ locationId: ['invalid'] });
  const book = await tx
    .select({
      rebarId: stocks.rebarId,
      length: stocks.length,
      heatNo: stocks.heatNo,
      lotId: stocks.lotId,
      quantity: stocks.quantity,
    })
    .from(stocks)
    .where(
      and(
        eq(stocks.productId, productId),
        inArray(stocks.kind, ['raw', 'tail']),
        eq(stocks.locationId, input.locationId),
        eq(stocks.held, false),
        isNull(stocks.orderLineId),
        gt(stocks.quantity, 0),
      ),
    )
    .orderBy(asc(stocks.id))
    .for('update');
  const lines = countDifferences(book, input.lines);
  const at = new Date();
  const code = await nextDocumentCode(tx, productId, STOCK_TAKE_PREFIX, at);
  const [take] = await tx
    .insert(stockTakes)
    .values({
      ...writer.scope,
      code,
      locationId: input.locationId,
      remark: input.remark,
      creatorId: writer.user.id,
      creationTime: at.toISOString(),
    })
    .returning({ id: stockTakes.id });
  if (!take) throw new Error('stock take insert returned no row');
  const moves: StockMove[] = lines
    .filter((line) => line.difference !== 0)
    .map((line) => ({
      // A lot counted by its label is offcut stock of that lot (a gain of a lot booked elsewhere lands here).
      kind: line.lotId ? 'tail' : 'raw',
      direction: line.difference > 0 ? 'in' : 'out',
      rebarId: line.rebarId,
      length: line.length,
      heatNo: line.lotId ? null : line.heatNo,
      lotId: line.lotId,
      locationId: input.locationId,
      quantity: Math.abs(line.difference),
      reason: 'adjustment',
      remark: code,
    }));
  await applyStockMoves(tx, {
    scope: writer.scope,
    operator: writer.user,
    source: { type: 'manual', id: take.id, code },
    moves,
  });
  if (lines.length) await tx.insert(stockTakeLines).values(lines.map((line) => ({ ...line, stockTakeId: take.id })));
  return take.id;
}
