import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  REBAR_DELIVERY_ENDPOINTS,
  PURCHASE_LIST_ENDPOINTS,
  RECEIPT_ENDPOINTS,
  STOCK_ENDPOINTS,
  STOCK_KINDS,
  STOCK_OVERVIEW_ENDPOINTS,
  STOCK_TAKE_ENDPOINTS,
  rebarResource,
  type ItemOf,
  type RebarDeliveryInput,
  type StockTakeInput,
  type RebarReceiveInput,
  type StockKind,
  type StockMoveInput,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { type KeyFor, keyedBy } from '../../lib/idempotency-keys.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';
import { resourceCrud } from '../../components/resource/resource-endpoint.ts';

export const RECEIPTS = RECEIPT_ENDPOINTS.list.path;
export const PURCHASE_LISTS = PURCHASE_LIST_ENDPOINTS.list.path;
const stockPath = (kind: StockKind) => STOCK_ENDPOINTS[kind].list.path;
const stockLogPath = (kind: StockKind) => STOCK_ENDPOINTS[kind].ledger.path;

/** How many stock rows the out-move select offers at once; typing searches the server for others. */
const CHOICES = 50;

/** A rebar spec as `GET /rebar/all` answers it. */
export type RebarSpec = ItemOf<typeof rebarResource>;

/**
 * Every query key of the stock screens. Receipts, balances and ledgers are read through the generic
 * list machinery, so their keys start with their API path like every resource's.
 */
export const stockKeys = {
  receipts: () => resourceKeys.root(RECEIPTS),
  receipt: (id: string | undefined) => resourceKeys.detail(RECEIPTS, id),
  balances: (kind: StockKind) => resourceKeys.root(stockPath(kind)),
  balance: (kind: StockKind, id: string | undefined) => resourceKeys.detail(stockPath(kind), id),
  /** The non-empty balances an out-move can take from, matching what the user typed. */
  choices: (kind: StockKind, search: string) => [stockPath(kind), 'choices', search] as const,
  ledger: (kind: StockKind) => resourceKeys.root(stockLogPath(kind)),
  summary: () => [STOCK_OVERVIEW_ENDPOINTS.summary.path] as const,
};

/** The paged lists (the generic list machinery reads them). */
export const stockLists = {
  receipts: RECEIPT_ENDPOINTS.list,
  purchaseLists: PURCHASE_LIST_ENDPOINTS.list,
  balances: (kind: StockKind) => STOCK_ENDPOINTS[kind].list,
  ledger: (kind: StockKind) => STOCK_ENDPOINTS[kind].ledger,
};

export const stockQueries = {
  receipt: (id: string | undefined) => resourceQueries.detail(RECEIPT_ENDPOINTS.get, id),
  /** A posted count sheet with its lines and ledger rows. */
  stockTake: (id: string | undefined) => resourceQueries.detail(STOCK_TAKE_ENDPOINTS.get, id),
  /**
   * The book a stock-take counts against: the free raw rows, or the offcut lots, at a location (a rack
   * holds far fewer than 500).
   */
  locationBook: (kind: 'raw' | 'tail', locationId: string | undefined) =>
    queryOptions({
      queryKey: [stockPath(kind), 'location', locationId] as const,
      queryFn: ({ signal }) =>
        api.call(STOCK_ENDPOINTS[kind].list, {
          params: {},
          query: { locationId, held: false, maxResultCount: 500 },
          signal,
        }),
    }),
  /** The offcut rows whose lot a scanned label (scan id) or a typed lot code names, wherever they lie. */
  lotByLabel: (text: string) =>
    queryOptions({
      queryKey: [stockPath('tail'), 'label', text] as const,
      queryFn: async ({ signal }) => {
        const page = await api.call(STOCK_ENDPOINTS.tail.list, {
          params: {},
          query: { filter: text, includeEmpty: true, maxResultCount: 20 },
          signal,
        });
        const wanted = text.toUpperCase();
        return page.items.find((row) => row.lot && (row.lot.scanId === text || row.lot.code === wanted)) ?? null;
      },
    }),
  /** A delivery note with its lines (each a receipt). */
  delivery: (id: string | undefined) => resourceQueries.detail(REBAR_DELIVERY_ENDPOINTS.get, id),
  /** One stock row with the ledger rows that make its balance. */
  balance: (kind: StockKind, id: string | undefined) => resourceQueries.detail(STOCK_ENDPOINTS[kind].get, id),
  choices: (kind: StockKind, search: string) =>
    queryOptions({
      queryKey: stockKeys.choices(kind, search),
      queryFn: ({ signal }) =>
        api.call(STOCK_ENDPOINTS[kind].list, {
          params: {},
          query: { filter: search.trim(), maxResultCount: CHOICES, sorting: 'rebarName asc' },
          signal,
        }),
    }),
  /** The specs of the current product; the same cache entry as the spec selects (`ReferenceSelect`). */
  rebarSpecs: () => resourceQueries.all(resourceCrud(rebarResource).all),
  /** Weight by diameter and kind over every stock the user may read. */
  summary: () =>
    queryOptions({
      queryKey: stockKeys.summary(),
      queryFn: ({ signal }) => api.call(STOCK_OVERVIEW_ENDPOINTS.summary, { params: {}, signal }),
    }),
};

/** The same body sent again reuses its key, so the server applies it once (see `idempotencyKeys`). */

export const stockMutations = {
  /** Bars received from a supplier, booked into raw stock. */
  receive: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: RebarReceiveInput) =>
        api.call(RECEIPT_ENDPOINTS.create, { params: {}, body, ...keyedBy(keyFor, body) }),
    }),
  /** A truck's delivery note: every line a receipt, booked into raw stock at once. */
  receiveDelivery: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: RebarDeliveryInput) =>
        api.call(REBAR_DELIVERY_ENDPOINTS.create, { params: {}, body, ...keyedBy(keyFor, body) }),
    }),
  /** A counted location's differences posted as one adjustment, the sheet kept. */
  stockTake: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: StockTakeInput) =>
        api.call(STOCK_TAKE_ENDPOINTS.create, { params: {}, body, ...keyedBy(keyFor, body) }),
    }),
  /** Takes a receipt's bars back out of raw stock. */
  reverse: (receiptId: string) =>
    mutationOptions({
      mutationFn: ({ reason }: { reason: string }) =>
        api.call(RECEIPT_ENDPOINTS.reverse, { params: { id: receiptId }, body: { reason } }),
    }),
  /** A manual move on a kind's stock; answers the document code. */
  move: (kind: StockKind, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: StockMoveInput) =>
        api.call(STOCK_ENDPOINTS[kind].move, { params: {}, body, ...keyedBy(keyFor, body) }),
    }),
  /** Re-adds every ledger on the server (a read, run when asked). */
  checkIntegrity: () =>
    mutationOptions({
      mutationFn: () => api.call(STOCK_OVERVIEW_ENDPOINTS.integrity, { params: {} }),
    }),
};

/** Any stock write changes balances, ledgers, the chart and (a reversal) receipts: refetch them all. */
export async function refreshStock(queryClient: QueryClient): Promise<void> {
  const keys = [
    ...STOCK_KINDS.flatMap((kind) => [stockKeys.balances(kind), stockKeys.ledger(kind)]),
    stockKeys.summary(),
    stockKeys.receipts(),
    resourceKeys.root(REBAR_DELIVERY_ENDPOINTS.list.path),
    resourceKeys.root(STOCK_TAKE_ENDPOINTS.list.path),
    resourceKeys.root(PURCHASE_LISTS),
  ];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
