import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@armature/domain';
import type { Tx } from '../db/client.ts';
import { runWrite } from './idempotency.plugin.ts';

/** A body that may be left out: a request without one reads as an empty object. */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema);

/** One action of a workflow: who may take it, what it reads from the body, and the command that takes it. */
export type ActionSpec<W, B extends z.ZodType> = {
  access: string;
  /** The body's schema; none for an action that takes no body. */
  body?: B;
  /** The body may be left out (an optional note or reason). */
  bodyOptional?: boolean;
  /**
   * The command, inside the request's one transaction: it locks the record, checks the move with the
   * domain's state machine (409 when the status forbids it), moves it and records the history row.
   */
  act: (tx: Tx, writer: W, id: string, body: z.output<B>) => Promise<unknown>;
};

export type ActionRoutes<W, R extends z.ZodType> = {
  tags: string[];
  /** Who acts: `request.actor()` for plant data, the author and language for the maker's global data. */
  writer: (request: FastifyRequest) => W | Promise<W>;
  /** Every action answers the record as it then is, read through the same transaction. */
  response: R;
  detail: (tx: Tx, writer: W, id: string) => Promise<z.input<R>>;
};

/**
 * The `POST /:id/<action>` routes of a workflow (confirm, approve, release, cancel…). Each is one
 * transaction under the idempotency key: the writer is read, the command takes the action, and the
 * answer is the record's detail, so the screen needs no second read.
 */
export function actionRoutes<W, R extends z.ZodType>(app: FastifyInstance, routes: ActionRoutes<W, R>) {
  return <B extends z.ZodType = z.ZodUndefined>(action: string, spec: ActionSpec<W, B>) => {
    const body = spec.body && (spec.bodyOptional ? optionalBody(spec.body) : spec.body);
    // Typed by hand: the zod type provider cannot resolve a response schema that is a type parameter.
    app.post<{ Params: z.output<typeof idParamsSchema>; Body: z.output<B> }>(
      `/:id/${action}`,
      {
        config: { access: spec.access },
        schema: {
          tags: routes.tags,
          params: idParamsSchema,
          ...(body && { body }),
          response: { 200: routes.response },
        },
      },
      async (request, reply) =>
        runWrite(request, reply, async (tx) => {
          const writer = await routes.writer(request);
          // The route's schema parsed the body (none for an action without one): it is the spec's output.
          await spec.act(tx, writer, request.params.id, request.body as z.output<B>);
          return routes.detail(tx, writer, request.params.id);
        }),
    );
  };
}
