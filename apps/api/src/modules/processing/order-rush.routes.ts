import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ORDER_RUSH_ENDPOINTS,
  type orderRushApplySchema,
  type orderRushDropSchema,
  type orderRushInputSchema,
} from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { applyRush, dropRush, rushOrder } from './order-rush.command.ts';
import { openRush } from './order-rush.query.ts';

/**
 * A rush order in one step, under `/api/demandOrder/{id}/rush`: plan, schedule and propose;
 * apply the proposal; or drop it; and read the one left open. Processing owns them: they reach into schedules and released tasks.
 */
// As the re-plan routes do: the endpoint's schemas parsed the body; its type is named here.
type OrderRushInput = z.output<typeof orderRushInputSchema>;
type OrderRushApply = z.output<typeof orderRushApplySchema>;
type OrderRushDrop = z.output<typeof orderRushDropSchema>;

export const orderRushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['demandOrder'];
  endpointRoute(
    app,
    ORDER_RUSH_ENDPOINTS.open,
    async (request) => openRush(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );
  endpointRoute(
    app,
    ORDER_RUSH_ENDPOINTS.rush,
    async (request, reply) =>
      runWrite(request, reply, async (tx) =>
        rushOrder(tx, await request.actor(), request.params.id, request.body as OrderRushInput),
      ),
    { tags },
  );
  endpointRoute(
    app,
    ORDER_RUSH_ENDPOINTS.apply,
    async (request, reply) =>
      runWrite(request, reply, async (tx) =>
        applyRush(tx, await request.actor(), request.params.id, request.body as OrderRushApply),
      ),
    { tags },
  );
  endpointRoute(
    app,
    ORDER_RUSH_ENDPOINTS.drop,
    async (request, reply) =>
      runWrite(request, reply, async (tx) =>
        dropRush(tx, await request.actor(), request.params.id, (request.body as OrderRushDrop).dailyPlanId),
      ),
    { tags },
  );
};
