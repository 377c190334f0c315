import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openPglite, openPostgres } from '../src/core/db/client.ts';
import { serveBackups, requestBackup } from '../src/setup/backup/backup-control.ts';
import { importIntoPostgres } from '../src/setup/backup/postgres-import.ts';
import { restoreBackup } from '../src/setup/backup/restore.ts';
import { tableCounts } from '../src/setup/backup/table-counts.ts';
import type { SetupError } from '../src/setup/setup-error.ts';
import { chooseProduct, loginAs } from './helpers/auth.ts';
import { testConfig } from './helpers/test-app.ts';
import { databaseUrl, onServer, randomDatabaseName } from './helpers/templates.ts';
import { stockIntegritySchema } from '@armature/domain';
import { answerOf } from './helpers/inject.ts';

type Integrity = { ok: boolean; checked: number; ledgerRows: number };

/**
 * An API on an embedded database persisted in `dataDir`, as `npm start` runs it: with its job queue,
 * whose tables (pg-boss's, a partition per queue) a backup carries too.
 */
async function serverOn(dataDir: string, loadDataDir?: Blob) {
  const handle = openPglite(path.join(dataDir, 'pglite'), { loadDataDir });
  await handle.client.waitReady;
  const app = await buildApp({
    db: handle.db,
    dbKind: 'pglite',
    config: { ...testConfig, dataDir },
    background: { handle },
  });
  await app.ready();
  return { handle, app };
}

async function integrityOf(app: App): Promise<Integrity> {
  const admin = await loginAs(app, 'admin');
  await chooseProduct(app, admin, 'LINE1');
  const response = await app.inject({ method: 'GET', url: '/api/stock/integrity', headers: admin });
  expect(response.statusCode).toBe(200);
  return answerOf(response, stockIntegritySchema);
}

describe('backup and restore of the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'armature-backup-'));
  const source = path.join(root, 'data');
  const backupFile = path.join(root, 'nightly', 'armature.zip');
  let running: Awaited<ReturnType<typeof serverOn>>;
  let closeBackups: () => Promise<void>;
  /** What the backup holds: every table's rows when it was taken, and the stock integrity check then. */
  let backupCounts: Record<string, number>;
  let backupIntegrity: Integrity;

  beforeAll(async () => {
    // The test run's migrated, seeded database, persisted in a data directory of its own.
    running = await serverOn(source, new Blob([await readFile(inject('pgliteTemplate'))]));
    closeBackups = await serveBackups(running.handle.client, source, { error: () => {} });
  }, 300_000);
  afterAll(async () => {
    await closeBackups?.();
    await running?.app.close();
    await running?.handle.close();
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'is taken by the running server, restored into a new data dir with the same rows, files and stock',
    { timeout: 300_000 },
    async () => {
      const admin = await loginAs(running.app, 'admin');
      // Requests are answered while the backup is written.
      const [summary, during] = await Promise.all([
        requestBackup(source, backupFile),
        running.app.inject({ method: 'GET', url: '/api/users?maxResultCount=5', headers: admin }),
      ]);
      expect(during.statusCode).toBe(200);
      expect(summary).not.toBeNull();
      const sourceCounts = await tableCounts(running.handle.client);
      backupCounts = sourceCounts;
      expect(summary!.tables).toBe(Object.keys(sourceCounts).length);
      // The demo's part pictures, written into DATA_DIR/files when the API got ready.
      expect(summary!.files).toBeGreaterThan(0);
      const sourceIntegrity = await integrityOf(running.app);
      expect(sourceIntegrity.ok).toBe(true);
      backupIntegrity = sourceIntegrity;

      const target = path.join(root, 'restored');
      const restored = await restoreBackup(backupFile, target);
      expect(restored).toEqual({ tables: summary!.tables, rows: summary!.rows, files: summary!.files });

      const copy = await serverOn(target);
      try {
        expect(await tableCounts(copy.handle.client)).toEqual(sourceCounts);
        expect(await integrityOf(copy.app)).toEqual(sourceIntegrity);
        const { rows } = await copy.handle.client.query<{ key: string }>('select storage_key as key from stored_file');
        expect(rows.length).toBe(summary!.files);
        for (const { key } of rows)
          expect(
            readFileSync(path.join(target, 'files', key)).equals(readFileSync(path.join(source, 'files', key))),
            key,
          ).toBe(true);
      } finally {
        await copy.app.close();
        await copy.handle.close();
      }

      // Never over a database, and never from something else than a backup.
      const inUse = await restoreBackup(backupFile, target).catch((error: unknown) => error);
      expect((inUse as SetupError).key).toBe('restoreTargetInUse');
      const notBackup = path.join(root, 'notes.zip');
      writeFileSync(notBackup, 'not a zip');
      const refused = await restoreBackup(notBackup, path.join(root, 'elsewhere')).catch((error: unknown) => error);
      expect((refused as SetupError).key).toBe('restoreNotBackup');
    },
  );

  // Moving to PostgreSQL: the backup into a throwaway database of the test server.
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl)
    it(
      'moves into a new PostgreSQL database with every row, and refuses one that holds tables',
      { timeout: 300_000 },
      async () => {
        const name = randomDatabaseName('armature_t');
        await onServer(serverUrl, `create database ${name}`);
        const url = databaseUrl(serverUrl, name);
        try {
          const filesDir = path.join(root, 'postgres-files');
          const imported = await importIntoPostgres(backupFile, url, filesDir);
          const target = openPostgres(url);
          try {
            const connection = await target.pool.connect();
            const counts = await tableCounts(connection).finally(() => connection.release());
            expect(counts).toEqual(backupCounts);
            expect(imported.rows).toBe(Object.values(counts).reduce((sum, n) => sum + n, 0));
            const app = await buildApp({
              db: target.db,
              dbKind: 'postgres',
              config: { ...testConfig, dataDir: path.dirname(filesDir) },
            });
            try {
              expect(await integrityOf(app)).toEqual(backupIntegrity);
            } finally {
              await app.close();
            }
          } finally {
            await target.close();
          }
          const again = await importIntoPostgres(backupFile, url, filesDir).catch((error: unknown) => error);
          expect((again as SetupError).key).toBe('importTargetInUse');
        } finally {
          await onServer(serverUrl, `drop database if exists ${name} with (force)`);
        }
      },
    );
});
