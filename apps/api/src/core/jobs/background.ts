import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Config } from '../../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { EventBus, type EventSource } from '../events/event-bus.ts';
import type { AnyJobDefinition, JobLogger } from './job-definition.ts';
import { JobRuntime, type JobRuntimeTuning } from './job-runtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runtime; null in an app built without background services (most tests). */
    jobs: JobRuntime | null;
  }
}

/** A database handle as `openPglite` / `openPostgres` return it, with its raw connection. */
export type RawDatabaseHandle = DatabaseHandle & ({ client: PGlite } | { pool: pg.Pool });

export type BackgroundOptions = {
  handle: RawDatabaseHandle;
  config: Config;
  log: JobLogger;
  definitions: readonly AnyJobDefinition[];
  /** `inline` (default): this process runs jobs too; `off`: it only enqueues, cancels and reads them. */
  worker?: Config['worker'];
  tuning?: JobRuntimeTuning;
};

export type Background = { events: EventBus; jobs: JobRuntime; stop: () => Promise<void> };

function sourceOf(handle: RawDatabaseHandle): EventSource {
  if ('client' in handle) return { kind: 'pglite', client: handle.client };
  const connectionString = (handle.pool.options as { connectionString?: string }).connectionString;
  if (!connectionString) throw new Error('background services need the PostgreSQL connection string');
  return { kind: 'postgres', connectionString };
}

/**
 * The live-event bus (one LISTEN connection) and the job runtime (pg-boss) of one process, on the
 * application database: an API process (`npm start`, with a worker inside unless `WORKER=off`) or a
 * worker alone (`npm run worker`). `stop` ends open event streams, stops pg-boss (handlers are asked
 * to stop and their jobs requeued) and UNLISTENs.
 */
export async function startBackground(options: BackgroundOptions): Promise<Background> {
  const source = sourceOf(options.handle);
  const events = await EventBus.start(source, options.log);
  let jobs: JobRuntime;
  try {
    jobs = await JobRuntime.start({
      source,
      db: options.handle.db,
      config: options.config,
      log: options.log,
      events,
      definitions: options.definitions,
      work: (options.worker ?? 'inline') === 'inline',
      tuning: options.tuning,
    });
  } catch (error) {
    await events.stop();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      events.endStreams();
      try {
        await jobs.stop();
      } finally {
        await events.stop();
      }
    })());
  return { events, jobs, stop };
}

/**
 * Decorates the app with its background services (`app.events`, `app.jobs`; null without) and stops
 * them when the app closes: open event streams end before the HTTP server waits for its connections.
 */
export const backgroundPlugin = fp<{ background: Background | null }>(async (app, { background }) => {
  app.decorate('events', background?.events ?? null);
  app.decorate('jobs', background?.jobs ?? null);
  if (!background) return;
  app.addHook('preClose', async () => background.events.endStreams());
  app.addHook('onClose', async () => background.stop());
});
