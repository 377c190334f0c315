import { sql } from 'drizzle-orm';
import type { Db } from '../../src/core/db/client.ts';

/** Rows of a raw query, whichever driver ran it. */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Waits until another connection of this database waits on a lock (a request blocked behind the
 * test's own transaction), and answers its pid; or, given `unless`, until that settles first (undefined).
 * Polls the server's activity view: no fixed delay. PostgreSQL only.
 */
export async function someoneWaitsOnALock(db: Db, unless?: Promise<unknown>): Promise<number | undefined> {
  let settled = false;
  void unless?.finally(() => (settled = true));
  while (!settled) {
    const waiting = await rowsOf<{ pid: number }>(
      db,
      sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (waiting[0]) return waiting[0].pid;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return undefined;
}
