#!/usr/bin/env node
// `npm run backup:test [-- --database-url URL]`: proves a backup restores. pg_dump (custom format) of the
// database into data/backups/, pg_restore into a scratch database, the row count of every table compared
// between the two, the scratch database dropped. Exits 1 when a count differs or a step fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });
const sourceUrl =
  values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/armature_cluster';

const withDatabase = (url, name) => {
  const copy = new URL(url);
  copy.pathname = `/${encodeURIComponent(name)}`;
  return copy.toString();
};
const quoted = (name) => `"${name.replaceAll('"', '""')}"`;
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error)
    throw new Error(`${command}: ${result.error.message} (Debian: apt-get install -y postgresql-client)`);
  if (result.status !== 0) throw new Error(`${command} failed:\n${result.stderr}`);
}

/** Every table outside PostgreSQL's own schemas, with its row count, read by `client`. */
async function rowCounts(client) {
  const { rows: tables } = await client.query(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const counts = new Map();
  for (const { schema, name } of tables) {
    const { rows } = await client.query(`select count(*)::bigint as n from ${quoted(schema)}.${quoted(name)}`);
    counts.set(`${schema}.${name}`, Number(rows[0].n));
  }
  return counts;
}

const sourceName = decodeURIComponent(new URL(sourceUrl).pathname.slice(1));
const scratchName = `${sourceName}_restore_test_${process.pid}`;
const scratchUrl = withDatabase(sourceUrl, scratchName);
const backupDir = join(root, 'data/backups');
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const dumpFile = join(backupDir, `${sourceName}-${stamp}.dump`);
mkdirSync(backupDir, { recursive: true });

const source = new pg.Client({ connectionString: sourceUrl });
const maintenance = new pg.Client({ connectionString: withDatabase(sourceUrl, 'postgres') });
let scratchCreated = false;
let exitCode = 0;
try {
  await source.connect();
  await maintenance.connect();
  // The dump and the source's counts read one snapshot, so a live cluster writing meanwhile does not
  // make them differ.
  await source.query('begin isolation level repeatable read read only');
  const { rows } = await source.query('select pg_export_snapshot() as snapshot');
  let since = performance.now();
  run('pg_dump', ['--format=custom', `--snapshot=${rows[0].snapshot}`, `--file=${dumpFile}`, `--dbname=${sourceUrl}`]);
  const sourceCounts = await rowCounts(source);
  await source.query('commit');
  const size = (statSync(dumpFile).size / 1024 / 1024).toFixed(1);
  console.log(`pg_dump   ${sourceName} → ${relative(root, dumpFile)} (${size} MB, custom format) in ${seconds(since)}`);

  await maintenance.query(`create database ${quoted(scratchName)}`);
  scratchCreated = true;
  since = performance.now();
  run('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${scratchUrl}`, dumpFile]);
  console.log(`pg_restore → ${scratchName} in ${seconds(since)}`);

  const scratch = new pg.Client({ connectionString: scratchUrl });
  await scratch.connect();
  const restoredCounts = await rowCounts(scratch).finally(() => scratch.end());
  const names = [...new Set([...sourceCounts.keys(), ...restoredCounts.keys()])].sort();
  const differing = names.filter((name) => sourceCounts.get(name) !== restoredCounts.get(name));
  const total = [...sourceCounts.values()].reduce((sum, n) => sum + n, 0);
  for (const name of differing)
    console.log(
      `  DIFFERS ${name}: source ${sourceCounts.get(name) ?? 'missing'}, restored ${restoredCounts.get(name) ?? 'missing'}`,
    );
  const largest = names
    .filter((name) => !differing.includes(name))
    .sort((a, b) => sourceCounts.get(b) - sourceCounts.get(a))
    .slice(0, 5)
    .map((name) => `${name} ${sourceCounts.get(name)}`);
  console.log(`compared  ${names.length} tables, ${total} rows; largest: ${largest.join(', ')}`);
  if (differing.length) {
    console.log(`FAILED: ${differing.length} of ${names.length} tables differ`);
    exitCode = 1;
  } else console.log(`OK: every table's row count matches (${names.length} tables, ${total} rows)`);
} catch (error) {
  console.error(`FAILED: ${error.message}`);
  exitCode = 1;
} finally {
  if (scratchCreated) {
    await maintenance.query(`drop database ${quoted(scratchName)} with (force)`);
    console.log(`dropped   ${scratchName}`);
  }
  await source.end().catch(() => {});
  await maintenance.end().catch(() => {});
}
process.exit(exitCode);
