import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECEIPT_PERMISSIONS,
  STOCK_INTEGRITY_PERMISSION,
  STOCK_KINDS,
  STOCK_PERMISSIONS,
  idParamsSchema,
  manualMoveProblems,
  pagedResultSchema,
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
  type StockKind,
} from '@armature/domain';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { holds } from '../../core/auth/principal.ts';
import { createReceipt, listReceipts, receiptDetail, reverseReceipt } from './rebar-receive.service.ts';
import { recordManualMove } from './manual-move.command.ts';
import { deliveryRoutes } from './rebar-delivery.routes.ts';
import { stockTakeRoutes } from './stock-take.routes.ts';
import { fetchStockLogPage } from './stock-log.query.ts';
import { checkIntegrity, listStock, stockItem, stockSummary } from './stock.query.ts';

/** How many of its latest ledger rows a stock row's detail shows. */
const DETAIL_LEDGER_ROWS = 50;

/** Receipts (`rebarReceive`): bars in from suppliers, and their reversal. */
const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rebarReceive'];

  app.get(
    '',
    {
      config: { access: RECEIPT_PERMISSIONS.read },
      schema: {
        tags,
        querystring: rebarReceiveListQuerySchema,
        response: { 200: pagedResultSchema(rebarReceiveSchema) },
      },
    },
    async (request) => listReceipts(app.db, (await request.scope()).productId, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: RECEIPT_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, response: { 200: rebarReceiveDetailSchema } },
    },
    async (request) => receiptDetail(app.db, (await request.scope()).productId, request.params.id),
  );

  app.post(
    '',
    {
      config: { access: RECEIPT_PERMISSIONS.add },
      schema: { tags, body: rebarReceiveInputSchema, response: { 201: rebarReceiveDetailSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const { scope, user } = await request.actor();
        const id = await createReceipt(tx, scope, user, request.body);
        return receiptDetail(tx, scope.productId, id);
      });
    },
  );

  app.post(
    '/:id/reverse',
    {
      config: { access: RECEIPT_PERMISSIONS.reverse },
      schema: {
        tags,
        params: idParamsSchema,
        body: rebarReceiveReverseSchema,
        response: { 200: rebarReceiveDetailSchema },
      },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { scope, user } = await request.actor();
        await reverseReceipt(tx, scope, user, request.params.id, request.body.reason);
        return receiptDetail(tx, scope.productId, request.params.id);
      }),
  );
};

/** Balances, ledgers and manual moves of one kind of stock, each guarded by that kind's permissions. */
function kindRoutes(kind: StockKind): FastifyPluginAsyncZod {
  const permissions = STOCK_PERMISSIONS[kind];
  return async (app) => {
    app.get(
      `/stock/${kind}`,
      {
        config: { access: permissions.stock },
        schema: { tags: ['stock'], querystring: stockListQuerySchema, response: { 200: stockPageSchema } },
      },
      async (request) => listStock(app.db, (await request.scope()).productId, kind, request.query),
    );

    app.get(
      `/stock/${kind}/:id`,
      {
        config: { access: permissions.stock },
        schema: { tags: ['stock'], params: idParamsSchema, response: { 200: stockDetailSchema } },
      },
      async (request) => {
        const { productId } = await request.scope();
        const item = await stockItem(app.db, productId, kind, request.params.id);
        if (!item) throw new AppError('not_found');
        const ledger = await fetchStockLogPage(app.db, productId, kind, {
          stockId: item.id,
          skipCount: 0,
          maxResultCount: DETAIL_LEDGER_ROWS,
        });
        return { ...item, ledger: ledger.items };
      },
    );

    app.get(
      `/stockLog/${kind}`,
      {
        config: { access: permissions.log },
        schema: {
          tags: ['stockLog'],
          querystring: stockLogListQuerySchema,
          response: { 200: pagedResultSchema(stockLogItemSchema) },
        },
      },
      async (request) => fetchStockLogPage(app.db, (await request.scope()).productId, kind, request.query),
    );

    app.post(
      `/stockLog/${kind}`,
      {
        config: { access: permissions.add },
        schema: { tags: ['stockLog'], body: stockMoveInputSchema, response: { 201: stockMoveResultSchema } },
      },
      async (request, reply) => {
        const problems = manualMoveProblems(kind, request.body);
        if (Object.keys(problems).length) throw invalidFields(problems);
        reply.code(201);
        return runWrite(request, reply, async (tx) => recordManualMove(tx, await request.actor(), kind, request.body));
      },
    );
  };
}

/**
 * Stock: raw receipts, balances and ledgers of the four kinds, manual moves, the chart
 * summary and the integrity check. Every write goes through `applyStockMoves`.
 */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(receiptRoutes, { prefix: '/rebarReceive' });
  await app.register(deliveryRoutes, { prefix: '/rebarDelivery' });
  await app.register(stockTakeRoutes, { prefix: '/stockTake' });
  for (const kind of STOCK_KINDS) await app.register(kindRoutes(kind));

  app.get(
    '/stock/summary',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['stock'], response: { 200: z.array(stockSummaryRowSchema) } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const readable = STOCK_KINDS.filter((kind) => holds(principal, STOCK_PERMISSIONS[kind].stock));
      return stockSummary(app.db, (await request.scope()).productId, readable);
    },
  );

  app.get(
    '/stock/integrity',
    {
      config: { access: STOCK_INTEGRITY_PERMISSION },
      schema: { tags: ['stock'], response: { 200: stockIntegritySchema } },
    },
    async (request) => checkIntegrity(app.db, (await request.scope()).productId),
  );
};
