import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Db, Tx } from '../db/client.ts';

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
