import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { DatabaseKind } from '../src/core/db/client.ts';
import { freshIp } from './helpers/auth.ts';
import { openSeededDatabase, testConfig, testDatabases } from './helpers/test-app.ts';

// The request limit with REDIS_URL: every API process counts in one Redis (Redis itself only when
// TEST_REDIS_URL names one, as CI does), and a Redis that cannot be reached never fails a request.

const limit = 10;

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** N API processes of one plant group: apps on the same database and the same Redis. */
function useApps(kind: DatabaseKind, redisUrl: () => Promise<string>, count: number) {
  const apps: App[] = [];
  let database: Awaited<ReturnType<typeof openSeededDatabase>> | undefined;
  beforeAll(async () => {
    database = await openSeededDatabase(kind);
    const url = await redisUrl();
    for (let index = 0; index < count; index++)
      apps.push(
        await buildApp({
          db: database.handle.db,
          dbKind: database.handle.kind,
          config: { ...testConfig, rateLimitPerMinute: limit, redisUrl: url },
        }),
      );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.handle.close();
    await database?.drop();
  });
  return apps;
}

const health = (app: App, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'accept-language': 'fr-FR' } });

describe.each(testDatabases())('rate limit with an unreachable Redis, on %s', (kind) => {
  const apps = useApps(kind, async () => `redis://127.0.0.1:${await closedPort()}`, 1);

  it('answers every request at once, uncounted, rather than failing them', async () => {
    const address = freshIp();
    const started = Date.now();
    const statuses: number[] = [];
    for (let request = 0; request < limit * 2; request++) statuses.push((await health(apps[0]!, address)).statusCode);
    expect(statuses).toEqual(statuses.map(() => 200));
    // No request waits on Redis. A request that did would wait at least the store's command timeout (500 ms in
    // rate-limit-store.ts), so all of them together at least that many times over: a bound a loaded machine
    // stays far below while a waiting client cannot.
    expect(Date.now() - started).toBeLessThan(limit * 2 * 500);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL).each(testDatabases())('rate limit shared in Redis, on %s', (kind) => {
  const apps = useApps(kind, async () => process.env.TEST_REDIS_URL!, 2);

  it('counts the requests an address sends to either process against one limit', async () => {
    // A fresh address per run: its count in the shared Redis is this test's alone.
    const address = freshIp();
    const [a, b] = [apps[0]!, apps[1]!];
    for (let request = 0; request < limit; request++)
      expect((await health(request % 2 ? b : a, address)).statusCode).toBe(200);
    for (const app of [a, b]) {
      const refused = await health(app, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: 'Trop de requêtes, veuillez ralentir' },
      });
    }
    // Another address still has its own count.
    expect((await health(b, freshIp())).statusCode).toBe(200);
  });
});
