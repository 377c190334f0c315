import { randomBytes } from 'node:crypto';
import { jobStatusSchema } from '@armature/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { CONNECTION_TIMEOUT_MS } from '../src/core/db/client.ts';
import { publishEvent } from '../src/core/events/event-bus.ts';
import { loginAs } from './helpers/auth.ts';
import { until } from './helpers/sse-client.ts';
import { openSeededDatabase, testConfig } from './helpers/test-app.ts';
import { echoJob, testJobRoutes, enqueuedSchema } from './helpers/test-jobs.ts';
import { answerOf } from './helpers/inject.ts';

// PostgreSQL going away under a running API process, and coming back. The outage is this test's own
// database refusing connections (ALLOW_CONNECTIONS false) with its sessions terminated, as a restart
// does to them; the shared server keeps running for everyone else.

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };
const UNAVAILABLE_FR = 'La base de données est momentanément injoignable ; veuillez réessayer dans un instant';

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL unreachable, then back', () => {
  let database: Awaited<ReturnType<typeof openSeededDatabase>>;
  let name: string;
  let app: App;
  let headers: Record<string, string>;

  /** Runs a statement on the server's maintenance database (not the one going down). */
  const onServer = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement, values);
    } finally {
      await client.end();
    }
  };
  const takeDown = async () => {
    await onServer(`alter database ${name} allow_connections false`);
    await onServer('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  };
  const bringBack = () => onServer(`alter database ${name} allow_connections true`);

  beforeAll(async () => {
    database = await openSeededDatabase('postgres');
    name = new URL(database.url!).pathname.slice(1);
    app = await buildApp({
      db: database.handle.db,
      dbKind: database.handle.kind,
      config: testConfig,
      background: { handle: database.handle, jobs: [echoJob], tuning },
      extraRoutes: testJobRoutes,
    });
    headers = { ...(await loginAs(app, 'admin')), 'accept-language': 'fr-FR' };
  });

  afterAll(async () => {
    await bringBack();
    await app?.close();
    await database?.handle.close();
    await database?.drop();
  });

  const part = (code: string) => ({ code, name: `${code} part`, unit: 'pc' });

  it('answers 503 database_unavailable at once while it is down, and serves again by itself once it is back', async () => {
    const code = `OUT-${randomBytes(4).toString('hex').toUpperCase()}`;
    await takeDown();
    try {
      const requests = {
        health: () => app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'fr-FR' } }),
        read: () => app.inject({ method: 'GET', url: '/api/spareOarts', headers }),
        write: () => app.inject({ method: 'POST', url: '/api/spareOarts', headers, payload: part(code) }),
      };
      for (const [what, send] of Object.entries(requests)) {
        const started = Date.now();
        const response = await send();
        expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({ error: { code: 'database_unavailable', message: UNAVAILABLE_FR } });
        // Refused, not left hanging: the product promises an answer within the pool's connection timeout. The
        // refused database answers at once, so twice that only fails on a request that waits on nothing
        // bounded, never on a loaded machine.
        expect(Date.now() - started).toBeLessThan(2 * CONNECTION_TIMEOUT_MS);
      }
    } finally {
      await bringBack();
    }

    // The same app, not restarted: its pool opens new connections.
    await until(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode,
      (status) => status === 200,
      10_000,
    );
    expect((await app.inject({ method: 'GET', url: '/api/spareOarts', headers })).statusCode).toBe(200);
    // The write refused during the outage left nothing behind: the same code is free.
    const created = await app.inject({ method: 'POST', url: '/api/spareOarts', headers, payload: part(code) });
    expect(created.statusCode, created.body).toBe(201);

    // Live events: the LISTEN connection was terminated and is open again.
    const channel = `outage:${randomBytes(4).toString('hex')}`;
    const received: unknown[] = [];
    const unsubscribe = app.events!.subscribe(channel, (event) => received.push(event.data));
    try {
      await until(
        async () => {
          await publishEvent(app.db, channel, 'ping', { at: Date.now() });
          await new Promise((resolve) => setTimeout(resolve, 200));
          return received.length;
        },
        (count) => count > 0,
        20_000,
      );
    } finally {
      unsubscribe();
    }

    // Background jobs: pg-boss's pool and workers took up again.
    const enqueued = await app.inject({
      method: 'POST',
      url: '/api/test-jobs',
      headers,
      payload: { kind: echoJob.kind, data: { tag: `after-outage-${code}` } },
    });
    expect(enqueued.statusCode, enqueued.body).toBe(202);
    const { jobId } = answerOf(enqueued, enqueuedSchema);
    const job = await until(
      async () =>
        answerOf(await app.inject({ method: 'GET', url: `/api/test-jobs/${jobId}`, headers }), jobStatusSchema),
      (status) => status.state === 'succeeded' || status.state === 'failed',
      20_000,
    );
    expect(job.state).toBe('succeeded');
  });
});
