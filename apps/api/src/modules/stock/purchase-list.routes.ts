import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PURCHASE_LIST_PERMISSIONS,
  idParamsSchema,
  purchaseListPageSchema,
  purchaseListQuerySchema,
  purchaseListSchema,
  purchaseReceiveInputSchema,
} from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { findPurchaseList, listPurchaseLists, receiveAgainstList } from './purchase-list.service.ts';

/** Purchase lists (`purchaseList`): what approved plans buy, and receipts against them. */
export const purchaseListRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchaseList'];

  app.get(
    '',
    {
      config: { access: PURCHASE_LIST_PERMISSIONS.read },
      schema: { tags, querystring: purchaseListQuerySchema, response: { 200: purchaseListPageSchema } },
    },
    async (request) => listPurchaseLists(app.db, (await request.scope()).productId, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: PURCHASE_LIST_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, response: { 200: purchaseListSchema } },
    },
    async (request) => findPurchaseList(app.db, (await request.scope()).productId, request.params.id),
  );

  app.post(
    '/:id/receive',
    {
      config: { access: PURCHASE_LIST_PERMISSIONS.receive },
      schema: { tags, params: idParamsSchema, body: purchaseReceiveInputSchema, response: { 200: purchaseListSchema } },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const scope = await request.scope();
        await receiveAgainstList(tx, scope, request.author(), request.params.id, request.body);
        return findPurchaseList(tx, scope.productId, request.params.id);
      }),
  );
};
