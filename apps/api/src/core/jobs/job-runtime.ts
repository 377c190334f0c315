import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Config } from '../../config/env.ts';
import type { Db } from '../db/client.ts';
import { isoNow } from '../db/time.ts';
import { publishEvent, type EventBus, type EventSource } from '../events/event-bus.ts';
import { BOSS_SCHEMA, pgliteBossDb, postgresBossDb, withoutUnhandledRejections } from './boss-db.ts';
import {
  DEFAULT_EXPIRE_SECONDS,
  JobFailure,
  type JobAbortReason,
  type JobContext,
  type AnyJobDefinition,
  type JobLogger,
} from './job-definition.ts';
import { clipMessage, JOB_EVENT, JOBS_CHANNEL, reconcileJobs, statusOf } from './jobs.service.ts';
import { backgroundJobs } from './jobs.table.ts';

export type JobRuntimeTuning = {
  /** How often an idle worker looks for jobs (seconds, ≥ 0.5; default 2). Enqueueing also wakes it at once. */
  pollingIntervalSeconds?: number;
  /**
   * How often expired attempts are failed and retried, across all processes (seconds, ≥ 1; default
   * `MAINTENANCE_INTERVAL_SECONDS`): a killed worker's job is retried at most this long after it expired.
   */
  maintenanceIntervalSeconds?: number;
  /** How long a stopping worker waits for its handlers to return after aborting them (default 10 s). */
  shutdownTimeoutMs?: number;
};

export type JobRuntimeOptions = {
  source: EventSource;
  db: Db;
  config: Config;
  log: JobLogger;
  events: EventBus;
  definitions: readonly AnyJobDefinition[];
  /** Run the jobs in this process (a worker), or only create the queues and enqueue (`WORKER=off`). */
  work: boolean;
  tuning?: JobRuntimeTuning;
};

type Running = { controller: AbortController };

/**
 * pg-boss's maintenance (expiring the attempts of dead workers, archiving) runs once per this interval
 * in the whole group of processes, whichever gets there first: cheap statements, so often enough that a
 * killed worker's job is taken up soon after its time limit.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 15;

/** While the database is unreachable every worker's poll fails: one log line per this, not one per poll. */
const QUEUE_ERROR_LOG_EVERY_MS = 30_000;

/** pg-boss's own pool on PostgreSQL: workers poll, maintenance runs; a few connections are plenty. */
const BOSS_POOL_SIZE = 4;

const QUEUE_CREATION_ATTEMPTS = 5;
/** Deadlock, unique violation, duplicate table or object: what two concurrent `create_queue` calls raise. */
const CREATION_RACE_CODES = new Set(['40P01', '23505', '42P07', '42710']);
const isCreationRace = (error: unknown) =>
  CREATION_RACE_CODES.has(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * The background-job machinery of one process: pg-boss started on the application database (its
 * schema created or migrated on first start), a queue per known job kind, and — in a worker — pg-boss
 * workers running the kinds' handlers. Job state is in the database (`background_jobs` and pg-boss's
 * tables), never here: this object only holds the handlers running in this process right now.
 */
export class JobRuntime {
  readonly #options: JobRuntimeOptions;
  readonly #boss: PgBoss;
  readonly #definitions = new Map<string, AnyJobDefinition>();
  readonly #workerIds = new Map<string, string[]>();
  readonly #running = new Map<string, Running>();
  #unsubscribe: () => void = () => {};
  #stopped = false;

  readonly #closeBossDb: () => Promise<void>;

  private constructor(options: JobRuntimeOptions, bossDb: PgBoss.Db, closeBossDb: () => Promise<void>) {
    this.#options = options;
    this.#closeBossDb = closeBossDb;
    for (const definition of options.definitions) {
      if (this.#definitions.has(definition.kind)) throw new Error(`job kind ${definition.kind} is defined twice`);
      this.#definitions.set(definition.kind, definition);
    }
    this.#boss = new PgBoss({
      db: bossDb,
      schema: BOSS_SCHEMA,
      // Cron schedules are not used; supervision (expiring attempts of dead workers) runs everywhere,
      // pg-boss letting one process at a time do it per interval.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.tuning?.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS,
    });
    // Never fatal: pg-boss keeps polling and maintaining, and takes up again when the database is back.
    let lastLogged = 0;
    let suppressed = 0;
    this.#boss.on('error', (error) => {
      if (Date.now() - lastLogged < QUEUE_ERROR_LOG_EVERY_MS) {
        suppressed++;
        return;
      }
      options.log.error({ err: error, suppressed }, 'job queue error');
      lastLogged = Date.now();
      suppressed = 0;
    });
    this.#boss.on('maintenance', () => {
      reconcileJobs(options.db).catch((error: unknown) =>
        options.log.warn({ err: error }, 'reconciling expired jobs failed'),
      );
    });
  }

  static async start(options: JobRuntimeOptions): Promise<JobRuntime> {
    const { source, log } = options;
    // PGlite: the same instance as the application's; PostgreSQL: a small pool of pg-boss's own.
    const base =
      source.kind === 'pglite'
        ? { db: pgliteBossDb(source.client), close: async () => {} }
        : (() => {
            const db = postgresBossDb(source.connectionString, BOSS_POOL_SIZE);
            return { db, close: db.close };
          })();
    const bossDb = await withoutUnhandledRejections(base.db, (error) =>
      log.warn({ err: error }, 'completing or failing a job failed; the attempt will expire and be retried'),
    );
    const runtime = new JobRuntime(options, bossDb, base.close);
    try {
      await runtime.#start();
    } catch (error) {
      await base.close();
      throw error;
    }
    return runtime;
  }

  get kinds(): string[] {
    return [...this.#definitions.keys()];
  }

  /** How many handlers run in this process now. */
  get runningCount(): number {
    return this.#running.size;
  }

  async #start() {
    const { events, work, tuning } = this.#options;
    await this.#boss.start();
    for (const kind of this.#definitions.keys()) await this.#ensureQueue(kind);
    this.#unsubscribe = events.subscribe(JOBS_CHANNEL, (event) => {
      const data = event.data as { kind?: string; id?: string };
      if (event.type === 'enqueued' && data.kind)
        for (const workerId of this.#workerIds.get(data.kind) ?? []) this.#boss.notifyWorker(workerId);
      if (event.type === 'cancel' && data.id) this.#running.get(data.id)?.controller.abort('cancelled');
    });
    if (work) {
      for (const definition of this.#definitions.values()) {
        const ids: string[] = [];
        for (let slot = 0; slot < (definition.concurrency ?? 1); slot++) {
          ids.push(
            await this.#boss.work(
              definition.kind,
              { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: tuning?.pollingIntervalSeconds ?? 2 },
              async ([job]) => (job ? this.#run(definition, job) : undefined),
            ),
          );
        }
        this.#workerIds.set(definition.kind, ids);
      }
    }
    await reconcileJobs(this.#options.db);
  }

  /**
   * Creates a kind's queue unless it exists. Processes starting together on a fresh database race to
   * create the same queue, and pg-boss's `create_queue` can deadlock (or collide) doing so: the loser
   * waits a moment and looks again, by then finding the winner's queue.
   */
  async #ensureQueue(kind: string) {
    for (let attempt = 1; ; attempt++) {
      if (await this.#boss.getQueue(kind)) return;
      try {
        await this.#boss.createQueue(kind);
        return;
      } catch (error) {
        if (attempt >= QUEUE_CREATION_ATTEMPTS || !isCreationRace(error)) throw error;
        await sleep(100 * attempt + Math.random() * 100);
      }
    }
  }

  async #publish(row: typeof backgroundJobs.$inferSelect | undefined) {
    if (row?.channel) await publishEvent(this.#options.db, row.channel, JOB_EVENT, statusOf(row));
  }

  /** One attempt of one job: the wrapper around a handler that keeps `background_jobs` true. */
  async #run(definition: AnyJobDefinition, job: PgBoss.JobWithMetadata<unknown>): Promise<object | undefined> {
    const { db, config, log } = this.#options;
    const attempt = job.retryCount + 1;
    // Counted as running in this process before its row says so: whoever reads the row may ask.
    const controller = new AbortController();
    this.#running.set(job.id, { controller });
    let started: typeof backgroundJobs.$inferSelect | undefined;
    try {
      [started] = await db
        .update(backgroundJobs)
        .set({
          state: 'running',
          attempt,
          progress: null,
          message: null,
          startTime: isoNow(),
          lastModificationTime: isoNow(),
        })
        .where(and(eq(backgroundJobs.id, job.id), inArray(backgroundJobs.state, ['queued', 'running'])))
        .returning();
    } finally {
      if (!started) this.#running.delete(job.id);
    }
    // Cancelled (or unknown) after pg-boss handed it out: nothing to run.
    if (!started) return undefined;

    // The job's own limit (its kind's, or the one given at enqueue), as pg-boss holds it.
    const expireInSeconds = Number(job.expireInSeconds) || definition.expireInSeconds || DEFAULT_EXPIRE_SECONDS;
    // pg-boss fails the attempt at the same moment; the handler is told to stop.
    const expiry = setTimeout(() => controller.abort('expired'), expireInSeconds * 1000);
    const mine = and(
      eq(backgroundJobs.id, job.id),
      eq(backgroundJobs.state, 'running'),
      eq(backgroundJobs.attempt, attempt),
    );
    const jobLog = {
      info: (object: object, message?: string) => log.info({ ...object, job: job.id, kind: job.name }, message),
      warn: (object: object, message?: string) => log.warn({ ...object, job: job.id, kind: job.name }, message),
      error: (object: object, message?: string) => log.error({ ...object, job: job.id, kind: job.name }, message),
    };

    const context: JobContext<unknown> = {
      id: job.id,
      kind: job.name,
      data: definition.parse ? definition.parse(job.data) : job.data,
      attempt,
      channel: started.channel,
      db,
      config,
      log: jobLog,
      signal: controller.signal,
      progress: async (progress, message) => {
        const [row] = await db
          .update(backgroundJobs)
          .set({
            progress: progress === null ? null : Math.min(1, Math.max(0, progress)),
            ...(message === undefined ? {} : { message: clipMessage(message) }),
            lastModificationTime: isoNow(),
          })
          .where(mine)
          .returning();
        if (!row) {
          const [now] = await db
            .select({ state: backgroundJobs.state })
            .from(backgroundJobs)
            .where(eq(backgroundJobs.id, job.id));
          controller.abort(now?.state === 'cancelled' ? 'cancelled' : 'expired');
          return false;
        }
        await this.#publish(row);
        return true;
      },
      publish: async (type, data) => {
        if (started.channel) await publishEvent(db, started.channel, type, data);
      },
    };

    const reason = () => (controller.signal.aborted ? (controller.signal.reason as JobAbortReason) : undefined);
    try {
      await this.#publish(started);
      const outcome = await definition.handler(context);
      if (reason() === 'cancelled') return undefined;
      if (reason()) throw new Error(`stopped: ${reason()}`);
      const [row] = await db
        .update(backgroundJobs)
        .set({
          state: 'succeeded',
          progress: 1,
          message: clipMessage(outcome?.message),
          endTime: isoNow(),
          lastModificationTime: isoNow(),
        })
        .where(mine)
        .returning();
      await this.#publish(row);
      return undefined;
    } catch (error) {
      // A cancelled job stays cancelled, whatever its handler did after.
      if (reason() === 'cancelled') return undefined;
      const permanent = error instanceof JobFailure;
      const retrying = !permanent && job.retryCount < job.retryLimit;
      const cause =
        reason() === 'shutdown'
          ? 'the worker shut down'
          : reason() === 'expired'
            ? `ran past its time limit (${expireInSeconds} s)`
            : error instanceof Error
              ? error.message
              : String(error);
      if (!permanent) jobLog.warn({ err: error, attempt, retrying }, 'job attempt failed');
      const [row] = await db
        .update(backgroundJobs)
        .set({
          state: retrying ? 'queued' : 'failed',
          message: clipMessage(retrying ? `attempt ${attempt} stopped (${cause}); retrying` : cause),
          endTime: retrying ? null : isoNow(),
          lastModificationTime: isoNow(),
        })
        .where(mine)
        .returning();
      await this.#publish(row);
      // A permanent failure completes the pg-boss job (no retry); the row says failed.
      if (permanent) return undefined;
      throw error;
    } finally {
      clearTimeout(expiry);
      this.#running.delete(job.id);
    }
  }

  /**
   * Stops taking jobs, tells running handlers to stop (reason `shutdown`) and waits for them: their
   * jobs go back to the queue for another worker (a retry). Then stops pg-boss (and its pool).
   */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#unsubscribe();
    for (const { controller } of this.#running.values()) controller.abort('shutdown');
    await this.#boss.stop({ graceful: true, wait: true, timeout: this.#options.tuning?.shutdownTimeoutMs ?? 10_000 });
    // pg-boss completes or fails the last jobs without awaiting: on PGlite a query queued behind them
    // returns once they are done, before the database can be closed; a pool waits for its queries.
    if (this.#options.source.kind === 'pglite') await this.#options.source.client.query('select 1');
    await this.#closeBossDb();
  }
}
