import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DatabaseKind, Db } from './db/client.ts';
import { accessPlugin } from './plugins/access.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { tenancyPlugin } from './plugins/tenancy.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { clientRoutes } from './modules/clients/clients.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { masterDataRoutes } from './modules/master-data/master-data.routes.ts';
import { permissionRoutes } from './modules/permissions/permissions.routes.ts';
import { productRoutes } from './modules/products/products.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { userProductSettingRoutes } from './modules/user-product-settings/user-product-settings.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';

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
  await app.register(tenancyPlugin);
  await app.register(idempotencyPlugin);
  await app.register(swaggerPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountRoutes, { prefix: '/account' });
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(roleRoutes, { prefix: '/roles' });
      await api.register(permissionRoutes, { prefix: '/permissions' });
      // Resources register at their own paths (and aliases) from their definitions.
      await api.register(clientRoutes);
      await api.register(productRoutes);
      await api.register(masterDataRoutes);
      await api.register(userProductSettingRoutes, { prefix: '/user-product-setting' });
      await api.register(stockRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(staticWebPlugin, { webDistDir: options.webDistDir });
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
