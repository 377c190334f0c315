import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_RUSH_ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { recordWrite } from '../../core/http/action-routes.ts';
import { applyRush, dropRush, rushOrder } from './order-rush.command.ts';
import { openRush } from './order-rush.query.ts';

/**
 * A rush order in one step, under `/api/demandOrder/{id}/rush`: plan, schedule and propose;
 * apply the proposal; or drop it; and read the one left open. Processing owns them: they reach into schedules and released tasks.
 */
export const orderRushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['demandOrder'];

  endpointRoute(
    app,
    ORDER_RUSH_ENDPOINTS.open,
    async (request) => openRush(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );
  // Each write is one transaction under the idempotency key, by the acting user, on the order of the path.
  recordWrite(app, ORDER_RUSH_ENDPOINTS.rush, rushOrder, { tags });
  recordWrite(app, ORDER_RUSH_ENDPOINTS.apply, applyRush, { tags });
  recordWrite(
    app,
    ORDER_RUSH_ENDPOINTS.drop,
    (tx, actor, orderId, body) => dropRush(tx, actor, orderId, body.dailyPlanId),
    { tags },
  );
};
