import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError } from './app-error.ts';
import { firstConnection, openRateLimitRedis, RATE_LIMIT_NAMESPACE } from './rate-limit-store.ts';

export type SecurityOptions = {
  rateLimitPerMinute: number;
  /** Count the limit in this Redis, together with every other process; absent: in this process's memory. */
  redisUrl?: string | undefined;
  /** Whether other processes may serve the same clients (a PostgreSQL database), to warn of a per-process limit. */
  shared: boolean;
};

/** How long start-up waits for Redis before serving uncounted requests until it answers. */
const REDIS_START_WAIT_MS = 2_000;

/**
 * Security headers, with a CSP the antd SPA (inline styles) and Swagger UI (data: images) work under,
 * and the per-address API request limit: counted in Redis when `REDIS_URL` is set, so N API processes
 * behind one proxy enforce one limit; in process memory otherwise. It is defence in depth: the limits
 * that matter for security (sign-in throttling) are kept in the database.
 */
export const securityPlugin = fp<SecurityOptions>(async (app, { rateLimitPerMinute, redisUrl, shared }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  const redis = redisUrl ? await openRateLimitRedis(redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await firstConnection(redis, REDIS_START_WAIT_MS);
  } else if (shared) {
    app.log.warn(
      'REDIS_URL is not set: the request rate limit is counted per process, so N API processes allow N times RATE_LIMIT_PER_MINUTE',
    );
  }
  await app.register(rateLimit, {
    max: rateLimitPerMinute,
    ...(redis ? { redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true } : {}),
    timeWindow: '1 minute',
    // Only API calls count: one page load fetches dozens of static assets, and a plant's users often
    // share one address behind NAT.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: () => new AppError('rate_limited'),
  });
});
