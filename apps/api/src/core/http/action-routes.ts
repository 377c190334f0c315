import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, idParamsSchema } from '@armature/domain';
import type { Tx } from '../db/client.ts';
import type { Actor } from '../tenancy/actor.ts';
import { runWrite } from './idempotency.plugin.ts';
import { endpointRoute, type EndpointRequest } from './endpoint-route.ts';

export { optionalBody } from './endpoint-route.ts';

/** A workflow action's endpoint (domain `workflowAction`): `POST <base>/:id/<action>`, answering the detail. */
type ActionEndpoint<R extends z.ZodType> = Endpoint<typeof idParamsSchema, z.ZodType | undefined, R>;

/** What the body parses to (nothing for an action that takes none). */
type ActionBody<E> =
  E extends Endpoint<z.ZodType, infer B> ? (B extends z.ZodType ? z.output<B> : undefined) : undefined;

export type ActionRoutes<W, R extends z.ZodType> = {
  tags: string[];
  /** Who acts: `request.actor()` for plant data, the author and language for the maker's global data. */
  writer: (request: FastifyRequest) => W | Promise<W>;
  /** Every action answers the record as it then is, read through the same transaction. */
  detail: (tx: Tx, writer: W, id: string) => Promise<z.input<R>>;
};

/**
 * The `POST /:id/<action>` routes of a workflow (confirm, approve, release, cancel…), each declared in the
 * domain (`workflowAction`: path, permission, body, answer) and given here its command. Each is one
 * transaction under the idempotency key: the writer is read, the command takes the action — it locks the
 * record, checks the move with the domain's state machine (409 when the status forbids it), moves it and
 * records the history row — and the answer is the record's detail, so the screen needs no second read.
 */
export function actionRoutes<W, R extends z.ZodType>(app: FastifyInstance, routes: ActionRoutes<W, R>) {
  return <E extends ActionEndpoint<R>>(
    endpoint: E,
    act: (tx: Tx, writer: W, id: string, body: ActionBody<E>) => Promise<unknown>,
  ) =>
    endpointRoute(
      app,
      endpoint,
      async (request, reply) =>
        runWrite(request, reply, async (tx) => {
          const writer = await routes.writer(request);
          // The route's schemas parsed both: the id of idParamsSchema, the body of the endpoint's schema.
          const { id } = request.params as z.output<typeof idParamsSchema>;
          await act(tx, writer, id, request.body as ActionBody<E>);
          return routes.detail(tx, writer, id);
        }),
      { tags: routes.tags },
    );
}

/** A write on one record (`…/:id…`): the record's id in the path, maybe a body, an answer. */
type RecordWrite<B extends z.ZodType | undefined, R extends z.ZodType, O extends boolean> = Endpoint<
  typeof idParamsSchema,
  B,
  R,
  undefined,
  O
>;

/**
 * Registers a write on one record that answers what its command returns (a job started, a proposal,
 * nothing for a 204): one transaction under the idempotency key, by the acting user, given the record's id
 * and the body the endpoint's schema parsed.
 */
export function recordWrite<B extends z.ZodType | undefined, R extends z.ZodType, O extends boolean>(
  app: FastifyInstance,
  endpoint: RecordWrite<B, R, O>,
  command: (
    tx: Tx,
    actor: Actor,
    id: string,
    body: EndpointRequest<RecordWrite<B, R, O>>['body'],
  ) => Promise<z.input<R>>,
  options?: Parameters<typeof endpointRoute>[3],
) {
  endpointRoute(
    app,
    endpoint,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => command(tx, await request.actor(), request.params.id, request.body)),
    options,
  );
}
