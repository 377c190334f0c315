import type { Localized } from '../core/i18n/locales.ts';

/**
 * The four stocks of a plant (per product): raw bars as received, finished pieces, reusable offcuts
 * ("tails") and waste. Each has a balance per rebar spec and length (raw also per heat number) and an
 * append-only ledger explaining every change.
 */
export const STOCK_KINDS = ['raw', 'finished', 'tail', 'waste'] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

export const STOCK_DIRECTIONS = ['in', 'out'] as const;
export type StockDirection = (typeof STOCK_DIRECTIONS)[number];

/**
 * Why stock moved. `receipt`: raw bars received; `reversal`: a wrong receipt taken back out; `consumption`: bars taken
 * for cutting; `production`: pieces, tails or waste produced; `delivery`: pieces sent to a site (or
 * waste sold); `adjustment`: a stock-take correction; `scrap`: stock scrapped, which moves it into waste;
 * `hold`: raw bars of a receipt that failed its inspection moved to held (blocked) stock, out of reach
 * of cutting plans; `release`: held bars released back to production; `return`: held bars sent back to
 * the supplier; `transfer`: bars moved from one location (rack, bin) to another, an out-move of the row at
 * the old place and an in-move of the row at the new one.
 */
export const STOCK_REASONS = [
  'receipt',
  'reversal',
  'consumption',
  'production',
  'delivery',
  'adjustment',
  'scrap',
  'hold',
  'release',
  'return',
  'transfer',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * What caused a ledger row: a receipt (or its reversal), a manual move recorded on a stockLog page, a
 * machine task's report or completion, a delivery note (finished bundles sent to a site), a failed
 * production inspection (pieces scrapped: finished stock into waste), a revised bar list (superseded pieces
 * re-used for another mark, kept as offcut or scrapped).
 */
export const STOCK_SOURCE_TYPES = ['rebarReceive', 'manual', 'task', 'delivery', 'inspection', 'revision'] as const;
export type StockSourceType = (typeof STOCK_SOURCE_TYPES)[number];

/**
 * The reasons a person may record by hand (`POST /api/stockLog/{kind}`), per kind and direction.
 * Raw bars come in through receipts only (a stock-take gain aside); production comes in by hand until
 * machine tasks report it; scrapping (raw, finished or tail) also puts the same bars into waste.
 */
export const MANUAL_REASONS: Readonly<Record<StockKind, Readonly<Record<StockDirection, readonly StockReason[]>>>> = {
  raw: { in: ['adjustment'], out: ['consumption', 'adjustment', 'scrap'] },
  finished: { in: ['production', 'adjustment'], out: ['delivery', 'adjustment', 'scrap'] },
  tail: { in: ['production', 'adjustment'], out: ['consumption', 'delivery', 'adjustment', 'scrap'] },
  waste: { in: ['production', 'adjustment'], out: ['delivery', 'adjustment'] },
};

export function isManualReason(kind: StockKind, direction: StockDirection, reason: StockReason): boolean {
  return MANUAL_REASONS[kind][direction].includes(reason);
}

/** Only raw stock is kept per heat number (traceability of the steel back to its mill certificate). */
export const hasHeatNo = (kind: StockKind): boolean => kind === 'raw';

/**
 * Bars the keeper puts away at a location (a rack, a bin): raw bars and offcuts. Finished pieces are
 * found by their bundle's tag, waste lies in its skip.
 */
export const hasLocation = (kind: StockKind): boolean => kind === 'raw' || kind === 'tail';

/**
 * The permission names guarding each kind (the stock screens' menu pages and buttons): reading balances,
 * reading the ledger, recording a manual move. Waste has no ledger page: its stock page shows both.
 */
export const STOCK_PERMISSIONS: Readonly<Record<StockKind, { stock: string; log: string; add: string }>> = {
  raw: {
    stock: 'rawMaterialStock.receiveCenter.rebarStock',
    log: 'rawMaterialStock.receiveCenter.receiveStockLog',
    add: 'rawMaterialStock.receiveCenter.receiveStockLog.add',
  },
  finished: {
    stock: 'rebarFinished.finished.stock',
    log: 'rebarFinished.finished.stockLog',
    add: 'rebarFinished.finished.stockLog.add',
  },
  tail: {
    stock: 'rebarFinished.tail.stock',
    log: 'rebarFinished.tail.stockLog',
    add: 'rebarFinished.tail.stockLog.add',
  },
  waste: {
    stock: 'rebarFinished.waste.stock',
    log: 'rebarFinished.waste.stock',
    add: 'rebarFinished.waste.stock.add',
  },
};

export const RECEIPT_PERMISSIONS = {
  read: 'rawMaterialStock.receiveCenter.rebarReceive',
  add: 'rawMaterialStock.receiveCenter.rebarReceive.add',
  reverse: 'rawMaterialStock.receiveCenter.rebarReceive.reverse',
  inspect: 'rawMaterialStock.receiveCenter.rebarReceive.inspect',
  unhold: 'rawMaterialStock.receiveCenter.rebarReceive.unhold',
  return: 'rawMaterialStock.receiveCenter.rebarReceive.return',
} as const;

export const PURCHASE_LIST_PERMISSIONS = {
  read: 'rawMaterialStock.receiveCenter.purchaseList',
  receive: 'rawMaterialStock.receiveCenter.purchaseList.receive',
} as const;

/** Re-adding every ledger: a maintenance check for the equipment maker's administrators. */
export const STOCK_INTEGRITY_PERMISSION = 'rawMaterialStock.receiveCenter.rebarStock.integrity';

export const STOCK_KIND_LABELS: Readonly<Record<StockKind, Localized>> = {
  raw: { 'zh-CN': '原材料', 'en-US': 'Raw bars', 'fr-FR': 'Barres brutes' },
  finished: { 'zh-CN': '成品', 'en-US': 'Finished pieces', 'fr-FR': 'Pièces finies' },
  tail: { 'zh-CN': '余料', 'en-US': 'Offcuts', 'fr-FR': 'Chutes' },
  waste: { 'zh-CN': '废料', 'en-US': 'Waste', 'fr-FR': 'Déchets' },
};

export const STOCK_DIRECTION_LABELS: Readonly<Record<StockDirection, Localized>> = {
  in: { 'zh-CN': '入库', 'en-US': 'In', 'fr-FR': 'Entrée' },
  out: { 'zh-CN': '出库', 'en-US': 'Out', 'fr-FR': 'Sortie' },
};

export const STOCK_REASON_LABELS: Readonly<Record<StockReason, Localized>> = {
  receipt: { 'zh-CN': '收料', 'en-US': 'Receipt', 'fr-FR': 'Réception' },
  reversal: { 'zh-CN': '冲销', 'en-US': 'Reversal', 'fr-FR': 'Extourne' },
  consumption: { 'zh-CN': '领用', 'en-US': 'Consumption', 'fr-FR': 'Consommation' },
  production: { 'zh-CN': '生产', 'en-US': 'Production', 'fr-FR': 'Production' },
  delivery: { 'zh-CN': '发货', 'en-US': 'Delivery', 'fr-FR': 'Livraison' },
  adjustment: { 'zh-CN': '盘点调整', 'en-US': 'Stock-take adjustment', 'fr-FR': "Ajustement d'inventaire" },
  scrap: { 'zh-CN': '报废', 'en-US': 'Scrap', 'fr-FR': 'Mise au rebut' },
  hold: { 'zh-CN': '质检冻结', 'en-US': 'Quality hold', 'fr-FR': 'Blocage qualité' },
  release: { 'zh-CN': '质检放行', 'en-US': 'Hold released', 'fr-FR': 'Blocage levé' },
  return: { 'zh-CN': '退货', 'en-US': 'Returned to supplier', 'fr-FR': 'Retour fournisseur' },
  transfer: { 'zh-CN': '移库', 'en-US': 'Moved to another location', 'fr-FR': 'Changement d’emplacement' },
};
