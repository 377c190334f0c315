import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER } from '../core/db/migrate.ts';

const source = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * What decides the reference data a start writes: the reference seeds' code and data, and the migrations
 * (a migration may empty or reshape a table a seed fills). A new reference seed's files go here too.
 */
export const REFERENCE_SOURCES = [
  source('./seed.ts'),
  source('../modules/master-data/master-data.seed.ts'),
  source('../modules/master-data/master-data.demo.ts'),
  source('../modules/users/users.seed.ts'),
  source('../modules/users/users.demo.ts'),
  path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'),
];

/**
 * The version of the reference data this code writes, as a hash of `files` (40 characters, a setup mark's
 * width): equal to the one a database's mark keeps, the reference seed has nothing to add and is skipped
 * (about a third of a second of a restart's CPU); a release that changes any of them applies it once.
 */
export function referenceVersion(files: readonly string[] = REFERENCE_SOURCES): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 40);
}
