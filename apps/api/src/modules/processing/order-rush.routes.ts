import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ORDER_RUSH_ENDPOINTS, type Endpoint, type idParamsSchema } from '@armature/domain';
import { endpointRoute, type EndpointRequest } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { applyRush, dropRush, rushOrder } from './order-rush.command.ts';
import { openRush } from './order-rush.query.ts';

/** A write on an order's rush (`POST demandOrder/:id/rush…`): the order's id in the path, a body, an answer. */
type RushWrite<B extends z.ZodType, R extends z.ZodType, O extends boolean> = Endpoint<
  typeof idParamsSchema,
  B,
  R,
  undefined,
  O
>;

/**
 * A rush order in one step, under `/api/demandOrder/{id}/rush`: plan, schedule and propose;
 * apply the proposal; or drop it; and read the one left open. Processing owns them: they reach into schedules and released tasks.
 */
export const orderRushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['demandOrder'];

  /** Each write is one transaction under the idempotency key, by the acting user, on the order of the path. */
  const write = <B extends z.ZodType, R extends z.ZodType, O extends boolean>(
    endpoint: RushWrite<B, R, O>,
    command: (
      tx: Tx,
      actor: Actor,
      orderId: string,
      body: EndpointRequest<RushWrite<B, R, O>>['body'],
    ) => Promise<z.input<R>>,
  ) =>
    endpointRoute(
      app,
      endpoint,
      async (request, reply) =>
        runWrite(request, reply, async (tx) => command(tx, await request.actor(), request.params.id, request.body)),
      { tags },
    );

  endpointRoute(
    app,
    ORDER_RUSH_ENDPOINTS.open,
    async (request) => openRush(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );
  write(ORDER_RUSH_ENDPOINTS.rush, rushOrder);
  write(ORDER_RUSH_ENDPOINTS.apply, applyRush);
  write(ORDER_RUSH_ENDPOINTS.drop, (tx, actor, orderId, body) => dropRush(tx, actor, orderId, body.dailyPlanId));
};
