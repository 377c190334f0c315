import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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

/** OpenAPI from the routes' zod schemas, at /api/docs/json, with Swagger UI at /api/docs. */
export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
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
  });
  await app.register(async (scope) => {
    servePublicAssets(scope);
    await scope.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  });
});
