import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DatabaseKind, Db } from './core/db/client.ts';
import { AREAS } from './areas.ts';
import { accessPlugin } from './core/auth/access.plugin.ts';
import { resourceRulesPlugin } from './core/crud/resource-rules.ts';
import { dbPlugin } from './core/db/db.plugin.ts';
import { errorsPlugin, localeOf } from './core/http/errors.plugin.ts';
import { AppError, errorBody } from './core/http/app-error.ts';
import { loggerOptions, requestLogController } from './core/http/log-output.ts';
import { healthRoutes } from './core/http/health.routes.ts';
import { idempotencyPlugin } from './core/http/idempotency.plugin.ts';
import { streamSessionsPlugin } from './core/events/stream-sessions.ts';
import { feedClockPlugin, type FeedClock } from './core/events/feed-clock.ts';
import { backgroundPlugin, startBackground, type RawDatabaseHandle } from './core/jobs/background.ts';
import type { AnyJobDefinition } from './core/jobs/job-definition.ts';
import type { JobRuntimeTuning } from './core/jobs/job-runtime.ts';
import { inputPlugin } from './core/http/input.plugin.ts';
import { securityPlugin } from './core/http/security.plugin.ts';
import { staticWebPlugin } from './core/http/static-web.plugin.ts';
import { swaggerPlugin } from './core/http/swagger.plugin.ts';
import { scopePlugin } from './core/tenancy/scope.plugin.ts';

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type BuildAppOptions = {
  db: Db;
  dbKind: DatabaseKind;
  config: Config;
  /** false for tests; otherwise pino logs at config.logLevel, as config.logFormat says. */
  logger?: boolean;
  /** The built web app; `undefined` serves none (API only). */
  webDistDir?: string | undefined;
  /** Where log lines go (standard output by default); tests capture them. */
  logStream?: { write: (line: string) => void };
  /**
   * Background jobs and live events on this database (`app.jobs`, `app.events`); a worker runs inside
   * unless `config.worker` is `off`. Absent: none (most tests). `jobs` adds kinds to the areas' own;
   * `sessionRecheckMs` replaces `SESSION_RECHECK_MS` (tests check open streams' sign-ins more often);
   * `feedClock` replaces the wall clock of the live feeds (tests move it by hand).
   */
  background?: {
    handle: RawDatabaseHandle;
    jobs?: readonly AnyJobDefinition[];
    tuning?: JobRuntimeTuning;
    sessionRecheckMs?: number;
    feedClock?: FeedClock;
  };
  /** More routes under `/api`, after the areas' (tests add their own). */
  extraRoutes?: FastifyPluginAsync;
};

/**
 * What `setValidatorCompiler` / `setSerializerCompiler` install, given up front. Fastify's types describe
 * ajv's factories; at run time a factory is any function answering a compiler (Fastify's own setters
 * install `() => compiler` the same way).
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** A path segment longer than this answers 414 (ids are 36 characters; codes at most 32). */
const MAX_PARAM_LENGTH = 200;

/**
 * Whether a path segment, decoded as the router reads it, is longer than `MAX_PARAM_LENGTH`. The
 * router answers 414 itself only when no route matches; with the web app served, its catch-all
 * wildcard matches instead and the request would end as a 404, so every request is checked up front.
 */
function hasOverlongSegment(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (path.length <= MAX_PARAM_LENGTH) return false;
  return path.split('/').some((segment) => {
    if (segment.length <= MAX_PARAM_LENGTH) return false;
    try {
      return decodeURIComponent(segment).length > MAX_PARAM_LENGTH;
    } catch {
      return true;
    }
  });
}

/** A hop count trusts that many proxies in front of the server (what proxy-addr does for a number). */
function proxyTrust(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.config, options.logStream) : false,
    logController: requestLogController(options.config.logFormat),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // While a process shuts down (a rolling restart), a request already on one of its kept-alive
    // connections is still served: a load balancer may not re-send a POST that got a 503.
    return503OnClosing: false,
    // A plugin's start (the database's migration check, the broker, the job queue) may take longer than Fastify's
    // 10 s on a loaded machine: at load 37 and more the server failed to start three times on that limit
    // (AVV_ERR_READY_TIMEOUT), which would turn a busy restart into a crash loop. A start that hangs for good is
    // still named, after a minute.
    pluginTimeout: 60_000,
    // Errors the router raises before any route or hook (a malformed or over-long path segment) take
    // the one error shape too, without echoing the url.
    frameworkErrors: (error, request, reply) => {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'bad_request';
      void (reply as unknown as FastifyReply)
        .code(code === 'uri_too_long' ? 414 : 400)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(errorBody(code, localeOf(request))));
    },
    trustProxy: proxyTrust(options.config.trustProxy),
    // Every route's schemas are zod's, validated and serialized by zod: given as the compilers' factories,
    // Fastify never loads its default ones (ajv and fast-json-stringify, about a quarter of the modules a
    // start loads; docs/benchmarks.md, "Server start").
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // A caller's x-request-id is kept when it looks like an id, so one trace spans services; never raw input in logs.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (request) => {
    if (hasOverlongSegment(request.url)) throw new AppError('uri_too_long');
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(dbPlugin, { db: options.db, dbKind: options.dbKind, config: options.config });
  const background = options.background
    ? await startBackground({
        handle: options.background.handle,
        config: options.config,
        log: app.log,
        definitions: [...AREAS.flatMap((area) => area.jobs ?? []), ...(options.background.jobs ?? [])],
        worker: options.config.worker,
        tuning: options.background.tuning,
      })
    : null;
  await app.register(backgroundPlugin, { background });
  await app.register(streamSessionsPlugin, { recheckMs: options.background?.sessionRecheckMs });
  await app.register(feedClockPlugin, { clock: options.background?.feedClock });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    rateLimitPerMinute: options.config.rateLimitPerMinute,
    redisUrl: options.config.redisUrl,
    shared: options.dbKind === 'postgres',
  });
  await app.register(accessPlugin);
  await app.register(inputPlugin);
  await app.register(scopePlugin);
  await app.register(idempotencyPlugin);
  await app.register(resourceRulesPlugin);
  await app.register(swaggerPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      for (const area of AREAS) await api.register(area.routes);
      if (options.extraRoutes) await api.register(options.extraRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(staticWebPlugin, { webDistDir: options.webDistDir });
  try {
    await app.ready();
  } catch (error) {
    await background?.stop();
    throw error;
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
