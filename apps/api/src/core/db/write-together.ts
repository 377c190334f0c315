import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Writes sent as one statement: each of `alongside` a data-modifying CTE named by its key, `main` the statement's own
 * (it may read the CTEs' `returning` rows by name; none when nobody reads a row back: then no statement at all when
 * `alongside` has no write); answers `main`'s rows. Every statement is a round trip, and on PGlite a turn of the API's
 * one thread. All of them see the database as it was before the statement — none sees another's changes — so only
 * writes that need nothing of each other's go together, after the locks they depend on.
 */
export async function writeTogether<Row = Record<string, unknown>>(
  tx: Tx,
  alongside: Record<string, SQL | null>,
  main?: SQL,
): Promise<Row[]> {
  const ctes = Object.entries(alongside).flatMap(([name, write]) =>
    write ? [sql`${sql.identifier(name)} as (${write})`] : [],
  );
  if (!ctes.length && !main) return [];
  // Data-modifying CTEs run once whether or not the main statement reads them (and compute their `returning`).
  const body = main ?? sql`select 1`;
  const statement = ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${body}` : body;
  const { rows } = (await tx.execute(statement)) as unknown as { rows: Row[] };
  return rows;
}
