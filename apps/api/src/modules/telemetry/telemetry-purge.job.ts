import { and, eq, gt, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TELEMETRY_OFF } from '../../config/env.ts';
import type { Db } from '../../core/db/client.ts';
import { allowLongStatements } from '../../core/db/long-statements.ts';
import { isoNow } from '../../core/db/time.ts';
import { defineJob } from '../../core/jobs/job-definition.ts';
import { enqueueJob } from '../../core/jobs/jobs.service.ts';
import { backgroundJobs } from '../../core/jobs/jobs.table.ts';
import { equipmentAlarms, equipmentCounterSamples, equipmentStateIntervals } from '../equipment/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: short transactions, so the ingest writing beside the purge never waits long. */
export const PURGE_BATCH = 5_000;

type History = { table: PgTable; id: PgColumn; old: (before: string) => SQL | undefined };

/**
 * What the purge deletes: history older than the retention. Intervals and alarms only once over
 * (closed, or cleared): a state or alarm that still lasts is the present.
 */
const HISTORY: History[] = [
  {
    table: equipmentStateIntervals,
    id: equipmentStateIntervals.id,
    old: (before) => and(lt(equipmentStateIntervals.startedAt, before), lt(equipmentStateIntervals.endedAt, before)),
  },
  {
    table: equipmentCounterSamples,
    id: equipmentCounterSamples.id,
    old: (before) => lt(equipmentCounterSamples.at, before),
  },
  {
    table: equipmentAlarms,
    id: equipmentAlarms.id,
    old: (before) =>
      and(
        lt(equipmentAlarms.raisedAt, before),
        isNotNull(equipmentAlarms.clearedAt),
        lt(equipmentAlarms.clearedAt, before),
      ),
  },
];

/** Deletes telemetry history older than `retentionDays`, in batches; returns how many rows went. */
export async function purgeTelemetry(
  db: Db,
  retentionDays: number,
  options: { signal?: AbortSignal; now?: number } = {},
): Promise<number> {
  const before = new Date((options.now ?? Date.now()) - retentionDays * DAY_MS).toISOString();
  let deleted = 0;
  for (const { table, id, old } of HISTORY) {
    for (;;) {
      if (options.signal?.aborted) return deleted;
      const gone = await db.transaction(async (tx) => {
        // Finding old rows in a table of months of samples may take longer than a request may.
        await allowLongStatements(tx);
        const batch = tx.select({ id }).from(table).where(old(before)).limit(PURGE_BATCH);
        return tx.delete(table).where(inArray(id, batch)).returning({ id });
      });
      deleted += gone.length;
      if (gone.length < PURGE_BATCH) break;
    }
  }
  return deleted;
}

/** The daily purge (TELEMETRY_RETENTION_DAYS, 90 by default), run by any worker. */
export const purgeTelemetryJob = defineJob<Record<string, never>>({
  kind: 'telemetry.purge',
  expireInSeconds: 60 * 60,
  async handler(job) {
    const days = (job.config.telemetry ?? TELEMETRY_OFF).retentionDays;
    const deleted = await purgeTelemetry(job.db, days, { signal: job.signal });
    return { message: `${deleted} rows older than ${days} days deleted` };
  },
});

/** Arbitrary constant naming the purge scheduling among PostgreSQL advisory locks. */
const SCHEDULE_LOCK = 727_013;

/**
 * Queues the purge unless one was queued in the last day. Every API process calls it hourly; the lock
 * and the look at `background_jobs` make one purge a day whatever the number of processes, and a
 * process that starts after a long stop purges at once.
 */
export async function schedulePurge(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK})`);
    const recent = await tx.$count(
      backgroundJobs,
      and(eq(backgroundJobs.kind, purgeTelemetryJob.kind), gt(backgroundJobs.creationTime, isoNow(-DAY_MS))),
    );
    if (recent) return false;
    await enqueueJob(tx, purgeTelemetryJob, {});
    return true;
  });
}
