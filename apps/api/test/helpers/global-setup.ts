import { rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/core/db/client.ts';
import { prepareDatabase } from '../../src/setup/prepare.ts';
import { databaseUrl, onServer, randomDatabaseName } from './templates.ts';

/** Whatever migrations and seed the checkout holds when the run starts: built here, never committed. */
const seedOptions = { adminPassword: undefined };

async function buildPgliteTemplate(directory: string): Promise<string> {
  const handle = openPglite();
  await prepareDatabase(handle, seedOptions);
  // Flushed to the data files, so that a copy starts without replaying the whole seed from the WAL.
  await handle.client.query('checkpoint');
  // Uncompressed: every file loads it, and gunzip would cost each of them more than the disk read.
  const dump = await handle.client.dumpDataDir('none');
  await handle.close();
  const file = path.join(directory, 'pglite-template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
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
 * (helpers/test-app.ts), so adding a file costs its own tests, not another seed.
 */
export default async function setup(project: TestProject) {
  const directory = await mkdtemp(path.join(tmpdir(), 'armature-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pgliteTemplate, postgresTemplate] = await Promise.all([
    buildPgliteTemplate(directory),
    serverUrl ? buildPostgresTemplate(serverUrl) : undefined,
  ]);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    await rm(directory, { recursive: true, force: true });
    if (serverUrl && postgresTemplate)
      await onServer(serverUrl, `drop database if exists ${postgresTemplate} with (force)`);
  };
}
