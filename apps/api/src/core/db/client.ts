import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * Both drivers' databases extend PgDatabase, so repositories take this one type. No schema object:
 * queries name their tables (areas own them), and drizzle's relational API is not used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  /** Runs `work` while no other process holds the same lock (migrations and seeding at start). */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** Arbitrary constant naming Armature's start-up lock among PostgreSQL advisory locks. */
const STARTUP_LOCK = 727_001;

const options = { casing: 'snake_case' } as const;

/**
 * An embedded PGlite: in memory when `dataDir` is undefined (tests), else persisted there. `loadDataDir`
 * starts it from a dumped data directory (`dumpDataDir`), as tests start from a migrated, seeded template.
 */
export function openPglite(
  dataDir?: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): DatabaseHandle & { client: PGlite } {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir });
  const db = drizzlePglite({ client, ...options });
  // One process owns an embedded database, so there is nobody to exclude.
  return { db, client, kind: 'pglite', exclusive: (work) => work(), close: () => client.close() };
}

/**
 * How long a request waits for a connection (a new one, or a free one of a busy pool) before it fails:
 * while PostgreSQL is down requests answer 503 `database_unavailable` after at most this, never hang.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;

/** Connections a process's application pool opens at most unless `DATABASE_POOL_SIZE` says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

export type PostgresOptions = {
  /**
   * Names the process's connections in `pg_stat_activity`, so an operator counting connections
   * (docs/deployment.md, connection budget) sees which kind of process holds them.
   */
  applicationName?: string;
  /** The most connections the application pool opens (pg-boss and LISTEN have their own). */
  poolSize?: number;
};

export function openPostgres(
  connectionString: string,
  { applicationName = 'armature-api', poolSize = DEFAULT_POOL_SIZE }: PostgresOptions = {},
): DatabaseHandle & { pool: pg.Pool } {
  // Timestamps are exchanged in UTC whatever the server's default time zone is.
  const pool = new pg.Pool({
    connectionString,
    application_name: applicationName,
    options: '-c TimeZone=UTC',
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    max: poolSize,
  });
  // An idle connection that dies (server restart, terminated backend) would otherwise crash the
  // process; the pool drops it and opens a new one on next use, and queries in flight fail on their own.
  pool.on('error', () => {});
  // The same for a connection in use (a transaction's): without a listener its 'error' event would be
  // an uncaught exception ending the process; the query in flight fails on its own and its request answers.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, ...options });
  // Several API instances may start together on one server: one migrates and seeds, the others wait.
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await work();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).finally(() => lock.release());
    }
  };
  return { db, pool, kind: 'postgres', exclusive, close: () => pool.end() };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  databasePoolSize?: number;
  dataDir: string;
}): ReturnType<typeof openPglite> | ReturnType<typeof openPostgres> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize })
    : openPglite(path.join(config.dataDir, 'pglite'));
}
