import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { CONNECTION_TIMEOUT_MS, type Db, type Tx } from '../db/client.ts';

/** pg-boss keeps its tables in this schema of the application database. */
export const BOSS_SCHEMA = 'pgboss';

type Rows = { rows: Record<string, unknown>[] };

/**
 * pg-boss's `db` over the embedded PGlite, so the queue lives in the same database. A statement with
 * parameters is one `query`; pg-boss's schema creation and maintenance are multi-statement scripts
 * (`BEGIN; SET LOCAL…; SELECT pg_advisory_xact_lock(…); …; COMMIT`), sent with `exec` inside a PGlite
 * transaction: PGlite has one connection, and the transaction holds it for the whole script (nothing
 * else runs in between) and rolls back whatever a failing script left open.
 */
export function pgliteBossDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<Rows> {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}

/**
 * pg-boss's text and `$n` values as a drizzle query, so pg-boss statements run on a drizzle database
 * or inside a drizzle transaction (`enqueueJob(tx, …)`). Values keep their position; undefined is null.
 */
function toDrizzle(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part));
    // sql.param keeps an array one parameter (`$2::uuid[]`) where a bare array would become a list.
    else chunks.push(sql`${sql.param(values[Number(part) - 1] ?? null)}`);
  });
  return sql.join(chunks);
}

/** pg-boss's `db` over a drizzle database or transaction (single statements with parameters). */
export function drizzleBossDb(db: Db | Tx): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<Rows> {
      // Both drivers answer with `{ rows }` (node-postgres' QueryResult, PGlite's Results).
      const result = (await db.execute(toDrizzle(text, values ?? []))) as unknown as Rows;
      return { rows: result.rows };
    },
  };
}

/**
 * A pg-boss instance that is never started: it only builds pg-boss's statements (send, cancel, read)
 * for the `db` given with each call — the caller's transaction. Starting, polling and maintenance
 * belong to the `JobRuntime` of each process.
 */
export const bossStatements = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('pg-boss statements need a db option')),
  },
  schema: BOSS_SCHEMA,
  supervise: false,
  schedule: false,
  migrate: false,
});

/**
 * The statements pg-boss's workers send without awaiting them (completing or failing a job after its
 * handler): learnt from pg-boss itself, by running its `complete` and `fail` against a recorder.
 */
async function unawaitedStatements(): Promise<ReadonlySet<string>> {
  const seen = new Set<string>();
  const recorder: PgBoss.Db = {
    executeSql: async (text: string) => {
      seen.add(text);
      return { rows: [{ count: '0' }] };
    },
  };
  const id = '00000000-0000-0000-0000-000000000000';
  await bossStatements.complete('recorder', id, {}, { db: recorder });
  await bossStatements.fail('recorder', id, {}, { db: recorder });
  return seen;
}

/**
 * pg-boss 10 completes or fails a job after its handler without awaiting the query: a database error
 * there (a restart, a terminated connection, the database closing at shutdown) would be an unhandled
 * rejection, which ends a Node process. Those two statements are made to log instead of throwing: the
 * job then stays active until it expires and is retried, as if its worker had died.
 */
export async function withoutUnhandledRejections(db: PgBoss.Db, onError: (error: unknown) => void): Promise<PgBoss.Db> {
  const unawaited = await unawaitedStatements();
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!unawaited.has(text)) return db.executeSql(text, values as unknown[]);
      try {
        return await db.executeSql(text, values as unknown[]);
      } catch (error) {
        onError(error);
        return { rows: [{ count: '0' }] };
      }
    },
  };
}

/** pg-boss's `db` on PostgreSQL: its own small pool, apart from the application's. */
export function postgresBossDb(connectionString: string, size: number): PgBoss.Db & { close: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString,
    max: size,
    application_name: 'armature-jobs',
    // While PostgreSQL is down a poll fails after this instead of waiting; the worker polls again later.
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
  });
  // As for the application's pool: a dropped connection must not end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    executeSql: async (text: string, values?: unknown[]) =>
      // Without values node-postgres sends pg-boss's multi-statement scripts as one simple query.
      values && values.length > 0 ? pool.query(text, values) : pool.query(text),
    close: () => pool.end(),
  };
}
