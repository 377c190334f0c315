import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { servePublicAssets } from '../auth/access.plugin.ts';

export const DOCS_PREFIX = '/api/docs';

const MULTIPART = 'multipart/form-data';

/** The body an upload route documents: one file in the field `file` (the route reads it itself). */
const UPLOAD_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary' } },
};

/**
 * The zod transform, and for a route that `consumes` multipart/form-data without a body schema (an
 * upload, read by its handler, not validated by Fastify), the documented file field.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const { schema } = transformed as { schema: { consumes?: string[]; body?: unknown } };
  if (schema?.consumes?.includes(MULTIPART) && !schema.body)
    return { ...transformed, schema: { ...schema, body: UPLOAD_BODY } } as typeof transformed;
  return transformed;
};

const SWAGGER_OPTIONS: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'Armature API',
      version: '0.1.0',
      description: 'Back-office API for steel-rebar processing plants',
    },
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearerAuth: [] }],
  },
  transform,
  transformObject: jsonSchemaTransformObject,
};

/** What @fastify/swagger reads from the app while it registers: the routes and the plugin scopes. */
type Recorded = { routes: RouteOptions[]; scopes: FastifyInstance[] };

/**
 * The docs (@fastify/swagger's OpenAPI and swagger-ui), built on their first request. Loading them costs a
 * restart about a hundred modules (yaml, the ref resolver, swagger-ui's static server) that answering the API
 * does not need (docs/benchmarks.md, "Server start"). @fastify/swagger's own registration is replayed on
 * what was recorded at start: its hooks see the same routes and scopes, in the same order, so the document
 * is the one it would have built at start; swagger-ui runs in an instance of its own, behind these routes.
 */
async function buildDocs(app: FastifyInstance, recorded: Recorded): Promise<FastifyInstance> {
  const [{ fastifySwagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  let swagger: FastifyInstance['swagger'] | undefined;
  const hooks: Record<string, (...args: never[]) => unknown> = {};
  const standIn = {
    addHook: (name: string, hook: (...args: never[]) => unknown) => void (hooks[name] = hook),
    decorate: (_name: string, value: FastifyInstance['swagger']) => void (swagger = value),
    getSchemas: () => app.getSchemas(),
  };
  fastifySwagger(standIn as unknown as FastifyInstance, { ...SWAGGER_OPTIONS }, () => {});
  const replay = hooks as unknown as {
    onRoute: (route: RouteOptions) => void;
    onRegister: (scope: FastifyInstance) => Promise<void>;
    onReady: (done: () => void) => void;
  };
  for (const route of recorded.routes) replay.onRoute(route);
  for (const scope of recorded.scopes) await replay.onRegister(scope);
  replay.onReady(() => {});

  const docs = Fastify();
  // Under @fastify/swagger's name: swagger-ui checks that plugin is registered before it registers.
  await docs.register(fp(async (scope) => void scope.decorate('swagger', swagger!), { name: '@fastify/swagger' }));
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  await docs.ready();
  return docs;
}

/** Response headers the docs instance sets that this reply must not copy (the server sets its own). */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** OpenAPI from the routes' zod schemas, at /api/docs/json, with Swagger UI at /api/docs. */
export const swaggerPlugin = fp(async (app) => {
  const recorded: Recorded = { routes: [], scopes: [] };
  app.addHook('onRoute', (route) => void recorded.routes.push(route));
  app.addHook('onRegister', (scope) => void recorded.scopes.push(scope));

  let docs: Promise<FastifyInstance> | undefined;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocs(app, recorded).catch((error: unknown) => {
      docs = undefined;
      throw error;
    });
    const answer = await (
      await docs
    ).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: { ...request.headers },
    });
    // Not a docs file: the API's own not-found answer, as for any unknown path.
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_HEADERS.has(name)) void reply.header(name, value);
    // An empty answer (a redirect) stays without a body, hence without a content type.
    return reply.code(answer.statusCode).send(answer.rawPayload.length ? answer.rawPayload : undefined);
  };
  await app.register(async (scope) => {
    servePublicAssets(scope);
    for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`])
      scope.route({ method: 'GET', url, schema: { hide: true }, handler: forward });
  });
  app.addHook('onClose', async () => {
    await (await docs?.catch(() => undefined))?.close();
  });
});
