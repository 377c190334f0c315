import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DatabaseKind, Db } from './core/db/client.ts';
import { AREAS } from './areas.ts';
import { accessPlugin } from './core/auth/access.plugin.ts';
import { resourceRulesPlugin } from './core/crud/resource-rules.ts';
import { dbPlugin } from './core/db/db.plugin.ts';
import { errorsPlugin } from './core/http/errors.plugin.ts';
import { healthRoutes } from './core/http/health.routes.ts';
import { idempotencyPlugin } from './core/http/idempotency.plugin.ts';
import { securityPlugin } from './core/http/security.plugin.ts';
import { staticWebPlugin } from './core/http/static-web.plugin.ts';
import { swaggerPlugin } from './core/http/swagger.plugin.ts';
import { scopePlugin } from './core/tenancy/scope.plugin.ts';

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type BuildAppOptions = {
  db: Db;
  dbKind: DatabaseKind;
  config: Config;
  /** false for tests; otherwise pino JSON logs at config.logLevel. */
  logger?: boolean;
  /** The built web app; `undefined` serves none (API only). */
  webDistDir?: string | undefined;
};

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.refreshToken',
  '*.token',
  '*.access_token',
  '*.refresh_token',
];

/** A hop count trusts that many proxies in front of the server (what proxy-addr does for a number). */
function proxyTrust(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(options: BuildAppOptions) {
  const logger: FastifyServerOptions['logger'] = options.logger
    ? { level: options.config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }
    : false;
  const app = Fastify({
    logger,
    trustProxy: proxyTrust(options.config.trustProxy),
    // A caller's x-request-id is kept when it looks like an id, so one trace spans services; never raw input in logs.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(dbPlugin, { db: options.db, dbKind: options.dbKind, config: options.config });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { rateLimitPerMinute: options.config.rateLimitPerMinute });
  await app.register(accessPlugin);
  await app.register(scopePlugin);
  await app.register(idempotencyPlugin);
  await app.register(resourceRulesPlugin);
  await app.register(swaggerPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      for (const area of AREAS) await api.register(area.routes);
    },
    { prefix: '/api' },
  );

  await app.register(staticWebPlugin, { webDistDir: options.webDistDir });
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
