import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, idParamsSchema, noContentSchema } from '@armature/domain';
import type { Tx } from '../db/client.ts';
import type { Actor, Author } from '../tenancy/actor.ts';
import { runWrite } from './idempotency.plugin.ts';
import { endpointRoute, type EndpointRequest } from './endpoint-route.ts';

export { optionalBody } from './endpoint-route.ts';

/**
 * A write on one record (`…/:id…`): the record's id in the path, maybe a body, an answer — a workflow action's
 * endpoint (domain `workflowAction`: `POST <base>/:id/<action>`), or a store's update (`PUT <path>/:id`, see
 * `storeRoutes`), each answering the record's detail.
 */
type RecordWrite<B extends z.ZodType | undefined, R extends z.ZodType, O extends boolean> = Endpoint<
  typeof idParamsSchema,
  B,
  R,
  undefined,
  O
>;

/** How one route is registered beyond its endpoint (a body limit, a check of the raw body…). */
type RouteOptions = NonNullable<Parameters<typeof endpointRoute>[3]>;

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
 * `options` are the route's beside the tags (a replace that must name every field).
 */
export function actionRoutes<W, R extends z.ZodType>(app: FastifyInstance, routes: ActionRoutes<W, R>) {
  return <B extends z.ZodType | undefined, O extends boolean>(
    endpoint: RecordWrite<B, R, O>,
    act: (tx: Tx, writer: W, id: string, body: EndpointRequest<RecordWrite<B, R, O>>['body']) => Promise<unknown>,
    options?: RouteOptions,
  ) =>
    endpointRoute(
      app,
      endpoint,
      async (request, reply) =>
        runWrite(request, reply, async (tx) => {
          const writer = await routes.writer(request);
          await act(tx, writer, request.params.id, request.body);
          return routes.detail(tx, writer, request.params.id);
        }),
      { tags: routes.tags, ...options },
    );
}

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
  options?: RouteOptions,
) {
  endpointRoute(
    app,
    endpoint,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => command(tx, await request.actor(), request.params.id, request.body)),
    options,
  );
}

/** A store's create: `POST <path>`, no path parameters, answering the new record's detail. */
type CreateEndpoint<B extends z.ZodType, R extends z.ZodType> = Endpoint<z.ZodType, B, R, undefined, false>;
/** A store's update: `PUT <path>/:id`, answering the record's detail. */
type UpdateEndpoint<B extends z.ZodType, R extends z.ZodType> = Endpoint<typeof idParamsSchema, B, R, undefined, false>;
/** A store's delete: `DELETE <path>/:id`, no body, 204. */
type DeleteEndpoint = Endpoint<typeof idParamsSchema, undefined, typeof noContentSchema, undefined, false>;

/** The endpoints a store's writes are served at (its `…_ENDPOINTS`; those it has no write for may be missing). */
export type StoreEndpoints<CB extends z.ZodType, UB extends z.ZodType, R extends z.ZodType> = {
  readonly create?: CreateEndpoint<CB, R>;
  readonly update?: UpdateEndpoint<UB, R>;
  readonly delete?: DeleteEndpoint;
};

export type StoreRoutes<W, R extends z.ZodType, CB extends z.ZodType, UB extends z.ZodType> = ActionRoutes<W, R> & {
  /** Saves a new record from the body the create's schema parsed; its id. */
  create?: (tx: Tx, writer: W, body: EndpointRequest<CreateEndpoint<CB, R>>['body']) => Promise<string>;
  /** Saves the body to the record (answering 409 `stale_update` for an outdated token, as it does). */
  update?: (tx: Tx, writer: W, id: string, body: EndpointRequest<UpdateEndpoint<UB, R>>['body']) => Promise<unknown>;
  /** Deletes the record (answering 409 `in_use` while something refers to it, as it does). */
  delete?: (tx: Tx, id: string) => Promise<unknown>;
  /** A write's own options beside the tags (a replace that must name every field). */
  options?: { create?: RouteOptions; update?: RouteOptions; delete?: RouteOptions };
};

/**
 * The writer and detail of the maker's global data (BOMs, machines): written by the signed-in author,
 * answering the record as `byId` reads it.
 */
export function byAuthor<T>(byId: (tx: Tx, id: string) => Promise<T>) {
  return {
    writer: (request: FastifyRequest) => request.author(),
    detail: (tx: Tx, _author: Author, id: string) => byId(tx, id),
  };
}

/**
 * The create, update and delete of a store an area writes itself (a BOM, a machine) rather than through
 * the generic crud, at the endpoints its domain declares; only the writes given a command are registered.
 * Each is one transaction under the idempotency key. A create and an update read the writer, write, and
 * answer the record's detail read through the same transaction (an update is an action on the record);
 * a delete reads no writer and answers nothing (204). Returns the store's `actionRoutes`, for its other
 * writes on one record that answer the same detail.
 */
export function storeRoutes<W, R extends z.ZodType, CB extends z.ZodType, UB extends z.ZodType>(
  app: FastifyInstance,
  endpoints: StoreEndpoints<CB, UB, R>,
  routes: StoreRoutes<W, R, CB, UB>,
) {
  const { tags, writer, detail, create, update, options = {} } = routes;
  const remove = routes.delete;
  const endpoint = <K extends keyof StoreEndpoints<CB, UB, R>>(key: K) => {
    const found = endpoints[key];
    if (!found) throw new Error(`a ${key} command without a ${key} endpoint`);
    return found;
  };
  const action = actionRoutes(app, routes);
  if (create)
    endpointRoute(
      app,
      endpoint('create'),
      async (request, reply) =>
        runWrite(request, reply, async (tx) => {
          const by = await writer(request);
          return detail(tx, by, await create(tx, by, request.body));
        }),
      { tags, ...options.create },
    );
  if (update) action(endpoint('update'), update, options.update);
  if (remove)
    endpointRoute(
      app,
      endpoint('delete'),
      async (request, reply) => {
        await runWrite(request, reply, (tx) => remove(tx, request.params.id));
        return null;
      },
      { tags, ...options.delete },
    );
  return action;
}
