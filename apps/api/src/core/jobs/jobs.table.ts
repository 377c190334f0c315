import { doublePrecision, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * What a background job shows the people waiting for it: its state, progress and message, one row per
 * job, keyed by the pg-boss job id. pg-boss keeps the queue itself (schema `pgboss`: data, retries,
 * expiry); this row is written in the same transaction as the job (`enqueueJob`) and by whichever worker
 * runs it, so any API process reads the same answer (`readJob`), and it outlives pg-boss's archive.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    /** The pg-boss job id. */
    id: uuid().primaryKey(),
    /** The job kind, which is also its pg-boss queue (`cutPlan.optimize`). */
    kind: varchar({ length: 100 }).notNull(),
    /** Where its state changes are published as live events (`cutPlan:<id>`), if anywhere. */
    channel: varchar({ length: 200 }),
    /** `queued`, `running`, `succeeded`, `failed` or `cancelled`. */
    state: varchar({ length: 16 }).notNull(),
    /** 0…1 while running (null when the handler reports none), 1 once succeeded. */
    progress: doublePrecision(),
    message: text(),
    /** 1 for the first run, 2 for the first retry… (0 until a worker takes it). */
    attempt: integer().notNull().default(0),
    creatorId: uuid(),
    creationTime: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    startTime: timestamp({ withTimezone: true, mode: 'string' }),
    endTime: timestamp({ withTimezone: true, mode: 'string' }),
    lastModificationTime: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (table) => [
    index('background_jobs_state').on(table.state),
    // A resource's latest job is looked up by its channel (a schedule's optimisation).
    index('background_jobs_channel').on(table.channel),
  ],
);
