import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_DROP_ENDPOINTS } from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { orderDropsOf, replaceOrderDrops, shareDrop } from './order-drop.command.ts';

/**
 * `/api/demandOrder/{id}/drops`: an order's drops (site, date, window, marks), replaced as a whole;
 * `…/drops/{seq}/share` gives a drop a new customer link or revokes it.
 */
export const orderDropRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['demandOrder'];

  endpointRoute(
    app,
    ORDER_DROP_ENDPOINTS.list,
    async (request) => orderDropsOf(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  endpointRoute(
    app,
    ORDER_DROP_ENDPOINTS.save,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const scope = await request.scope();
        await replaceOrderDrops(tx, scope, request.author(), request.params.id, request.body);
        return orderDropsOf(tx, scope.productId, request.params.id);
      }),
    { tags },
  );

  endpointRoute(
    app,
    ORDER_DROP_ENDPOINTS.share,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => ({
        shareToken: await shareDrop(
          tx,
          (await request.scope()).productId,
          request.params.id,
          request.params.seq,
          request.body.share,
        ),
      })),
    { tags },
  );
};
