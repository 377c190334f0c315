import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { nameStatements } from './pg-named-statements.ts';
import { preparedStatements } from './pglite-prepared.ts';

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
  /**
   * Runs `work` on one connection without the session timeouts: a migration may rewrite a big table,
   * which no request's statement timeout should cut short.
   */
  unbounded: <T>(work: (db: Db) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** Arbitrary constant naming Armature's start-up lock among PostgreSQL advisory locks. */
const STARTUP_LOCK = 727_001;

/** How drizzle names columns (the tables' keys in snake case): every database and statement builder of the app. */
export const DIALECT_OPTIONS = { casing: 'snake_case' } as const;

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, resident for as long as the
 * process runs (about 140 MB of an idle API process's RSS). The embedded database is small and the
 * operating system caches its files anyway, so 16 MB serves it (docs/benchmarks.md, "Server start and memory").
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * V8 compiles PGlite's 9 MB of WebAssembly (PostgreSQL) with its baseline compiler, Liftoff, then recompiles the
 * functions that run often with TurboFan. TurboFan's code and what its compiles leave in the allocator cost an
 * idle API process about 90 MB of RSS and PGlite's start 0.6 s of CPU; Liftoff's code answers the embedded
 * database's queries about 7 % slower (docs/benchmarks.md, "Idle memory"). A plant that outgrows that moves to
 * PostgreSQL. V8's flags are the process's: a module takes its tiers when it is compiled, so Liftoff only is set
 * while PGlite compiles and lifted once it is ready, and the cutting solver's HiGHS compiled later tiers up as before.
 */
function compileWithLiftoffOnly(client: PGlite): void {
  setFlagsFromString('--liftoff-only');
  const lift = () => setFlagsFromString('--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering');
  client.waitReady.then(lift, lift);
}

/**
 * An embedded PGlite: in memory when `dataDir` is undefined (tests), else persisted there. `loadDataDir`
 * starts it from a dumped data directory (`dumpDataDir`), as tests start from a migrated, seeded template.
 */
export function openPglite(
  dataDir?: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): DatabaseHandle & { client: PGlite } {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir, startParams: PGLITE_START_PARAMS });
  compileWithLiftoffOnly(client);
  const db = drizzlePglite({ client: preparedStatements(client), ...DIALECT_OPTIONS });
  // One process owns an embedded database, so there is nobody to exclude.
  return {
    db,
    client,
    kind: 'pglite',
    exclusive: (work) => work(),
    // PGlite enforces no timeouts (docs/deployment.md): there is nothing to lift.
    unbounded: (work) => work(db),
    close: () => client.close(),
  };
}

/**
 * How long a request waits for a connection (a new one, or a free one of a busy pool) before it fails:
 * while PostgreSQL is down requests answer 503 `database_unavailable` after at most this, never hang.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;

/** Connections a process's application pool opens at most unless `DATABASE_POOL_SIZE` says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * How long one statement may run, wait for a lock, or a transaction may sit idle, on every connection
 * (`DATABASE_STATEMENT_TIMEOUT_MS`, `DATABASE_LOCK_TIMEOUT_MS`, `DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS`).
 * A hung query or a forgotten transaction then ends with an error (503 `database_timeout`) instead of
 * holding its request and connection for ever; work known to be long sets its own (`allowLongStatements`).
 */
export type SessionTimeouts = { statementMs: number; lockMs: number; idleInTransactionMs: number };

export const DEFAULT_SESSION_TIMEOUTS: SessionTimeouts = {
  statementMs: 30_000,
  lockMs: 10_000,
  idleInTransactionMs: 60_000,
};

/**
 * The connection string with the session's settings in its `options` (after any the operator gave):
 * pg-boss's pool and the LISTEN connection are opened from the pool's connection string, so every
 * connection of the process gets them, not only the application pool's.
 */
export function withSessionSettings(connectionString: string, timeouts: SessionTimeouts): string {
  const url = new URL(connectionString);
  // Timestamps are exchanged in UTC whatever the server's default time zone is.
  const ours = [
    '-c TimeZone=UTC',
    `-c statement_timeout=${timeouts.statementMs}`,
    `-c lock_timeout=${timeouts.lockMs}`,
    `-c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
  ];
  const given = url.searchParams.get('options');
  url.searchParams.set('options', [given, ...ours].filter(Boolean).join(' '));
  return url.toString();
}

export type PostgresOptions = {
  /**
   * Names the process's connections in `pg_stat_activity`, so an operator counting connections
   * (docs/deployment.md, connection budget) sees which kind of process holds them.
   */
  applicationName?: string;
  /** The most connections the application pool opens (pg-boss and LISTEN have their own). */
  poolSize?: number;
  timeouts?: SessionTimeouts;
  /**
   * How long a query waits for a connection (`CONNECTION_TIMEOUT_MS`); 0 waits as long as it takes. Only tests
   * whose subject is not that wait lift it: a burst of writes queued behind one row's lock takes as long as the
   * machine needs, and a loaded one then answers part of the burst 503 instead of what the test looks at.
   */
  connectionTimeoutMs?: number;
};

export function openPostgres(
  connectionString: string,
  {
    applicationName = 'armature-api',
    poolSize = DEFAULT_POOL_SIZE,
    timeouts = DEFAULT_SESSION_TIMEOUTS,
    connectionTimeoutMs = CONNECTION_TIMEOUT_MS,
  }: PostgresOptions = {},
): DatabaseHandle & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: withSessionSettings(connectionString, timeouts),
    application_name: applicationName,
    connectionTimeoutMillis: connectionTimeoutMs,
    max: poolSize,
  });
  // An idle connection that dies (server restart, terminated backend) would otherwise crash the
  // process; the pool drops it and opens a new one on next use, and queries in flight fail on their own.
  pool.on('error', () => {});
  // The same for a connection in use (a transaction's): without a listener its 'error' event would be
  // an uncaught exception ending the process; the query in flight fails on its own and its request answers.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    nameStatements(client);
  });
  const db = drizzlePg({ client: pool, ...DIALECT_OPTIONS });
  // Several API instances may start together on one server: one migrates and seeds, the others wait.
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const lock = await pool.connect();
    try {
      // Waiting while another process migrates is expected, however long that takes.
      await lock.query('set statement_timeout = 0');
      await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await work();
    } finally {
      await lock
        .query('select pg_advisory_unlock($1)', [STARTUP_LOCK])
        .then(() => lock.query('reset statement_timeout'))
        .finally(() => lock.release());
    }
  };
  const unbounded = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const connection = await pool.connect();
    try {
      await connection.query(
        'set statement_timeout = 0; set lock_timeout = 0; set idle_in_transaction_session_timeout = 0',
      );
      return await work(drizzlePg({ client: connection, ...DIALECT_OPTIONS }));
    } finally {
      // Back to the session's own settings before another caller gets this connection.
      await connection
        .query('reset statement_timeout; reset lock_timeout; reset idle_in_transaction_session_timeout')
        .finally(() => connection.release());
    }
  };
  return { db, pool, kind: 'postgres', exclusive, unbounded, close: () => pool.end() };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  databasePoolSize?: number;
  databaseTimeouts?: SessionTimeouts;
  dataDir: string;
}): ReturnType<typeof openPglite> | ReturnType<typeof openPostgres> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize, timeouts: config.databaseTimeouts })
    : openPglite(path.join(config.dataDir, 'pglite'));
}
