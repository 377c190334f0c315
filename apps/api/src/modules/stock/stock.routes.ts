import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECEIPT_ENDPOINTS,
  STOCK_ENDPOINTS,
  STOCK_KINDS,
  STOCK_OVERVIEW_ENDPOINTS,
  STOCK_PERMISSIONS,
  manualMoveProblems,
  type StockKind,
} from '@armature/domain';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
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

  endpointRoute(
    app,
    RECEIPT_ENDPOINTS.list,
    async (request) => listReceipts(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    RECEIPT_ENDPOINTS.get,
    async (request) => receiptDetail(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  endpointRoute(
    app,
    RECEIPT_ENDPOINTS.create,
    async (request, reply) => {
      return runWrite(request, reply, async (tx) => {
        const { scope, user } = await request.actor();
        const id = await createReceipt(tx, scope, user, request.body);
        return receiptDetail(tx, scope.productId, id);
      });
    },
    { tags },
  );

  endpointRoute(
    app,
    RECEIPT_ENDPOINTS.reverse,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { scope, user } = await request.actor();
        await reverseReceipt(tx, scope, user, request.params.id, request.body.reason);
        return receiptDetail(tx, scope.productId, request.params.id);
      }),
    { tags },
  );
};

/** Balances, ledgers and manual moves of one kind of stock, each guarded by that kind's permissions. */
function kindRoutes(kind: StockKind): FastifyPluginAsyncZod {
  const endpoints = STOCK_ENDPOINTS[kind];
  return async (app) => {
    endpointRoute(
      app,
      endpoints.list,
      async (request) => listStock(app.db, (await request.scope()).productId, kind, request.query),
      { tags: ['stock'] },
    );

    endpointRoute(
      app,
      endpoints.get,
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
      { tags: ['stock'] },
    );

    endpointRoute(
      app,
      endpoints.ledger,
      async (request) => fetchStockLogPage(app.db, (await request.scope()).productId, kind, request.query),
      { tags: ['stockLog'] },
    );

    endpointRoute(
      app,
      endpoints.move,
      async (request, reply) => {
        const problems = manualMoveProblems(kind, request.body);
        if (Object.keys(problems).length) throw invalidFields(problems);
        return runWrite(request, reply, async (tx) => recordManualMove(tx, await request.actor(), kind, request.body));
      },
      { tags: ['stockLog'] },
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

  endpointRoute(
    app,
    STOCK_OVERVIEW_ENDPOINTS.summary,
    async (request) => {
      const principal = requirePrincipal(request);
      const readable = STOCK_KINDS.filter((kind) => holds(principal, STOCK_PERMISSIONS[kind].stock));
      return stockSummary(app.db, (await request.scope()).productId, readable);
    },
    { tags: ['stock'] },
  );

  endpointRoute(
    app,
    STOCK_OVERVIEW_ENDPOINTS.integrity,
    async (request) => checkIntegrity(app.db, (await request.scope()).productId),
    { tags: ['stock'] },
  );
};
