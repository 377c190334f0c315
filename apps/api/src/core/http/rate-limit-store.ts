import type { Redis } from 'ioredis';

type Logger = { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };

/** Where every process keeps its counts, apart from any other use of the same Redis. */
export const RATE_LIMIT_NAMESPACE = 'armature:rate-limit:';

/**
 * The Redis connection the request limit counts on, shared by every API process. Redis is a helper
 * here, never a dependency: a command fails at once while it is unreachable (no offline queue, a
 * short connect and command timeout) and the limit skips the count (`skipOnError`), so a Redis outage
 * never delays or refuses a request. The outage is logged once, and again when Redis is back. The client
 * is loaded only when REDIS_URL is set: a single process never needs it.
 */
export async function openRateLimitRedis(url: string, log: Logger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnects for ever, at most every 5 s.
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
  });
  let down = false;
  redis.on('error', (error: Error & { code?: string }) => {
    if (down) return;
    down = true;
    // The error's code only: its message may name the host, never the URL's password.
    log.warn(
      { code: error.code ?? 'unknown' },
      'rate-limit store (Redis) unreachable: requests are not counted until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, 'rate-limit store (Redis) is back');
  });
  return redis;
}

/** Waits (briefly) for the first connection, so the first requests are counted too. */
export async function firstConnection(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
