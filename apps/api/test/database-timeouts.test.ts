import { getTableName, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openPostgres, type SessionTimeouts } from '../src/core/db/client.ts';
import { isDatabaseTimeout, isDatabaseUnavailable } from '../src/core/db/db-errors.ts';
import { allowLongStatements } from '../src/core/db/long-statements.ts';
import { spareParts } from '../src/modules/bom/spare-part.table.ts';
import { loginAs } from './helpers/auth.ts';
import { until } from './helpers/sse-client.ts';
import { openSeededDatabase, testConfig } from './helpers/test-app.ts';

// The session timeouts of every PostgreSQL connection: a statement that runs too long, one that waits
// too long for a lock, a transaction left idle. Tiny timeouts here; the defaults are seconds. PGlite
// enforces none of them (docs/deployment.md), hence PostgreSQL only.

const TIMEOUT_FR =
  'La base de données a mis trop de temps à répondre et l’opération a été arrêtée ; veuillez réessayer dans un instant';
const TINY = 300;

/** The first row a raw statement answered. */
const firstRow = async (result: Promise<unknown>) => ((await result) as { rows: Record<string, unknown>[] }).rows[0]!;

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL session timeouts', () => {
  let database: Awaited<ReturnType<typeof openSeededDatabase>>;
  const opened: ReturnType<typeof openPostgres>[] = [];
  const apps: App[] = [];
  /** Another session of the same database, outside the app: it holds the locks the app then waits for. */
  let holder: pg.Client;

  const handleWith = (timeouts: SessionTimeouts) => {
    const handle = openPostgres(database.url!, { timeouts });
    opened.push(handle);
    return handle;
  };
  const appWith = async (timeouts: SessionTimeouts) => {
    const handle = handleWith(timeouts);
    const app = await buildApp({ db: handle.db, dbKind: 'postgres', config: testConfig });
    apps.push(app);
    return app;
  };
  /** Holds the parts table locked against readers until the returned release is called. */
  const lockParts = async () => {
    await holder.query('begin');
    await holder.query(`lock table ${getTableName(spareParts)} in access exclusive mode`);
    return () => holder.query('rollback');
  };

  beforeAll(async () => {
    database = await openSeededDatabase('postgres');
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
  });

  afterAll(async () => {
    await holder?.end();
    for (const app of apps) await app.close();
    for (const handle of opened) await handle.close();
    await database?.handle.close();
    await database?.drop();
  });

  it('sets the three timeouts on every connection, the pool’s and those opened from its connection string', async () => {
    const handle = handleWith({ statementMs: 1_500, lockMs: 700, idleInTransactionMs: 2_500 });
    const settings = `select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
      current_setting('idle_in_transaction_session_timeout') as idle, current_setting('TimeZone') as zone`;
    const expected = { statement: '1500ms', lock: '700ms', idle: '2500ms', zone: 'UTC' };
    expect(await firstRow(handle.db.execute(sql.raw(settings)))).toEqual(expected);
    // pg-boss's pool and the LISTEN connection are opened from this string.
    const other = new pg.Client({
      connectionString: (handle.pool.options as { connectionString: string }).connectionString,
    });
    await other.connect();
    try {
      expect((await other.query(settings)).rows[0]).toEqual(expected);
    } finally {
      await other.end();
    }
  });

  it('stops a statement past statement_timeout, but not long work that lifted it for its transaction', async () => {
    const handle = handleWith({ statementMs: TINY, lockMs: 0, idleInTransactionMs: 0 });
    const error = await handle.db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isDatabaseTimeout(error)).toBe(true);

    await handle.db.transaction(async (tx) => {
      await allowLongStatements(tx, 5_000);
      await tx.execute(sql`select pg_sleep(${(TINY * 3) / 1000})`);
    });
    await handle.unbounded((db) => db.execute(sql`select pg_sleep(${(TINY * 3) / 1000})`));
    // Lifted for that work only: the connection went back to the pool with the session's timeout.
    const after = await firstRow(handle.db.execute(sql`select current_setting('statement_timeout') as value`));
    expect(after).toEqual({ value: `${TINY}ms` });
  });

  it('answers 503 database_timeout, localized, to a request whose statement runs past statement_timeout', async () => {
    const app = await appWith({ statementMs: TINY, lockMs: 0, idleInTransactionMs: 0 });
    const headers = { ...(await loginAs(app, 'admin')), 'accept-language': 'fr-FR' };
    const release = await lockParts();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/spareOarts', headers });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ error: { code: 'database_timeout', message: TIMEOUT_FR } });
    } finally {
      await release();
    }
    expect((await app.inject({ method: 'GET', url: '/api/spareOarts', headers })).statusCode).toBe(200);
  });

  it('answers 503 database_timeout to a request waiting past lock_timeout for a lock another connection holds', async () => {
    const app = await appWith({ statementMs: 0, lockMs: TINY, idleInTransactionMs: 0 });
    const headers = { ...(await loginAs(app, 'admin')), 'accept-language': 'fr-FR' };
    const release = await lockParts();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/spareOarts', headers });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'database_timeout', message: TIMEOUT_FR } });
    } finally {
      await release();
    }
  });

  it('ends a transaction left idle past idle_in_transaction_session_timeout: its locks are let go', async () => {
    const handle = handleWith({ statementMs: 0, lockMs: 0, idleInTransactionMs: TINY });
    let pid = 0;
    const forgotten = handle.db.transaction(async (tx) => {
      pid = Number((await firstRow(tx.execute(sql`select pg_backend_pid() as pid`))).pid);
      await tx.execute(sql`lock table ${spareParts} in share mode`);
      // Left idle until the server has ended the session (a forgotten transaction), then used again.
      await until(
        () => holder.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid]),
        (result) => result.rows[0].n === 0,
      );
      await tx.execute(sql`select 1`);
    });
    const error = await forgotten.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isDatabaseTimeout(error) || isDatabaseUnavailable(error), String(error)).toBe(true);
    // Its lock went with it: another session locks the table for writing at once (NOWAIT).
    await holder.query('begin');
    try {
      await holder.query(`lock table ${getTableName(spareParts)} in exclusive mode nowait`);
    } finally {
      await holder.query('rollback');
    }
  });
});
