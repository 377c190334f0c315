import { z } from 'zod';
import { defineEndpoint, workflowAction } from '../core/endpoint.ts';
import { idParamsSchema, pagedResultSchema } from '../core/common.schema.ts';
import { STOCK_INTEGRITY_PERMISSION, STOCK_PERMISSIONS, RECEIPT_PERMISSIONS, type StockKind } from './stock-kinds.ts';
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
