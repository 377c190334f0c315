import type { z } from 'zod';
import { idParamsSchema } from './common.schema.ts';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API route as both sides read it: the API registers the Fastify route from it (its schemas validate
 * the request and serialise the answer, `access` is checked as every route's `config.access`), and the web
 * app's `api.call(endpoint, { params, body })` builds the path from `params`, takes a body of the schema's
 * input type and resolves to the answer the response schema parses. `path` is below `/api`, with `:name`
 * for each path parameter (`demandOrder/:id/confirm`).
 */
export type Endpoint<
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  O extends boolean = boolean,
> = {
  readonly method: EndpointMethod;
  readonly path: string;
  readonly params: P;
  readonly query?: Q;
  /** The body's schema; none for a route that takes no body. */
  readonly body?: B;
  /** The body may be left out (an optional note or reason): a request without one reads as `{}`. */
  readonly bodyOptional?: O;
  /** The answer of a success. */
  readonly response: R;
  /** The success's status: 200 unless said (202 for a request that starts a background job, 204 for no answer). */
  readonly status?: 200 | 201 | 202 | 204;
  /** A permission code, `authenticated` (any signed-in user) or `public`. */
  readonly access: string;
};

/**
 * Declares an endpoint; the identity, so its literal types (schemas, path, a `bodyOptional: true`) reach
 * both sides.
 */
export function defineEndpoint<
  P extends z.ZodType,
  R extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  O extends boolean = false,
>(endpoint: Endpoint<P, B, R, Q, O>): Endpoint<P, B, R, Q, O> {
  return endpoint;
}

/** The body a caller sends: what the schema accepts, optional when the endpoint says so, nothing without one. */
export type EndpointBody<E extends Endpoint> =
  E extends Endpoint<z.ZodType, infer B>
    ? B extends z.ZodType
      ? z.input<B> | (Exclude<E['bodyOptional'], undefined> extends true ? undefined : never)
      : undefined
    : never;

/** The path parameters a caller gives. */
export type EndpointParams<E extends Endpoint> = z.input<E['params']>;

/** The parsed answer. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** The path with its `:name` segments filled from `params` (each URI-encoded). */
export function endpointPath(path: string, params: unknown): string {
  const values = new Map<string, unknown>(typeof params === 'object' && params !== null ? Object.entries(params) : []);
  return path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = values.get(name);
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A workflow action, `POST <base>/:id/<action>`: the record's id in the path, an optional body, and the
 * record's detail as the answer (so the screen needs no second read).
 */
export function workflowAction<
  R extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  O extends boolean = false,
>(base: string, action: string, spec: { access: string; response: R; body?: B; bodyOptional?: O }) {
  return defineEndpoint<typeof idParamsSchema, R, B, undefined, O>({
    method: 'POST',
    path: `${base}/:id/${action}`,
    params: idParamsSchema,
    ...spec,
  });
}
