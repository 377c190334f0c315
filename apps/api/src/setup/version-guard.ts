import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { MIGRATIONS_FOLDER } from '../core/db/migrate.ts';
import { SetupError } from './setup-error.ts';

type JournalEntry = { when: number; tag: string };

/** The newest migration this version ships (drizzle records each applied one by its `when`). */
function newestKnownMigration(): JournalEntry {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error('the migration journal is empty');
  return newest;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * An older version started on a database a newer one upgraded would run code against tables it does
 * not know (and drizzle's migrator would silently skip what it cannot apply): refused before anything
 * runs, naming what to do instead.
 */
export async function refuseNewerDatabase(db: Db): Promise<void> {
  const [table] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  );
  if (!table?.name) return;
  const [applied] = rowsOf<{ latest: string | number | null }>(
    await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`),
  );
  const known = newestKnownMigration();
  const latest = Number(applied?.latest ?? 0);
  if (latest > known.when)
    throw new SetupError('databaseNewer', {
      applied: new Date(latest).toISOString(),
      known: new Date(known.when).toISOString(),
      tag: known.tag,
    });
}
