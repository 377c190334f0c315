// Run by `npm run cluster` (built with the server: apps/api/dist/cluster-prepare.js) before anything else
// starts: creates the cluster's database when missing, migrates and seeds it, and writes its Mosquitto's
// password and ACL files with the API's own generator (docs/telemetry.md, "On Mosquitto"), which needs the migrated tables. The API
// processes prepare again at start (under an advisory lock); finding everything done, they go on at once.
import pg from 'pg';
import { ConfigError, loadConfig } from '../../apps/api/src/config/env.ts';
import { openPostgres } from '../../apps/api/src/core/db/client.ts';
import { writeMosquittoFiles } from '../../apps/api/src/modules/telemetry/mosquitto-files.ts';
import { prepareDatabase } from '../../apps/api/src/setup/prepare.ts';

const mosquittoDir = process.argv[2];

async function createDatabaseIfMissing(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
    console.log(`Created the database ${name}.`);
  } finally {
    await client.end();
  }
}

try {
  const config = loadConfig();
  await createDatabaseIfMissing(config.databaseUrl);
  const handle = openPostgres(config.databaseUrl);
  try {
    await prepareDatabase(handle, { adminPassword: config.adminPassword, demo: config.demo });
    // No machine is re-issued here: the ingest's login is (re)written and machines already in the file
    // keep theirs (add machines with `npm run mqtt:mosquitto-acl -- --out <this dir> --serial …`).
    await writeMosquittoFiles(handle.db, {
      out: mosquittoDir,
      serials: [],
      all: false,
      ingestUser: config.telemetry.username,
      ingestPassword: config.telemetry.password,
      brokerUrl: config.telemetry.publicUrl ?? config.telemetry.url,
    });
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
