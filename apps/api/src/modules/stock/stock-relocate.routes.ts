import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RELOCATE_ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { relocateStock } from './stock-relocate.command.ts';

/**
 * `POST /api/stock/{raw|tail}/{id}/relocate`: bars carried to another rack or bin, guarded like a
 * manual move of that kind (the keeper's).
 */
export const stockRelocateRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['raw', 'tail'] as const) {
    endpointRoute(
      app,
      RELOCATE_ENDPOINTS[kind],
      async (request, reply) =>
        runWrite(request, reply, async (tx) =>
          relocateStock(tx, await request.actor(), kind, request.params.id, request.body),
        ),
      { tags: ['stock'] },
    );
  }
};
