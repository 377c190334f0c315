import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Endpoint } from '@armature/domain';

/** A body that may be left out: a request without one reads as an empty object. */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema);

/** The query schema an endpoint declares (its optional property without the `undefined`), or never. */
type QueryOf<E extends Endpoint> = Exclude<E['query'], undefined>;

/** What the route's schemas parsed: the endpoint's params, query and body. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: z.output<E['params']>;
  Querystring: [QueryOf<E>] extends [never] ? unknown : z.output<QueryOf<E>>;
  Body: E extends Endpoint<z.ZodType, infer B> ? (B extends z.ZodType ? z.output<B> : undefined) : undefined;
}>;

/**
 * Registers the Fastify route an endpoint declares, in the plugin that owns its path's prefix (the
 * endpoint's path is below `/api`, the plugin's routes below its prefix): its schemas validate the request
 * and serialise the success's answer (its `status`, 200 unless said), its `access` is the route's `config.access`, checked like every route's.
 */
export function endpointRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<z.input<E['response']>>,
  options: {
    tags?: string[];
    /** A body larger than the server's default (a photo, a signature, a schedule of 20,000 lines). */
    bodyLimit?: number;
    /** Requests an address may make in a minute (a public route probed by scripts). */
    perMinute?: number;
    /** A public route that still reads the bearer token when one comes (signing out): documented with it. */
    optionalBearer?: boolean;
    /** Runs on the raw body before the schemas parse it (a replace that must name every field). */
    preValidation?: (request: FastifyRequest) => Promise<void>;
    /** Writes the answer without checking it against the schema (a large tree built from explicit columns). */
    unchecked?: boolean;
  } = {},
) {
  const full = `/api/${endpoint.path}`;
  if (full !== app.prefix && !full.startsWith(`${app.prefix}/`))
    throw new Error(`${full} is not below this plugin's prefix ${app.prefix}`);
  const body = endpoint.body && (endpoint.bodyOptional ? optionalBody(endpoint.body) : endpoint.body);
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: full.slice(app.prefix.length),
    config: {
      access: endpoint.access,
      ...(options.perMinute && { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } }),
    },
    ...(options.bodyLimit && { bodyLimit: options.bodyLimit }),
    ...(options.preValidation && { preValidation: options.preValidation }),
    ...(options.unchecked && { serializerCompiler: () => (data: unknown) => JSON.stringify(data) }),
    schema: {
      ...(options.tags && { tags: options.tags }),
      // A public route asks for no credentials in the OpenAPI document.
      ...(endpoint.access === 'public' && !options.optionalBearer && { security: [] }),
      // A path without parameters declares none (an empty object would still be one).
      ...(endpoint.path.includes(':') && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(body && { body }),
      response: { [status]: endpoint.response },
    },
    // The route's schemas parsed the request, so it is what EndpointRequest says.
    handler: (request, reply) => handler(request as EndpointRequest<E>, reply.code(status)),
  });
}
