import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { gramsToKg, hasHeatNo, type StockKind, type StockLogItem, type StockLogListQuery } from '@armature/domain';
import type { Db, Tx } from '../../db/client.ts';
import { rebars, stockLogs, stocks } from '../../db/schema/index.ts';
import { invalidFields } from '../../lib/app-error.ts';
import { keywordCondition } from '../../lib/list-query.ts';
import { toIso } from '../../lib/time.ts';

/** The columns of a ledger item, with the spec's name from `rebars`. */
export const stockLogColumns = {
  id: stockLogs.id,
  seq: stockLogs.seq,
  kind: stockLogs.kind,
  direction: stockLogs.direction,
  stockId: stockLogs.stockId,
  rebarId: stockLogs.rebarId,
  rebarName: rebars.name,
  grade: rebars.grade,
  diameter: rebars.diameter,
  length: stockLogs.length,
  heatNo: stockLogs.heatNo,
  quantity: stockLogs.quantity,
  weightGrams: stockLogs.weightGrams,
  balanceAfter: stockLogs.balanceAfter,
  balanceWeightGramsAfter: stockLogs.balanceWeightGramsAfter,
  reason: stockLogs.reason,
  sourceType: stockLogs.sourceType,
  sourceId: stockLogs.sourceId,
  sourceCode: stockLogs.sourceCode,
  remark: stockLogs.remark,
  operatorId: stockLogs.operatorId,
  operatorName: stockLogs.operatorName,
  time: stockLogs.creationTime,
};

/** Ledger rows with their spec, for the reads that pick rows by something else than a page (a receipt's, a move's). */
export const selectStockLogs = (db: Db | Tx) =>
  db.select(stockLogColumns).from(stockLogs).innerJoin(rebars, eq(rebars.id, stockLogs.rebarId)).$dynamic();

type StockLogRow = Awaited<ReturnType<typeof selectStockLogs>>[number];

/** A ledger row as the API answers it: kilograms, ISO time, no heat number outside raw stock. */
export function toStockLogItem(row: StockLogRow): StockLogItem {
  const { weightGrams, balanceWeightGramsAfter, time, heatNo, ...rest } = row;
  return {
    ...rest,
    heatNo: hasHeatNo(row.kind) ? heatNo : null,
    weight: gramsToKg(weightGrams),
    balanceWeightAfter: gramsToKg(balanceWeightGramsAfter),
    time: toIso(time),
  };
}

/**
 * Ledgers read by time, newest first; `seq` (the order rows were written) breaks ties, so the rows of
 * one command keep their order. Every ledger index ends in (creation_time, seq): a time range is an
 * index range and a page needs no sort.
 */
const LOG_ORDERS = {
  asc: [asc(stockLogs.creationTime), asc(stockLogs.seq)],
  desc: [desc(stockLogs.creationTime), desc(stockLogs.seq)],
};

/** `time`, `time asc` or `time desc` (the list convention: no direction is ascending); else 400 on `sorting`. */
function orderOfLog(sorting: string | undefined): SQL[] {
  if (!sorting) return LOG_ORDERS.desc;
  const match = /^time(?:\s+(asc|desc))?$/i.exec(sorting.trim());
  if (!match) throw invalidFields({ sorting: ['invalid'] });
  return match[1]?.toLowerCase() === 'desc' ? LOG_ORDERS.desc : LOG_ORDERS.asc;
}

/** The filters that are properties of a stock row: its ledger's size is then the rows' `log_count`. */
const stockLevelOnly = (query: StockLogListQuery) =>
  !query.filter && !query.direction && !query.reason && !query.sourceCode && !query.timeFrom && !query.timeTo;

/** Conditions on the columns a ledger row shares with its stock row (`id` being the stock id there). */
function stockConditions(
  columns: { id: typeof stocks.id | typeof stockLogs.stockId } & Pick<
    typeof stocks | typeof stockLogs,
    'productId' | 'kind' | 'rebarId' | 'length' | 'heatNo'
  >,
  productId: string,
  kind: StockKind,
  query: StockLogListQuery,
): (SQL | undefined)[] {
  return [
    eq(columns.productId, productId),
    eq(columns.kind, kind),
    query.rebarId ? eq(columns.rebarId, query.rebarId) : undefined,
    query.stockId ? eq(columns.id, query.stockId) : undefined,
    query.length ? eq(columns.length, query.length) : undefined,
    keywordCondition(query.heatNo, [columns.heatNo]),
  ];
}

function ledgerWhere(db: Db | Tx, productId: string, kind: StockKind, query: StockLogListQuery): SQL | undefined {
  const matchingSpecs = query.filter
    ? db
        .select({ id: rebars.id })
        .from(rebars)
        .where(and(eq(rebars.productId, productId), keywordCondition(query.filter, [rebars.name])))
    : undefined;
  return and(
    ...stockConditions(
      {
        id: stockLogs.stockId,
        productId: stockLogs.productId,
        kind: stockLogs.kind,
        rebarId: stockLogs.rebarId,
        length: stockLogs.length,
        heatNo: stockLogs.heatNo,
      },
      productId,
      kind,
      query,
    ),
    query.direction ? eq(stockLogs.direction, query.direction) : undefined,
    query.reason ? eq(stockLogs.reason, query.reason) : undefined,
    keywordCondition(query.sourceCode, [stockLogs.sourceCode]),
    query.timeFrom ? gte(stockLogs.creationTime, query.timeFrom) : undefined,
    query.timeTo ? lte(stockLogs.creationTime, query.timeTo) : undefined,
    matchingSpecs
      ? or(
          keywordCondition(query.filter, [stockLogs.heatNo, stockLogs.sourceCode, stockLogs.operatorName]),
          inArray(stockLogs.rebarId, matchingSpecs),
        )
      : undefined,
  );
}

/**
 * The two queries of a ledger page of one product's `kind` (`GET /api/stockLog/{kind}`), exported so
 * the benchmark times the very SQL the API runs (`.toSQL()`, or awaited as they are):
 *
 * - `count` → `[{ value }]`: with stock-level filters only (spec, stock, length, heat number) the sum of
 *   the matching stock rows' `log_count`, which reads a few stock rows instead of the ledger; else `count(*)`.
 * - `page` → rows for `toStockLogItem`, newest first: a deferred join — the page's keys
 *   (creation_time, seq) are picked from an index alone (skipping `skipCount` index entries, not table
 *   rows), then only those rows are read and joined with their spec.
 *
 * An invalid `sorting` throws the API's 400 on `sorting`.
 */
export function stockLogPageQueries(db: Db | Tx, productId: string, kind: StockKind, query: StockLogListQuery) {
  const where = ledgerWhere(db, productId, kind, query);
  const order = orderOfLog(query.sorting);
  const count = stockLevelOnly(query)
    ? db
        .select({ value: sql<number>`coalesce(sum(${stocks.logCount}), 0)`.mapWith(Number) })
        .from(stocks)
        .where(and(...stockConditions(stocks, productId, kind, query)))
    : db
        .select({ value: sql<number>`count(*)`.mapWith(Number) })
        .from(stockLogs)
        .where(where);
  const pageKeys = db
    .select({ time: stockLogs.creationTime, seq: stockLogs.seq })
    .from(stockLogs)
    .where(where)
    .orderBy(...order)
    .limit(query.maxResultCount)
    .offset(query.skipCount)
    .as('page');
  const page = db
    .select(stockLogColumns)
    .from(pageKeys)
    .innerJoin(
      stockLogs,
      and(
        eq(stockLogs.productId, productId),
        eq(stockLogs.kind, kind),
        eq(stockLogs.creationTime, pageKeys.time),
        eq(stockLogs.seq, pageKeys.seq),
      ),
    )
    .innerJoin(rebars, eq(rebars.id, stockLogs.rebarId))
    .orderBy(...order);
  return { count, page };
}

/** `GET /api/stockLog/{kind}`'s answer. */
export async function fetchStockLogPage(
  db: Db | Tx,
  productId: string,
  kind: StockKind,
  query: StockLogListQuery,
): Promise<{ items: StockLogItem[]; totalCount: number }> {
  const { count, page } = stockLogPageQueries(db, productId, kind, query);
  const [rows, counted] = await Promise.all([page, count]);
  return { items: rows.map(toStockLogItem), totalCount: counted[0]?.value ?? 0 };
}
