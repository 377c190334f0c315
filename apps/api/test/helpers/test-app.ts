import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../../src/app.ts';
import type { Config } from '../../src/config/env.ts';
import { openPglite, openPostgres, type DatabaseKind, type PostgresOptions } from '../../src/core/db/client.ts';
import type { RawDatabaseHandle } from '../../src/core/jobs/background.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { databaseUrl, onServer, randomDatabaseName } from './templates.ts';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (a fresh database per file). */
export function testDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export const testConfig: Config = {
  port: 0,
  host: '127.0.0.1',
  databaseUrl: undefined,
  dataDir: tmpdir(),
  jwtSecret: randomBytes(32).toString('hex'),
  adminPassword: undefined,
  logLevel: 'silent',
  trustProxy: false,
  rateLimitPerMinute: 100_000,
};

type Opened = { handle: RawDatabaseHandle; drop: () => Promise<void>; url?: string };

/** A new database on TEST_DATABASE_URL's server, empty or a copy of `template`; dropped by `drop`. */
async function openPostgresDatabase(template?: string, options?: PostgresOptions): Promise<Opened> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = randomDatabaseName('armature_t');
  await onServer(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  return {
    handle: openPostgres(url, options),
    url,
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A new in-memory PGlite started from one of the run's dumps (global-setup.ts). */
async function loadPglite(dumpFile: string): Promise<Opened> {
  const handle = openPglite(undefined, { loadDataDir: new Blob([await readFile(dumpFile)]) });
  // Started before the app is built, as the seed did before the templates: the app's onReady hooks
  // query the database and have Fastify's 10 s plugin timeout.
  await handle.client.waitReady;
  return { handle, drop: async () => {} };
}

/**
 * A fresh, empty database (no migration applied): an in-memory PGlite, or a new database on TEST_DATABASE_URL's
 * server (its `url`). The PGlite is a copy of an empty one started once per run, which skips its initdb.
 */
export async function openTestDatabase(kind: DatabaseKind, postgres?: PostgresOptions): Promise<Opened> {
  if (kind === 'pglite') return loadPglite(inject('pgliteEmpty'));
  return openPostgresDatabase(undefined, postgres);
}

/**
 * A migrated, seeded database of the file's own: a copy of the run's template (global-setup.ts).
 * TEST_SEED_PER_FILE=1 migrates and seeds an empty one instead, as before the templates, to tell a
 * failure of the copy from a failure of the test.
 */
export async function openSeededDatabase(kind: DatabaseKind, postgres?: PostgresOptions): Promise<Opened> {
  if (process.env.TEST_SEED_PER_FILE === '1') {
    const opened = await openTestDatabase(kind, postgres);
    await prepareDatabase(opened.handle, { adminPassword: undefined });
    return opened;
  }
  if (kind === 'pglite') return loadPglite(inject('pgliteTemplate'));
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL was not set when the run started: no PostgreSQL template');
  return openPostgresDatabase(template, postgres);
}

export type TestContext = { app: App; handle: RawDatabaseHandle };

/** A migrated, seeded app on a fresh database for the current test file (or describe block). */
export function useTestApp(
  kind: DatabaseKind,
  options: {
    webDistDir?: string;
    config?: Partial<Config>;
    logStream?: { write: (line: string) => void };
    /** Background jobs and live events (off unless asked): extra job kinds and timings. */
    background?: Omit<NonNullable<BuildAppOptions['background']>, 'handle'>;
    extraRoutes?: BuildAppOptions['extraRoutes'];
    /** The PostgreSQL pool's options (its connection wait, session timeouts); PGlite has none. */
    postgres?: PostgresOptions;
  } = {},
): TestContext {
  const context = {} as TestContext;
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await openSeededDatabase(kind, options.postgres);
    context.handle = opened.handle;
    context.app = await buildApp({
      db: opened.handle.db,
      dbKind: opened.handle.kind,
      config: { ...testConfig, ...options.config },
      logger: options.logStream !== undefined,
      logStream: options.logStream,
      webDistDir: options.webDistDir,
      background: options.background ? { ...options.background, handle: opened.handle } : undefined,
      extraRoutes: options.extraRoutes,
    });
  });
  afterAll(async () => {
    await context.app?.close();
    await opened?.handle.close();
    await opened?.drop();
  });
  return context;
}
