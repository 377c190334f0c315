/**
 * Stock-takes, under `/api/stockTake`: a location's raw bars counted (by scanning or typing) and the
 * differences posted at once. Reading needs the raw stock page (`rawMaterialStock.receiveCenter.rebarStock`),
 * posting the raw manual moves (`….receiveStockLog.add`).
 *
 * - `GET /api/stockTake` → a page of `stockTakeSchema`, newest first (search: code, location code or name).
 * - `GET /api/stockTake/{id}` → `stockTakeDetailSchema`: the sheet as counted (book, counted and difference
 *   per line) and the ledger rows it wrote. 404 outside the caller's product.
 * - `POST /api/stockTake`, body `stockTakeInputSchema` → 201 the detail. The book to count against is
 *   `GET /api/stock/raw?locationId=…&held=false`. Takes an `Idempotency-Key`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STOCK_TAKE_ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { listStockTakes, postStockTake, stockTakeDetail } from './stock-take.service.ts';

export const stockTakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stockTake'];

  endpointRoute(
    app,
    STOCK_TAKE_ENDPOINTS.list,
    async (request) => listStockTakes(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    STOCK_TAKE_ENDPOINTS.get,
    async (request) => stockTakeDetail(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  endpointRoute(
    app,
    STOCK_TAKE_ENDPOINTS.create,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await postStockTake(tx, writer, request.body);
        return stockTakeDetail(tx, writer.scope.productId, id);
      }),
    { tags },
  );
};
