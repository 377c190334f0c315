import type { Config } from '../../config/env.ts';
import type { Db } from '../db/client.ts';

/** Why a running job's signal was aborted. */
export type JobAbortReason =
  /** `cancelJob`: stop soon, keeping what is worth keeping (the best plan so far); the job stays cancelled. */
  | 'cancelled'
  /** The attempt ran past `expireInSeconds`: it fails (and is retried while retries are left). */
  | 'expired'
  /** This worker is shutting down: return soon; the job is queued again for another worker. */
  | 'shutdown';

export type JobLogger = {
  info: (object: object, message?: string) => void;
  warn: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

/** What a handler gets: its job, the database, and ways to report. */
export type JobContext<TData> = {
  id: string;
  kind: string;
  data: TData;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  /** The job's live-event channel (`cutPlan:<id>`), null when it has none. */
  channel: string | null;
  db: Db;
  config: Config;
  log: JobLogger;
  /** Aborted on cancel, expiry or shutdown; `signal.reason` is a `JobAbortReason`. */
  signal: AbortSignal;
  /**
   * Stores the progress (0…1, or null when unknown) and message on the job's row and publishes the
   * job's state on its channel. Resolves false when the job is no longer this attempt's to run
   * (cancelled, or expired and retried elsewhere): the handler should stop; `signal` is aborted too.
   * Call it at most a few times a second.
   */
  progress: (progress: number | null, message?: string | null) => Promise<boolean>;
  /** Publishes an event of this type on the job's channel (nothing when it has none). */
  publish: (type: string, data: unknown) => Promise<void>;
};

/** A handler's result: an optional message kept on the succeeded job. */
export type JobOutcome = { message?: string } | void;

export type JobDefinition<TData = unknown> = {
  /** The job kind and its pg-boss queue: `<area>.<what>` (`cutPlan.optimize`). */
  kind: string;
  // Method syntax: a definition of any data type is then a JobDefinition<unknown> in lists.
  /** Checks the stored data before the handler sees it (a zod schema's `parse`); stored as given without. */
  parse?(data: unknown): TData;
  handler(job: JobContext<TData>): Promise<JobOutcome>;
  /**
   * How long one attempt may run (default 15 minutes). Past it the attempt fails; a worker killed
   * mid-job is noticed this long after the attempt started (plus the maintenance interval).
   */
  expireInSeconds?: number;
  /** Retries after a failed attempt (default 2): a thrown error, an expiry, a worker stopped or killed. */
  retryLimit?: number;
  /** Seconds before a retry (default 5). */
  retryDelaySeconds?: number;
  /** How many jobs of this kind one worker process runs at once (default 1). */
  concurrency?: number;
};

/** Any job kind, whatever its data (what `Area.jobs` and the runtime hold). */
export type AnyJobDefinition = JobDefinition<unknown>;

/** A failure no retry will fix (the data changed under the job): the job fails at once with this message. */
export class JobFailure extends Error {}

export const DEFAULT_EXPIRE_SECONDS = 15 * 60;
export const DEFAULT_RETRY_LIMIT = 2;
export const DEFAULT_RETRY_DELAY_SECONDS = 5;

const KIND_PATTERN = /^[A-Za-z][\w.-]{0,99}$/;

/** Declares a job kind; an area lists its kinds in its `Area.jobs` so every worker process knows them. */
export function defineJob<TData>(definition: JobDefinition<TData>): JobDefinition<TData> {
  if (!KIND_PATTERN.test(definition.kind)) throw new Error(`invalid job kind: ${definition.kind}`);
  return definition;
}
