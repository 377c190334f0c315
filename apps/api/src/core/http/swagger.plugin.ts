import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { servePublicAssets } from '../auth/access.plugin.ts';

export const DOCS_PREFIX = '/api/docs';

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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (scope) => {
    servePublicAssets(scope);
    await scope.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  });
});
