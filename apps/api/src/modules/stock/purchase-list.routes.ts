import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PURCHASE_LIST_ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { findPurchaseList, listPurchaseLists, receiveAgainstList } from './purchase-list.service.ts';

/** Purchase lists (`purchaseList`): what approved plans buy, and receipts against them. */
export const purchaseListRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchaseList'];

  endpointRoute(
    app,
    PURCHASE_LIST_ENDPOINTS.list,
    async (request) => listPurchaseLists(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    PURCHASE_LIST_ENDPOINTS.get,
    async (request) => findPurchaseList(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  endpointRoute(
    app,
    PURCHASE_LIST_ENDPOINTS.receive,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { scope, user } = await request.actor();
        await receiveAgainstList(tx, scope, user, request.params.id, request.body);
        return findPurchaseList(tx, scope.productId, request.params.id);
      }),
    { tags },
  );
};
