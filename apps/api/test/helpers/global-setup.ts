import { rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { cachedPgliteTemplate, templateKey } from './template-cache.ts';
import { databaseUrl, onServer, randomDatabaseName } from './templates.ts';

/** Whatever migrations and seed the checkout holds when the run starts: built here, never committed. */
const seedOptions = { adminPassword: undefined };

/**
 * The API's modules, loaded only when a template is built: a run whose PGlite template is cached and that has
 * no PostgreSQL skips loading them here. Loaded after the key is taken, so a template is never older than its key.
 */
const api = async () => ({
  ...(await import('../../src/core/db/client.ts')),
  ...(await import('../../src/setup/prepare.ts')),
});

async function buildPgliteTemplate(): Promise<Uint8Array> {
  const { openPglite, prepareDatabase } = await api();
  const handle = openPglite();
  await prepareDatabase(handle, seedOptions);
  // Flushed to the data files, so that a copy starts without replaying the whole seed from the WAL.
  await handle.client.query('checkpoint');
  // Uncompressed: every file loads it, and gunzip would cost each of them more than the disk read.
  const dump = await handle.client.dumpDataDir('none');
  await handle.close();
  return new Uint8Array(await dump.arrayBuffer());
}

/** A started, empty PGlite: what every new in-memory PGlite spends seconds on (initdb) before its first query. */
async function buildEmptyPglite(): Promise<Uint8Array> {
  const { openPglite } = await api();
  const handle = openPglite();
  // dumpDataDir does not wait for the start itself.
  await handle.client.waitReady;
  const dump = await handle.client.dumpDataDir('none');
  await handle.close();
  return new Uint8Array(await dump.arrayBuffer());
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const { openPostgres, prepareDatabase } = await api();
  const name = randomDatabaseName('armature_tpl');
  await onServer(serverUrl, `create database ${name}`);
  const handle = openPostgres(databaseUrl(serverUrl, name), { applicationName: 'armature-test-template' });
  try {
    await prepareDatabase(handle, seedOptions);
  } finally {
    // No connection may stay open on a template: `create database … template` refuses to copy it then.
    await handle.close();
  }
  return name;
}

/**
 * Migrates and seeds once per run and database kind; each test file then starts from a copy
 * (helpers/test-app.ts), so adding a file costs its own tests, not another seed. The PGlite template is
 * kept between runs (template-cache.ts): a second run of an unchanged checkout on the same day skips it.
 */
export default async function setup(project: TestProject) {
  const directory = await mkdtemp(path.join(tmpdir(), 'armature-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const key = await templateKey();
  const [seeded, empty, postgresTemplate] = await Promise.all([
    cachedPgliteTemplate('seeded', key, directory, buildPgliteTemplate),
    cachedPgliteTemplate('empty', key, directory, buildEmptyPglite),
    serverUrl ? buildPostgresTemplate(serverUrl) : undefined,
  ]);
  console.info(`PGlite template ${key}: ${seeded.hit ? 'from node_modules/.cache/armature-test' : 'built'}`);
  project.provide('pgliteTemplate', seeded.file);
  project.provide('pgliteEmpty', empty.file);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    await rm(directory, { recursive: true, force: true });
    if (serverUrl && postgresTemplate)
      await onServer(serverUrl, `drop database if exists ${postgresTemplate} with (force)`);
  };
}
