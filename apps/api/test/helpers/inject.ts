import { expect } from 'vitest';
import { z } from 'zod';
import {
  ERRORS,
  idSchema,
  pagedResultSchema,
  endpointPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointResponse,
  type ErrorBody,
  type ErrorCode,
} from '@armature/domain';
import type { App } from '../../src/app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Request headers: a signed-in user's `{ authorization }`, with or without an `accept-language`. */
export type Headers = Readonly<Record<string, string | undefined>>;

/**
 * The one way a test file calls its app: `inject(method, path, headers, payload)`. A path without a
 * leading slash is under `/api/`. `always` goes with every call (a language, say); a call's own headers
 * win over it. `ctx.app` is read at each call because useTestApp builds the app in `beforeAll`.
 */
export function injectorFor(ctx: { app: App }, always: Headers = {}) {
  return (method: Method, path: string, headers: Headers = {}, payload?: object) =>
    ctx.app.inject({
      method,
      url: path.startsWith('/') ? path : `/api/${path}`,
      headers: { ...always, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
}

/**
 * Calls a declared endpoint (domain `defineEndpoint`) the way the web app's `api.call` does: the path
 * filled from `params`, the body typed by its schema. `json()` reads the answer through the endpoint's
 * response schema, so a test reads a typed answer (and fails on one the schema refuses) instead of casting.
 */
export function endpointCallerFor(ctx: { app: App }, always: Headers = {}) {
  return async <E extends Endpoint>(
    endpoint: E,
    request: { params: EndpointParams<E>; body?: EndpointBody<E>; headers?: Headers },
  ) => {
    const response = await ctx.app.inject({
      method: endpoint.method,
      url: `/api/${endpointPath(endpoint.path, request.params)}`,
      headers: { ...always, ...request.headers },
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
    return Object.assign(response, {
      /** The answer as the endpoint's response schema parses it. */
      // Parsed by the endpoint's own response schema: its output is what EndpointResponse names.
      answer: () => endpoint.response.parse(response.json()) as EndpointResponse<E>,
    });
  };
}

/** What `inject` answers, as far as reading its body goes. */
type Answered = { json: () => unknown };

/**
 * The answer of a route that is not (yet) declared with `defineEndpoint`, read through the domain schema
 * that describes it: a typed value instead of a cast, and a failure where the answer breaks its contract.
 */
export function answerOf<S extends z.ZodType>(response: Answered, schema: S): z.output<S> {
  return schema.parse(response.json());
}

/**
 * Calls through `inject` (an `injectorFor`) that must succeed (a status below 300, else the test fails
 * showing the answer): `sent` for a write whose answer the test does not read, `ok(schema, …)` for one it
 * reads, through the domain schema that describes it.
 */
export function checkedCallsFor(inject: ReturnType<typeof injectorFor>) {
  const sent = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const response = await inject(method, url, headers, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const ok = async <S extends z.ZodType>(schema: S, method: Method, url: string, headers: Headers, payload?: object) =>
    answerOf(await sent(method, url, headers, payload), schema);
  return { sent, ok };
}

/** A created record's answer, as far as a test reads it: its id (the rest of the record is stripped). */
export const withId = z.object({ id: idSchema });

/** A list page's count alone, for tests that only count what a filter finds. */
export const counted = z.object({ totalCount: z.number().int().nonnegative() });

/** A record a test sends back as it came (read, changed in one field, written): any object, kept whole. */
export const wholeRecord = z.record(z.string(), z.unknown());

/** A list page of `item`s (the domain's paged result). */
export const pageOf = pagedResultSchema;

/** Every error answer's body (`ErrorBody`): a code the catalogue knows, its message, per-field details. */
export const errorBodySchema: z.ZodType<ErrorBody> = z.object({
  error: z.object({
    code: z.custom<ErrorCode>((code) => typeof code === 'string' && Object.hasOwn(ERRORS, code)),
    message: z.string(),
    details: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

/** The error of an error answer, read as every error answer is shaped. */
export const errorOf = (response: Answered): ErrorBody['error'] => answerOf(response, errorBodySchema).error;
