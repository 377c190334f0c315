import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMAND_ORDER_PERMISSIONS, idParamsSchema, orderDropListSchema, orderDropsInputSchema } from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { orderDropsOf, replaceOrderDrops, shareDrop } from './order-drop.command.ts';

const dropParamsSchema = idParamsSchema.extend({ seq: z.coerce.number().int().min(1).max(50) });

/**
 * `/api/demandOrder/{id}/drops`: an order's drops (site, date, window, marks), replaced as a whole;
 * `…/drops/{seq}/share` gives a drop a new customer link or revokes it.
 */
export const orderDropRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/drops',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.read },
      schema: { tags: ['demandOrder'], params: idParamsSchema, response: { 200: orderDropListSchema } },
    },
    async (request) => orderDropsOf(app.db, (await request.scope()).productId, request.params.id),
  );

  app.put(
    '/:id/drops',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.update },
      schema: {
        tags: ['demandOrder'],
        params: idParamsSchema,
        body: orderDropsInputSchema,
        response: { 200: orderDropListSchema },
      },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const scope = await request.scope();
        await replaceOrderDrops(tx, scope, request.author(), request.params.id, request.body);
        return orderDropsOf(tx, scope.productId, request.params.id);
      }),
  );

  app.post(
    '/:id/drops/:seq/share',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.update },
      schema: {
        tags: ['demandOrder'],
        params: dropParamsSchema,
        body: z.object({ share: z.boolean() }),
        response: { 200: z.object({ shareToken: z.string().nullable() }) },
      },
    },
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
  );
};
