// The SHA-256 of each migration of the journal: its SQL file and its schema snapshot.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The committed migrations of the API. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../apps/api/drizzle/', import.meta.url));
const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * `{ [tag]: { sql, snapshot } }` in journal order.
 * @param {string} drizzle the migrations folder, ending in `/`
 * @returns {Record<string, { sql: string; snapshot: string }>}
 */
export function migrationChecksums(drizzle = MIGRATIONS_DIR) {
  const journal = JSON.parse(readFileSync(`${drizzle}meta/_journal.json`, 'utf8'));
  return Object.fromEntries(
    journal.entries.map(({ idx, tag }) => [
      tag,
      {
        sql: sha256(`${drizzle}${tag}.sql`),
        snapshot: sha256(`${drizzle}meta/${String(idx).padStart(4, '0')}_snapshot.json`),
      },
    ]),
  );
}

/**
 * What breaks the rule that released migrations never change: a released one edited or removed, or
 * one of the journal not released yet.
 * @param {Record<string, { sql: string; snapshot: string }>} released
 * @param {string} drizzle
 * @returns {string[]}
 */
export function migrationProblems(released, drizzle = MIGRATIONS_DIR) {
  const current = migrationChecksums(drizzle);
  return [
    ...Object.entries(released).flatMap(([tag, sums]) => {
      const now = current[tag];
      if (!now) return [`released migration ${tag} is gone from the journal`];
      return ['sql', 'snapshot'].flatMap((part) =>
        now[part] === sums[part]
          ? []
          : [`released migration ${tag} changed (its ${part}): write a new migration instead`],
      );
    }),
    ...Object.keys(current)
      .filter((tag) => !released[tag])
      .map(
        (tag) =>
          `migration ${tag} is not released: run \`npm run db:release\` once it is final, and commit drizzle/released.json`,
      ),
  ];
}
