import { randomBytes } from 'node:crypto';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory (tar), migrated and seeded. */
    pgliteTemplate: string;
    /** A dumped PGlite data directory (tar) of a started, empty database: no migration, no seed. */
    pgliteEmpty: string;
    /** A migrated, seeded database on TEST_DATABASE_URL's server, cloned per file; absent without the server. */
    postgresTemplate: string | undefined;
  }
}

/**
 * Names and server operations shared by the run's global setup (which builds the PostgreSQL template)
 * and the test files (which clone it). Random names, so two runs on one server never collide.
 */
export const randomDatabaseName = (prefix: 'armature_t' | 'armature_tpl') =>
  `${prefix}_${randomBytes(6).toString('hex')}`;

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on TEST_DATABASE_URL's own database (never on a template, which must stay unconnected). */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
