import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STOCK_PERMISSIONS, idParamsSchema, stockMoveResultSchema, stockRelocateInputSchema } from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { relocateStock } from './stock-relocate.command.ts';

/**
 * `POST /api/stock/{raw|tail}/{id}/relocate`: bars carried to another rack or bin, guarded like a
 * manual move of that kind (the keeper's).
 */
export const stockRelocateRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['raw', 'tail'] as const) {
    app.post(
      `/stock/${kind}/:id/relocate`,
      {
        config: { access: STOCK_PERMISSIONS[kind].add },
        schema: {
          tags: ['stock'],
          params: idParamsSchema,
          body: stockRelocateInputSchema,
          response: { 201: stockMoveResultSchema },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return runWrite(request, reply, async (tx) =>
          relocateStock(tx, await request.actor(), kind, request.params.id, request.body),
        );
      },
    );
  }
};
