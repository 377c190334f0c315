import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../../src/app.ts';
import type { Config } from '../../src/config/env.ts';
import { openPglite, openPostgres, type DatabaseKind } from '../../src/core/db/client.ts';
import type { RawDatabaseHandle } from '../../src/core/jobs/background.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';

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

/** A fresh database: an in-memory PGlite, or a new database on TEST_DATABASE_URL's server (its `url`). */
export async function openTestDatabase(kind: DatabaseKind): Promise<Opened> {
  if (kind === 'pglite') return { handle: openPglite(), drop: async () => {} };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `armature_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    handle: openPostgres(url.toString()),
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
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
  } = {},
): TestContext {
  const context = {} as TestContext;
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(kind);
    await prepareDatabase(opened.handle, { adminPassword: undefined });
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
