import PgBoss from 'pg-boss';
import { openPglite, openPostgres } from '../../core/db/client.ts';
import { BOSS_SCHEMA, postgresBossDb } from '../../core/jobs/boss-db.ts';
import { migrateDatabase } from '../../core/db/migrate.ts';
import { SetupError } from '../setup-error.ts';
import { refuseNewerDatabase } from '../version-guard.ts';
import { unpackBackup } from './backup-archive.ts';
import { countDifferences, qualified, tableCounts, tableNames, totalRows, type SqlRunner } from './table-counts.ts';

/** Rows carried per statement: a few MB of JSON at most for the widest tables. */
const BATCH = 2_000;

export type ImportSummary = { tables: number; rows: number; files: number };

/** Each sequence's next value after the largest one its column holds, as if the rows had been inserted here. */
async function advanceSequences(db: SqlRunner): Promise<void> {
  const { rows } = await db.query<{ sequence: string; tableName: string; column: string }>(
    `select s.seqrelid::regclass::text as sequence, c.oid::regclass::text as "tableName", a.attname as column
       from pg_depend d
       join pg_sequence s on s.seqrelid = d.objid
       join pg_class c on c.oid = d.refobjid
       join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')`,
  );
  for (const { sequence, tableName, column } of rows)
    await db.query(
      `select setval('${sequence.replaceAll("'", "''")}', coalesce((select max("${column.replaceAll('"', '""')}") from ${tableName}), 0) + 1, false)`,
    );
}

/**
 * pg-boss's schema and the backup's job queues on the target, made by pg-boss itself: each queue's jobs
 * live in a partition of `pgboss.job` that its `create_queue` makes (and names), so the queues are
 * created rather than copied, and the jobs then go into `pgboss.job`, which routes them. Answers the
 * tables thus made, which the copy leaves out.
 */
async function createJobQueues(source: SqlRunner, databaseUrl: string): Promise<Set<string>> {
  const { rows: schema } = await source.query<{ queues: string | null }>(
    `select to_regclass('${BOSS_SCHEMA}.queue')::text as queues`,
  );
  if (!schema[0]?.queues) return new Set();
  // A dead-letter queue must exist before the queues that name it.
  const { rows: queues } = await source.query<{ name: string; options: object }>(
    `select name, json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay,
            'retryBackoff', retry_backoff, 'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes,
            'deadLetter', dead_letter) as options
       from ${BOSS_SCHEMA}.queue order by dead_letter is not null, name`,
  );
  const db = postgresBossDb(databaseUrl, 1);
  try {
    const boss = new PgBoss({ db, schema: BOSS_SCHEMA, schedule: false, supervise: false });
    await boss.start();
    for (const { name, options } of queues)
      await db.executeSql(`select ${BOSS_SCHEMA}.create_queue($1, $2)`, [name, JSON.stringify(options)]);
    await boss.stop({ graceful: false, wait: true });
  } finally {
    await db.close();
  }
  const { rows: partitions } = await source.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relispartition and n.nspname = '${BOSS_SCHEMA}'`,
  );
  return new Set([`${BOSS_SCHEMA}.version`, `${BOSS_SCHEMA}.queue`, ...partitions.map(({ name }) => name)]);
}

/**
 * Moves an embedded database to PostgreSQL: the backup (`npm run backup`) is loaded in memory and
 * migrated to this version, the new database `databaseUrl` (which must hold no table) gets the same
 * migrations, then every row of every table in one transaction, with foreign keys checked by the
 * data's origin rather than row by row (session_replication_role, a superuser's or granted setting);
 * the row counts must match before it commits. The stored files go into `filesDir`.
 */
export async function importIntoPostgres(file: string, databaseUrl: string, filesDir: string): Promise<ImportSummary> {
  const { database, files } = await unpackBackup(file, filesDir);
  const source = openPglite(undefined, { loadDataDir: database });
  const target = openPostgres(databaseUrl, { applicationName: 'armature-import', poolSize: 1 });
  try {
    const connection = await target.pool.connect();
    try {
      if ((await tableNames(connection)).length) throw new SetupError('importTargetInUse');
    } finally {
      connection.release();
    }
    await refuseNewerDatabase(source.db);
    await migrateDatabase(source);
    await migrateDatabase(target);
    const made = await createJobQueues(source.client, databaseUrl);
    const expected = await tableCounts(source.client);
    const client = await target.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      // drizzle's journal is already there: the target was migrated above.
      const copied = (await tableNames(source.client)).filter(
        (name) => !name.startsWith('drizzle.') && !made.has(name),
      );
      for (const table of copied) {
        for (let offset = 0; ; offset += BATCH) {
          const { rows } = await source.client.query<{ batch: unknown }>(
            `select coalesce(json_agg(t), '[]'::json) as batch from (select * from ${qualified(table)} offset ${offset} limit ${BATCH}) t`,
          );
          const batch = rows[0]?.batch as unknown[];
          if (!batch.length) break;
          await client.query(
            `insert into ${qualified(table)} overriding system value
               select * from json_populate_recordset(null::${qualified(table)}, $1::json)`,
            [JSON.stringify(batch)],
          );
        }
      }
      await advanceSequences(client);
      const differing = countDifferences(expected, await tableCounts(client));
      if (differing.length)
        throw new SetupError('restoreCountsDiffer', {
          tables: differing.join(', '),
          dataDir: databaseUrl.replace(/\/\/[^@]*@/, '//'),
        });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    return { tables: Object.keys(expected).length, rows: totalRows(expected), files };
  } finally {
    await source.close();
    await target.close();
  }
}
