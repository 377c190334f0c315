import { and, asc, count, desc, eq, gt, inArray, lte, sql, type AnyColumn } from 'drizzle-orm';
import {
  gramsToKg,
  hasHeatNo,
  lotAgeDays,
  type Localized,
  type StockIntegrity,
  type StockKind,
  type StockListQuery,
  type StockPage,
  type StockSummaryRow,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebarReceives, stockLogs, stocks } from './stock.table.ts';
import { stockReservations } from './stock-reservation.table.ts';
import { stockLocations } from './stock-location.table.ts';
import { offcutLots } from './offcut-lot.table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
import { productSettings, rebars } from '../master-data/master-data.table.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { keywordCondition, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';

const stockColumns = {
  id: stocks.id,
  kind: stocks.kind,
  rebarId: stocks.rebarId,
  rebarName: rebars.name,
  grade: rebars.grade,
  diameter: rebars.diameter,
  length: stocks.length,
  heatNo: stocks.heatNo,
  held: stocks.held,
  locationId: stocks.locationId,
  locationCode: stockLocations.code,
  locationName: stockLocations.name,
  lot: {
    id: offcutLots.id,
    code: offcutLots.code,
    scanId: offcutLots.scanId,
    heatNos: offcutLots.heatNos,
    taskId: offcutLots.taskId,
    sourceCode: offcutLots.sourceCode,
    madeAt: offcutLots.madeAt,
    /** The product's aging days (`offcutAgeDays`): a lot this old or older is aged. */
    agingDays:
      sql<number>`(select ${productSettings.offcutAgeDays} from ${productSettings} where ${productSettings.productId} = ${stocks.productId})`.mapWith(
        Number,
      ),
  },
  quantity: stocks.quantity,
  /** What approved cutting plans hold of the row. */
  reserved:
    sql<number>`coalesce((select sum(${stockReservations.quantity}) from ${stockReservations} where ${stockReservations.stockId} = ${stocks.id}), 0)`.mapWith(
      Number,
    ),
  weightGrams: stocks.weightGrams,
  lastMoveTime: stocks.lastMoveTime,
};

const selectStocks = (db: Db | Tx) =>
  db
    .select(stockColumns)
    .from(stocks)
    .innerJoin(rebars, eq(rebars.id, stocks.rebarId))
    .leftJoin(stockLocations, eq(stockLocations.id, stocks.locationId))
    .leftJoin(offcutLots, eq(offcutLots.id, stocks.lotId))
    .$dynamic();

/** A lot as the lists answer it: its age in days, aged once the product's aging days have passed. */
function offcutLotOf<T extends { madeAt: string; agingDays: number }>({ agingDays, ...lot }: T) {
  const madeAt = toIso(lot.madeAt);
  const ageDays = lotAgeDays(madeAt);
  return { ...lot, madeAt, ageDays, aged: ageDays >= agingDays };
}

function toStockItem(row: Awaited<ReturnType<typeof selectStocks>>[number]) {
  const { weightGrams, lot, ...rest } = row;
  return {
    ...rest,
    lot: lot?.id && lot.madeAt ? offcutLotOf({ ...lot, id: lot.id, madeAt: lot.madeAt }) : null,
    heatNo: hasHeatNo(row.kind) ? row.heatNo : null,
    // Held bars are out of reach of planning whatever is reserved of them.
    available: row.held ? 0 : row.quantity - row.reserved,
    weight: gramsToKg(weightGrams),
    lastMoveTime: toIso(row.lastMoveTime),
  };
}

const STOCK_LIST: ListSpec = {
  // An offcut label's QR holds its lot's scan id: scanned into the search box, it finds the lot.
  searchable: [rebars.name, stocks.heatNo, stockLocations.code, offcutLots.code, offcutLots.scanId],
  sortable: {
    rebarName: rebars.name,
    diameter: rebars.diameter,
    length: stocks.length,
    heatNo: stocks.heatNo,
    quantity: stocks.quantity,
    weight: stocks.weightGrams,
    lastMoveTime: stocks.lastMoveTime,
    locationCode: stockLocations.code,
    lotMadeAt: offcutLots.madeAt,
  },
  defaultOrder: [asc(rebars.grade), asc(rebars.diameter), asc(stocks.length), asc(stocks.heatNo), asc(stocks.id)],
};

const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * `GET /api/stock/{kind}`: a page of the product's balances and the totals of every matching row (of
 * the quantity, the bars on quality hold apart).
 */
export async function listStock(db: Db, productId: string, kind: StockKind, query: StockListQuery): Promise<StockPage> {
  // The aging report (`aged=true`): lots kept the product setting's days ago or more.
  const agingDays = query.aged ? await offcutAgeDays(db, productId) : 0;
  const minAgeDays = Math.max(query.minAgeDays ?? 0, agingDays);
  const clauses = listClauses(query, STOCK_LIST, [
    eq(stocks.productId, productId),
    eq(stocks.kind, kind),
    query.includeEmpty ? undefined : gt(stocks.quantity, 0),
    query.rebarId ? eq(stocks.rebarId, query.rebarId) : undefined,
    query.diameter ? eq(rebars.diameter, query.diameter) : undefined,
    query.length ? eq(stocks.length, query.length) : undefined,
    keywordCondition(query.heatNo, [stocks.heatNo]),
    query.held === undefined ? undefined : eq(stocks.held, query.held),
    query.locationId ? eq(stocks.locationId, query.locationId) : undefined,
    query.minAgeDays === undefined && !query.aged
      ? undefined
      : lte(offcutLots.madeAt, new Date(Date.now() - minAgeDays * DAY_MS).toISOString()),
  ]);
  const [rows, [totals]] = await Promise.all([
    selectStocks(db)
      .where(clauses.where)
      .orderBy(...clauses.orderBy)
      .limit(clauses.limit)
      .offset(clauses.offset),
    db
      .select({
        rows: count(),
        quantity: sumOf(stocks.quantity),
        weightGrams: sumOf(stocks.weightGrams),
        heldQuantity: sql<number>`coalesce(sum(${stocks.quantity}) filter (where ${stocks.held}), 0)`.mapWith(Number),
      })
      .from(stocks)
      .innerJoin(rebars, eq(rebars.id, stocks.rebarId))
      .leftJoin(stockLocations, eq(stockLocations.id, stocks.locationId))
      .leftJoin(offcutLots, eq(offcutLots.id, stocks.lotId))
      .where(clauses.where),
  ]);
  return {
    items: rows.map(toStockItem),
    totalCount: Number(totals?.rows ?? 0),
    totals: {
      quantity: totals?.quantity ?? 0,
      weight: gramsToKg(totals?.weightGrams ?? 0),
      heldQuantity: totals?.heldQuantity ?? 0,
    },
  };
}

async function offcutAgeDays(db: Db, productId: string): Promise<number> {
  const [settings] = await db
    .select({ days: productSettings.offcutAgeDays })
    .from(productSettings)
    .where(eq(productSettings.productId, productId));
  return settings?.days ?? 90;
}

/** One balance row of the product's `kind`; undefined for any other (another product's answers 404). */
export async function stockItem(db: Db, productId: string, kind: StockKind, id: string) {
  const [row] = await selectStocks(db).where(
    and(eq(stocks.id, id), eq(stocks.productId, productId), eq(stocks.kind, kind)),
  );
  return row && toStockItem(row);
}

/** `GET /api/stock/summary`: what is in stock per kind and diameter (the stock pages' chart). */
export async function stockSummary(db: Db, productId: string, kinds: StockKind[]): Promise<StockSummaryRow[]> {
  if (!kinds.length) return [];
  const rows = await db
    .select({
      kind: stocks.kind,
      diameter: rebars.diameter,
      quantity: sumOf(stocks.quantity),
      weightGrams: sumOf(stocks.weightGrams),
    })
    .from(stocks)
    .innerJoin(rebars, eq(rebars.id, stocks.rebarId))
    .where(and(eq(stocks.productId, productId), inArray(stocks.kind, kinds), gt(stocks.quantity, 0)))
    .groupBy(stocks.kind, rebars.diameter)
    .orderBy(stocks.kind, rebars.diameter);
  return rows.map(({ weightGrams, ...row }) => ({ ...row, weight: gramsToKg(weightGrams) }));
}

/**
 * Re-adds the ledger of every stock row of the product and compares the sums (and the row count)
 * with the balance. One grouped scan of the product's ledger.
 */
export async function checkIntegrity(db: Db, productId: string): Promise<StockIntegrity> {
  const signed = (column: typeof stockLogs.quantity | typeof stockLogs.weightGrams) =>
    sql`case when ${stockLogs.direction} = 'in' then ${column} else -${column} end`;
  const ledger = db
    .select({
      stockId: stockLogs.stockId,
      quantity: sql<number>`sum(${signed(stockLogs.quantity)})`.as('ledger_quantity'),
      weightGrams: sql<number>`sum(${signed(stockLogs.weightGrams)})`.as('ledger_weight_grams'),
      rows: sql<number>`count(*)`.as('ledger_rows'),
    })
    .from(stockLogs)
    .where(eq(stockLogs.productId, productId))
    .groupBy(stockLogs.stockId)
    .as('ledger');
  const rows = await db
    .select({
      stockId: stocks.id,
      kind: stocks.kind,
      rebarName: rebars.name,
      length: stocks.length,
      heatNo: stocks.heatNo,
      quantity: stocks.quantity,
      weightGrams: stocks.weightGrams,
      logCount: stocks.logCount,
      ledgerQuantity: sql`coalesce(${ledger.quantity}, 0)`.mapWith(Number),
      ledgerWeightGrams: sql`coalesce(${ledger.weightGrams}, 0)`.mapWith(Number),
      ledgerRows: sql`coalesce(${ledger.rows}, 0)`.mapWith(Number),
    })
    .from(stocks)
    .innerJoin(rebars, eq(rebars.id, stocks.rebarId))
    .leftJoin(ledger, eq(ledger.stockId, stocks.id))
    .where(eq(stocks.productId, productId))
    .orderBy(stocks.kind, rebars.name, stocks.length, stocks.heatNo);
  const mismatches = rows
    .filter(
      (row) =>
        row.quantity !== row.ledgerQuantity ||
        row.weightGrams !== row.ledgerWeightGrams ||
        row.logCount !== row.ledgerRows,
    )
    .map((row) => ({
      stockId: row.stockId,
      kind: row.kind,
      rebarName: row.rebarName,
      length: row.length,
      heatNo: hasHeatNo(row.kind) ? row.heatNo : null,
      balance: { quantity: row.quantity, weight: gramsToKg(row.weightGrams) },
      ledger: { quantity: row.ledgerQuantity, weight: gramsToKg(row.ledgerWeightGrams) },
    }));
  return {
    ok: mismatches.length === 0,
    checked: rows.length,
    ledgerRows: rows.reduce((total, row) => total + row.ledgerRows, 0),
    mismatches,
  };
}

const USAGE_LABELS = {
  receipts: { 'zh-CN': '收料记录', 'en-US': 'receipts', 'fr-FR': 'réceptions' },
  stock: { 'zh-CN': '库存', 'en-US': 'stock rows', 'fr-FR': 'lignes de stock' },
} as const satisfies Record<string, Localized>;

/** How many names an `in_use` message shows; the rest are counted, never loaded. */
const NAMED = 5;

/**
 * The receipts and stock rows that keep a rebar spec or a product from being deleted (a stock row
 * exists only with its ledger, so the ledger is covered by it), counted, with a few named.
 */
export async function stockUsage(tx: Tx, by: { rebarId: string } | { productId: string }): Promise<Referrers[]> {
  const receiptWhere =
    'rebarId' in by ? eq(rebarReceives.rebarId, by.rebarId) : eq(rebarReceives.productId, by.productId);
  const stockWhere = 'rebarId' in by ? eq(stocks.rebarId, by.rebarId) : eq(stocks.productId, by.productId);
  // One after another: a transaction's queries share one connection.
  const receiptCount = await tx.$count(rebarReceives, receiptWhere);
  const receiptCodes = await tx
    .select({ name: rebarReceives.code })
    .from(rebarReceives)
    .where(receiptWhere)
    .orderBy(desc(rebarReceives.code))
    .limit(NAMED);
  const stockCount = await tx.$count(stocks, stockWhere);
  const stockNames = await tx
    .select({ name: sql<string>`${rebars.name} || ' ' || ${stocks.length} || 'mm'` })
    .from(stocks)
    .innerJoin(rebars, eq(rebars.id, stocks.rebarId))
    .where(stockWhere)
    .orderBy(rebars.name, stocks.length, stocks.kind)
    .limit(NAMED);
  return [
    { label: USAGE_LABELS.receipts, names: receiptCodes.map((row) => row.name), total: Number(receiptCount) },
    { label: USAGE_LABELS.stock, names: stockNames.map((row) => row.name), total: Number(stockCount) },
  ].filter((group) => group.total > 0);
}
