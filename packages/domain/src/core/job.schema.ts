import { z } from 'zod';

/**
 * A background job as the API shows it (an optimisation, a large import…): queued until a worker takes
 * it, running, then succeeded, failed (with a message) or cancelled. A job whose worker died is queued
 * again for a retry, or failed with a message once its retries are spent: never running forever.
 */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

/** The final states: nothing changes a job after one of them. */
export const FINAL_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];
export const isFinalJobState = (state: JobState) => FINAL_JOB_STATES.includes(state);

export const jobStatusSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  state: jobStateSchema,
  /** 0…1 while running when the job reports it, 1 once succeeded, else null. */
  progress: z.number().min(0).max(1).nullable(),
  message: z.string().nullable(),
  /** 1 for the first run, 2 for the first retry…; 0 while no worker has taken it. */
  attempt: z.number().int().min(0),
  creationTime: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;
