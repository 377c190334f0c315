import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/core/db/client.ts';
import { openTestDatabase } from './helpers/test-app.ts';

// DATABASE_POOL_SIZE bounds the connections one process opens to PostgreSQL (docs/deployment.md,
// connection budget): queries beyond it wait for a free connection instead of opening more.

/** The most connections to `database` seen while `work` runs and right after it, from another session. */
async function mostConnections(database: string, work: () => Promise<unknown>): Promise<number> {
  const watcher = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await watcher.connect();
  let most = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const { rows } = await watcher.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [database],
      );
      most = Math.max(most, rows[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
    done = true;
    await sampling;
    // The pool keeps what it opened (idle for 10 s): counted once more after the work, the figure does not
    // depend on a sample having landed while the queries ran, however slow the machine.
    const { rows } = await watcher.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [database],
    );
    most = Math.max(most, rows[0]!.n);
  } finally {
    done = true;
    await sampling;
    await watcher.end();
  }
  return most;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the application pool size', () => {
  it.each([
    [{ DATABASE_POOL_SIZE: '2' }, 2],
    [{}, 6],
  ])('with %o six queries at once use %i connections', async (env, expected) => {
    const opened = await openTestDatabase('postgres');
    await opened.handle.close();
    const database = new URL(opened.url!).pathname.slice(1);
    const config = loadConfig(
      { DATABASE_URL: opened.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'armature-pool-')), ...env },
      '/',
    );
    const handle = openDatabase(config);
    try {
      const sleeps = () => Promise.all(Array.from({ length: 6 }, () => handle.db.execute('select pg_sleep(0.3)')));
      expect(await mostConnections(database, sleeps)).toBe(expected);
    } finally {
      await handle.close();
      await opened.drop();
    }
  });
});
