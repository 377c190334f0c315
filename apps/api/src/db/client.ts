import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export { schema };

/** Both drivers' databases extend PgDatabase, so repositories take this one type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  close: () => Promise<void>;
};

const options = { schema, casing: 'snake_case' } as const;

/** An embedded PGlite: in memory when `dataDir` is undefined (tests), else persisted there. */
export function openPglite(dataDir?: string): DatabaseHandle & { client: PGlite } {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite({ client, ...options });
  return { db, client, kind: 'pglite', close: () => client.close() };
}

export function openPostgres(connectionString: string): DatabaseHandle & { pool: pg.Pool } {
  // Timestamps are exchanged in UTC whatever the server's default time zone is.
  const pool = new pg.Pool({ connectionString, options: '-c TimeZone=UTC' });
  const db = drizzlePg({ client: pool, ...options });
  return { db, pool, kind: 'postgres', close: () => pool.end() };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseHandle {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'pglite'));
}
