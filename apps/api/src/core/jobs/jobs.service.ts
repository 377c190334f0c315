import { randomUUID } from 'node:crypto';
import type { JobState, JobStatus } from '@armature/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { integer, jsonb, pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { isoNow, toIso } from '../db/time.ts';
import { publishEvent } from '../events/event-bus.ts';
import { AppError } from '../http/app-error.ts';
import { BOSS_SCHEMA, bossStatements, drizzleBossDb } from './boss-db.ts';
import {
  DEFAULT_EXPIRE_SECONDS,
  DEFAULT_RETRY_DELAY_SECONDS,
  DEFAULT_RETRY_LIMIT,
  type JobDefinition,
} from './job-definition.ts';
import { backgroundJobs } from './jobs.table.ts';

/** The internal channel of the job runtimes: a job was enqueued (wake the workers), or cancelled. */
export const JOBS_CHANNEL = 'armature.jobs';
/** The live event carrying a job's `JobStatus` on the job's own channel. */
export const JOB_EVENT = 'job';

const MAX_MESSAGE_LENGTH = 2000;

/** pg-boss's job table, read (never written) to tell what became of a job whose worker is gone. */
const bossJobs = pgSchema(BOSS_SCHEMA).table('job', {
  id: uuid().notNull(),
  name: text().notNull(),
  state: text().notNull(),
  retryCount: integer().notNull(),
  retryLimit: integer().notNull(),
  output: jsonb(),
});

type JobRow = typeof backgroundJobs.$inferSelect;
type BossRow = { state: string; retryCount: number; retryLimit: number; output: unknown };

export function clipMessage(message: string | null | undefined): string | null {
  if (message === null || message === undefined || message === '') return null;
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message;
}

export function statusOf(row: JobRow): JobStatus {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state as JobState,
    progress: row.progress,
    message: row.message,
    attempt: row.attempt,
    creationTime: toIso(row.creationTime),
    startTime: toIso(row.startTime),
    endTime: toIso(row.endTime),
  };
}

export type EnqueueOptions = {
  /** Where the job's state changes are published (`cutPlan:<id>`); SSE routes follow it. */
  channel?: string;
  /** Who asked for it (`request.principal.userId`). */
  creatorId?: string;
  /**
   * This job's time limit per attempt, instead of its kind's `expireInSeconds` (a run whose length the
   * caller knows: a killed worker's job is retried this long after the attempt started, not later).
   */
  expireInSeconds?: number;
};

/**
 * Whether the database has the kind's queue. The background services make pg-boss's schema and queues
 * when they start, so a database only ever used by a process without them (a test app) has none.
 */
async function hasQueue(tx: Tx, kind: string): Promise<boolean> {
  const schema = (await tx.execute(sql`select to_regclass(${`${BOSS_SCHEMA}.queue`})::text as queues`)) as unknown as {
    rows: { queues: string | null }[];
  };
  if (!schema.rows[0]?.queues) return false;
  const queue = (await tx.execute(
    sql`select 1 as found from ${sql.identifier(BOSS_SCHEMA)}.queue where name = ${kind}`,
  )) as unknown as { rows: unknown[] };
  return queue.rows.length > 0;
}

/**
 * Queues a job in the caller's transaction: pass the write's `tx` (`runWrite(request, reply, (tx) => …)`).
 * The pg-boss job, its `background_jobs` row and the wake-up of the workers are written in that
 * transaction, so a write that rolls back leaves no job behind and no worker ever sees one; a job is
 * visible to workers from the moment the write commits. Given the database instead of a transaction,
 * the three are written in a transaction of their own. Returns the job id.
 *
 * The kind must be known to the background services (listed in an `Area.jobs`): they create its queue.
 * Without it (a database no background services ever started on) the request is refused with 503
 * `jobs_unavailable`.
 */
export async function enqueueJob<TData>(
  db: Db | Tx,
  definition: JobDefinition<TData>,
  data: TData,
  options: EnqueueOptions = {},
): Promise<string> {
  const id = randomUUID();
  return db.transaction(async (tx) => {
    // Refused after the caller's own checks (a missing record is still 404) and before anything is
    // queued; the caller's transaction rolls back, so its write is not left half-done.
    if (!(await hasQueue(tx, definition.kind))) throw new AppError('jobs_unavailable');
    const sent = await bossStatements.send(definition.kind, (data ?? null) as object, {
      id,
      db: drizzleBossDb(tx),
      retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
      expireInSeconds: Math.ceil(options.expireInSeconds ?? definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS),
    });
    if (sent !== id)
      throw new Error(
        `job kind ${definition.kind} has no queue: list it in its area's jobs so the background services create it`,
      );
    const [row] = await tx
      .insert(backgroundJobs)
      .values({
        id,
        kind: definition.kind,
        channel: options.channel ?? null,
        state: 'queued',
        creatorId: options.creatorId ?? null,
        creationTime: isoNow(),
      })
      .returning();
    if (options.channel && row) await publishEvent(tx, options.channel, JOB_EVENT, statusOf(row));
    await publishEvent(tx, JOBS_CHANNEL, 'enqueued', { kind: definition.kind });
    return id;
  });
}

/**
 * Cancels a queued or running job: it is `cancelled` at once (in the caller's transaction), a queued
 * one never starts, and a running one's handler sees its signal aborted (reason `cancelled`) and
 * should stop soon, keeping what it found. False when the job is unknown or already over.
 */
export async function cancelJob(db: Db | Tx, jobId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(backgroundJobs)
      .set({ state: 'cancelled', endTime: isoNow(), lastModificationTime: isoNow() })
      .where(and(eq(backgroundJobs.id, jobId), inArray(backgroundJobs.state, ['queued', 'running'])))
      .returning();
    if (!row) return false;
    await bossStatements.cancel(row.kind, jobId, { db: drizzleBossDb(tx) });
    if (row.channel) await publishEvent(tx, row.channel, JOB_EVENT, statusOf(row));
    await publishEvent(tx, JOBS_CHANNEL, 'cancel', { id: jobId });
    return true;
  });
}

function bossMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const value = 'value' in output && output.value && typeof output.value === 'object' ? output.value : output;
  return 'message' in value && typeof value.message === 'string' ? value.message : null;
}

/** What pg-boss's own failure messages mean to a reader. */
function explainBossMessage(message: string | null): string | null {
  if (message === 'job failed by timeout in active state')
    return 'the worker stopped answering (killed, or past its time limit)';
  // Either pg-boss noticed the shutdown, or the handler's own "stopped: shutdown" reached pg-boss before
  // the runtime wrote its row (a race a loaded machine shows).
  if (message === 'pg-boss shut down while active' || message === 'stopped: shutdown') return 'the worker shut down';
  if (message?.startsWith('handler execution exceeded')) return 'the attempt ran past its time limit';
  return message;
}

/**
 * A job's state, taking pg-boss's word for what happened while no handler could write (a worker killed
 * mid-job is failed by pg-boss's maintenance once its attempt expires, then retried or failed for good).
 * Final states written by a handler stand; a row pg-boss no longer knows while unfinished is failed.
 */
export function resolveJob(row: JobRow, boss: BossRow | null): JobRow {
  const state = row.state as JobState;
  if (state !== 'queued' && state !== 'running') return row;
  if (!boss) return { ...row, state: 'failed', message: row.message ?? 'the job queue no longer knows this job' };
  const reason = explainBossMessage(bossMessage(boss.output));
  switch (boss.state) {
    case 'created':
      return row;
    case 'retry':
      return state === 'running'
        ? { ...row, state: 'queued', message: `attempt ${row.attempt} stopped (${reason ?? 'failed'}); retrying` }
        : row;
    case 'active':
      return { ...row, state: 'running' };
    case 'completed':
      return { ...row, state: 'succeeded', progress: 1 };
    case 'cancelled':
      return { ...row, state: 'cancelled' };
    default:
      return { ...row, state: 'failed', message: state === 'running' ? reason : (row.message ?? reason) };
  }
}

async function withBossRows(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      job: backgroundJobs,
      boss: {
        id: bossJobs.id,
        state: bossJobs.state,
        retryCount: bossJobs.retryCount,
        retryLimit: bossJobs.retryLimit,
        output: bossJobs.output,
      },
    })
    .from(backgroundJobs)
    .leftJoin(bossJobs, and(eq(bossJobs.name, backgroundJobs.kind), eq(bossJobs.id, backgroundJobs.id)))
    .where(where);
}

/** A job's state, progress and message, from any process; null for an unknown id. */
export async function readJob(db: Db | Tx, jobId: string): Promise<JobStatus | null> {
  const [found] = await withBossRows(db, eq(backgroundJobs.id, jobId));
  if (!found) return null;
  return statusOf(resolveJob(found.job, found.boss?.id ? found.boss : null));
}

/**
 * Writes down what pg-boss decided for unfinished jobs whose worker could not (expired, retried or
 * failed by maintenance) and publishes their new state. Run by the job runtimes after each
 * maintenance and at start; `readJob` gives the same answer in between.
 */
export async function reconcileJobs(db: Db): Promise<number> {
  const candidates = await withBossRows(db, inArray(backgroundJobs.state, ['queued', 'running']));
  let changed = 0;
  for (const { job, boss } of candidates) {
    const resolved = resolveJob(job, boss?.id ? boss : null);
    if (resolved.state === job.state && resolved.message === job.message) continue;
    const final = resolved.state !== 'queued' && resolved.state !== 'running';
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(backgroundJobs)
        .set({
          state: resolved.state,
          message: clipMessage(resolved.message),
          progress: resolved.progress,
          endTime: final ? isoNow() : null,
          lastModificationTime: isoNow(),
        })
        .where(
          and(
            eq(backgroundJobs.id, job.id),
            eq(backgroundJobs.state, job.state),
            eq(backgroundJobs.attempt, job.attempt),
          ),
        )
        .returning();
      if (!row) return;
      changed++;
      if (row.channel) await publishEvent(tx, row.channel, JOB_EVENT, statusOf(row));
    });
  }
  return changed;
}
