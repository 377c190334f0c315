import { and, asc, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { gramsToKg, hasHeatNo, type StockKind, type StockLogItem, type StockLogListQuery } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { stockLogs, stocks } from './stock.table.ts';
import { offcutLots } from './offcut-lot.table.ts';
import { invalidFields } from '../../core/http/app-error.ts';
import { keywordCondition } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';

/** The columns of a ledger item, with the spec's name from `rebars` and an offcut's lot code. */
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
  locationId: stockLogs.locationId,
  lotId: stockLogs.lotId,
  lotCode: offcutLots.code,
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
  db
    .select(stockLogColumns)
    .from(stockLogs)
    .innerJoin(rebars, eq(rebars.id, stockLogs.rebarId))
    .leftJoin(offcutLots, eq(offcutLots.id, stockLogs.lotId))
    .$dynamic();

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

/**
 * The search box takes a document code (`RC20261121-0001`, `MV…`: matched by prefix through the
 * source-code index) or else a spec name or heat number, which are properties of stock rows: the
 * ledger is then read through the matching stocks, never scanned.
 */
const DOCUMENT_CODE = /^(RC|MV)\d/i;
const searchedCode = (query: StockLogListQuery): string | undefined =>
  query.filter && DOCUMENT_CODE.test(query.filter) ? query.filter : undefined;
const searchedStock = (query: StockLogListQuery): string | undefined =>
  query.filter && !DOCUMENT_CODE.test(query.filter) ? query.filter : undefined;

/** Codes are upper case; a prefix match (`like 'RC2026%'`) can use the (product, kind, source_code) index. */
function codePrefix(column: typeof stockLogs.sourceCode, prefix: string | undefined): SQL | undefined {
  return prefix ? like(column, `${prefix.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`) : undefined;
}

/** The filters that are properties of a stock row: its ledger's size is then the rows' `log_count`. */
const stockLevelOnly = (query: StockLogListQuery) =>
  !searchedCode(query) && !query.direction && !query.reason && !query.sourceCode && !query.timeFrom && !query.timeTo;

/** Conditions on the columns a ledger row shares with its stock row (`id` being the stock id there). */
function stockConditions(
  db: Db | Tx,
  columns: { id: typeof stocks.id | typeof stockLogs.stockId } & Pick<
    typeof stocks | typeof stockLogs,
    'productId' | 'kind' | 'rebarId' | 'length' | 'heatNo'
  >,
  productId: string,
  kind: StockKind,
  query: StockLogListQuery,
): (SQL | undefined)[] {
  const keyword = searchedStock(query);
  const specsNamed = keyword
    ? db
        .select({ id: rebars.id })
        .from(rebars)
        .where(and(eq(rebars.productId, productId), keywordCondition(keyword, [rebars.name])))
    : undefined;
  return [
    eq(columns.productId, productId),
    eq(columns.kind, kind),
    query.rebarId ? eq(columns.rebarId, query.rebarId) : undefined,
    query.stockId ? eq(columns.id, query.stockId) : undefined,
    query.length ? eq(columns.length, query.length) : undefined,
    keywordCondition(query.heatNo, [columns.heatNo]),
    specsNamed ? or(keywordCondition(keyword, [columns.heatNo]), inArray(columns.rebarId, specsNamed)) : undefined,
  ];
}

/** The conditions on the ledger's own columns, those a stock row does not share. */
function ledgerOnlyConditions(query: StockLogListQuery): (SQL | undefined)[] {
  return [
    query.direction ? eq(stockLogs.direction, query.direction) : undefined,
    query.reason ? eq(stockLogs.reason, query.reason) : undefined,
    codePrefix(stockLogs.sourceCode, query.sourceCode),
    codePrefix(stockLogs.sourceCode, searchedCode(query)),
    query.timeFrom ? gte(stockLogs.creationTime, query.timeFrom) : undefined,
    query.timeTo ? lte(stockLogs.creationTime, query.timeTo) : undefined,
  ];
}

function ledgerWhere(db: Db | Tx, productId: string, kind: StockKind, query: StockLogListQuery): SQL | undefined {
  const shared = {
    id: stockLogs.stockId,
    productId: stockLogs.productId,
    kind: stockLogs.kind,
    rebarId: stockLogs.rebarId,
    length: stockLogs.length,
    heatNo: stockLogs.heatNo,
  };
  return and(...stockConditions(db, shared, productId, kind, query), ...ledgerOnlyConditions(query));
}

/**
 * A heat number, a length or a searched spec picks stock rows whose ledger rows are scattered over the ledger:
 * walking the time index and filtering finds a heat used up months ago only after reading most of it.
 * Instead each matching stock row gives its first `skip + limit` keys from the (stock_id,
 * creation_time, seq) index and the page is the merge of those: matching stocks × (skip + limit) keys.
 */
function mergedStockKeys(db: Db | Tx, productId: string, kind: StockKind, query: StockLogListQuery, order: SQL[]) {
  const matching = db
    .select({ id: stocks.id })
    .from(stocks)
    .where(and(...stockConditions(db, stocks, productId, kind, query)))
    .as('matching');
  const perStock = db
    .select({ time: stockLogs.creationTime, seq: stockLogs.seq })
    .from(stockLogs)
    .where(and(eq(stockLogs.stockId, matching.id), ...ledgerOnlyConditions(query)))
    .orderBy(...order)
    .limit(query.skipCount + query.maxResultCount)
    .as('keys');
  const descending = order === LOG_ORDERS.desc;
  const by = descending ? desc : asc;
  return db
    .select({ time: perStock.time, seq: perStock.seq })
    .from(matching)
    .innerJoinLateral(perStock, sql`true`)
    .orderBy(by(perStock.time), by(perStock.seq))
    .limit(query.maxResultCount)
    .offset(query.skipCount)
    .as('page');
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
        .where(and(...stockConditions(db, stocks, productId, kind, query)))
    : db
        .select({ value: sql<number>`count(*)`.mapWith(Number) })
        .from(stockLogs)
        .where(where);
  const pageKeys =
    query.heatNo || query.length || searchedStock(query)
      ? mergedStockKeys(db, productId, kind, query, order)
      : db
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
    .leftJoin(offcutLots, eq(offcutLots.id, stockLogs.lotId))
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

/** The ledger rows a document caused (a machine task's, a delivery note's), in the order they were written. */
export async function stockLogsOfSource(db: Db | Tx, productId: string, sourceId: string): Promise<StockLogItem[]> {
  const rows = await selectStockLogs(db)
    .where(and(eq(stockLogs.productId, productId), eq(stockLogs.sourceId, sourceId)))
    .orderBy(asc(stockLogs.seq));
  return rows.map(toStockLogItem);
}
