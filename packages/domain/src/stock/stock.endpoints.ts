import { z } from 'zod';
import { defineEndpoint, workflowAction } from '../core/endpoint.ts';
import { idParamsSchema, listQuerySchema, pagedResultSchema } from '../core/common.schema.ts';
import {
  PURCHASE_LIST_PERMISSIONS,
  STOCK_INTEGRITY_PERMISSION,
  STOCK_PERMISSIONS,
  RECEIPT_PERMISSIONS,
  type StockKind,
} from './stock-kinds.ts';
import {
  purchaseListPageSchema,
  purchaseListQuerySchema,
  purchaseListSchema,
  purchaseReceiveInputSchema,
} from './purchase-list.schema.ts';
import {
  rebarDeliveryDetailSchema,
  rebarDeliveryInputSchema,
  rebarDeliveryListQuerySchema,
  rebarDeliverySchema,
} from './rebar-delivery.schema.ts';
import { stockRelocateInputSchema } from './stock-location.schema.ts';
import { stockTakeDetailSchema, stockTakeInputSchema, stockTakeSchema } from './stock-take.ts';
import {
  rebarReceiveDetailSchema,
  rebarReceiveInputSchema,
  rebarReceiveListQuerySchema,
  rebarReceiveReverseSchema,
  rebarReceiveSchema,
  stockDetailSchema,
  stockIntegritySchema,
  stockListQuerySchema,
  stockLogItemSchema,
  stockLogListQuerySchema,
  stockMoveInputSchema,
  stockMoveResultSchema,
  stockPageSchema,
  stockSummaryRowSchema,
} from './stock.schema.ts';

const noParams = z.object({});
const RECEIPTS = 'rebarReceive';

/** Receipts (`/api/rebarReceive`): bars in from suppliers, and their reversal; the current product's only. */
export const RECEIPT_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: RECEIPTS,
    params: noParams,
    query: rebarReceiveListQuerySchema,
    response: pagedResultSchema(rebarReceiveSchema),
    access: RECEIPT_PERMISSIONS.read,
  }),
  /** A receipt with the ledger rows it booked. */
  get: defineEndpoint({
    method: 'GET',
    path: `${RECEIPTS}/:id`,
    params: idParamsSchema,
    response: rebarReceiveDetailSchema,
    access: RECEIPT_PERMISSIONS.read,
  }),
  /** Books the bars into raw stock (201, the receipt's detail). */
  create: defineEndpoint({
    method: 'POST',
    path: RECEIPTS,
    params: noParams,
    body: rebarReceiveInputSchema,
    status: 201,
    response: rebarReceiveDetailSchema,
    access: RECEIPT_PERMISSIONS.add,
  }),
  /** Takes the receipt's bars back out of raw stock, with the reason. */
  reverse: workflowAction(RECEIPTS, 'reverse', {
    access: RECEIPT_PERMISSIONS.reverse,
    body: rebarReceiveReverseSchema,
    response: rebarReceiveDetailSchema,
  }),
};

/** One kind's balances (`stock/<kind>`), its ledger (`stockLog/<kind>`) and its manual moves, guarded by its permissions. */
function stockKindEndpoints(kind: StockKind) {
  const permissions = STOCK_PERMISSIONS[kind];
  return {
    /** One page of balances; its answer adds the totals of every matching row. */
    list: defineEndpoint({
      method: 'GET',
      path: `stock/${kind}`,
      params: noParams,
      query: stockListQuerySchema,
      response: stockPageSchema,
      access: permissions.stock,
    }),
    /** One stock row with its latest ledger rows. */
    get: defineEndpoint({
      method: 'GET',
      path: `stock/${kind}/:id`,
      params: idParamsSchema,
      response: stockDetailSchema,
      access: permissions.stock,
    }),
    ledger: defineEndpoint({
      method: 'GET',
      path: `stockLog/${kind}`,
      params: noParams,
      query: stockLogListQuerySchema,
      response: pagedResultSchema(stockLogItemSchema),
      access: permissions.log,
    }),
    /** A manual move (201, the document code). */
    move: defineEndpoint({
      method: 'POST',
      path: `stockLog/${kind}`,
      params: noParams,
      body: stockMoveInputSchema,
      status: 201,
      response: stockMoveResultSchema,
      access: permissions.add,
    }),
  };
}

export type StockKindEndpoints = ReturnType<typeof stockKindEndpoints>;

/** Each kind's balances, ledger and moves. */
export const STOCK_ENDPOINTS: Readonly<Record<StockKind, StockKindEndpoints>> = {
  raw: stockKindEndpoints('raw'),
  finished: stockKindEndpoints('finished'),
  tail: stockKindEndpoints('tail'),
  waste: stockKindEndpoints('waste'),
};

/** What concerns every kind at once. */
export const STOCK_OVERVIEW_ENDPOINTS = {
  /** Weight by diameter and kind over every stock the caller may read. */
  summary: defineEndpoint({
    method: 'GET',
    path: 'stock/summary',
    params: noParams,
    response: z.array(stockSummaryRowSchema),
    access: 'authenticated',
  }),
  /** Re-adds every ledger and compares it with the balances. */
  integrity: defineEndpoint({
    method: 'GET',
    path: 'stock/integrity',
    params: noParams,
    response: stockIntegritySchema,
    access: STOCK_INTEGRITY_PERMISSION,
  }),
};

const DELIVERIES = 'rebarDelivery';

/**
 * Delivery notes (`/api/rebarDelivery`), with the receipts' permissions: a truck's note whose every
 * line is a receipt of its own.
 */
export const REBAR_DELIVERY_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: DELIVERIES,
    params: noParams,
    query: rebarDeliveryListQuerySchema,
    response: pagedResultSchema(rebarDeliverySchema),
    access: RECEIPT_PERMISSIONS.read,
  }),
  /** The note, its lines (each a receipt) and their ledger rows. */
  get: defineEndpoint({
    method: 'GET',
    path: `${DELIVERIES}/:id`,
    params: idParamsSchema,
    response: rebarDeliveryDetailSchema,
    access: RECEIPT_PERMISSIONS.read,
  }),
  /** Books every line into raw stock in one transaction (201, the note's detail). */
  create: defineEndpoint({
    method: 'POST',
    path: DELIVERIES,
    params: noParams,
    body: rebarDeliveryInputSchema,
    status: 201,
    response: rebarDeliveryDetailSchema,
    access: RECEIPT_PERMISSIONS.add,
  }),
};

const STOCK_TAKES = 'stockTake';

/**
 * Stock-takes (`/api/stockTake`): a location's raw bars counted and the differences posted at once.
 * Reading needs the raw stock page, posting the raw manual moves.
 */
export const STOCK_TAKE_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: STOCK_TAKES,
    params: noParams,
    query: listQuerySchema,
    response: pagedResultSchema(stockTakeSchema),
    access: STOCK_PERMISSIONS.raw.stock,
  }),
  /** The sheet as counted and the ledger rows it wrote. */
  get: defineEndpoint({
    method: 'GET',
    path: `${STOCK_TAKES}/:id`,
    params: idParamsSchema,
    response: stockTakeDetailSchema,
    access: STOCK_PERMISSIONS.raw.stock,
  }),
  /** Posts the differences (201, the sheet's detail). */
  create: defineEndpoint({
    method: 'POST',
    path: STOCK_TAKES,
    params: noParams,
    body: stockTakeInputSchema,
    status: 201,
    response: stockTakeDetailSchema,
    access: STOCK_PERMISSIONS.raw.add,
  }),
};

/** Bars of a raw or offcut balance row carried to another rack or bin, guarded like a manual move of that kind. */
function relocateEndpoint(kind: 'raw' | 'tail') {
  return defineEndpoint({
    method: 'POST',
    path: `stock/${kind}/:id/relocate`,
    params: idParamsSchema,
    body: stockRelocateInputSchema,
    status: 201,
    response: stockMoveResultSchema,
    access: STOCK_PERMISSIONS[kind].add,
  });
}

/** The relocation of each kind that lies on racks (201, the move's document codes). */
export const RELOCATE_ENDPOINTS = { raw: relocateEndpoint('raw'), tail: relocateEndpoint('tail') };

const PURCHASE_LISTS = 'purchaseList';

/** Purchase lists (`/api/purchaseList`): what approved plans buy, and receipts against them. */
export const PURCHASE_LIST_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: PURCHASE_LISTS,
    params: noParams,
    query: purchaseListQuerySchema,
    response: purchaseListPageSchema,
    access: PURCHASE_LIST_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${PURCHASE_LISTS}/:id`,
    params: idParamsSchema,
    response: purchaseListSchema,
    access: PURCHASE_LIST_PERMISSIONS.read,
  }),
  /** Bars of one line delivered: a receipt held for the list's plan; answers the list. */
  receive: workflowAction(PURCHASE_LISTS, 'receive', {
    access: PURCHASE_LIST_PERMISSIONS.receive,
    body: purchaseReceiveInputSchema,
    response: purchaseListSchema,
  }),
};
