import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../src/core/auth/access.plugin.ts';
import { openEventStream } from '../../src/core/events/sse.ts';
import { AppError } from '../../src/core/http/app-error.ts';
import { runWrite } from '../../src/core/http/idempotency.plugin.ts';
import { defineJob, JobFailure, type JobAbortReason } from '../../src/core/jobs/job-definition.ts';
import { cancelJob, enqueueJob, JOB_EVENT, readJob } from '../../src/core/jobs/jobs.service.ts';

/** What a test job does, from its data. */
export type TestJobData = {
  tag: string;
  /** Progress reports before finishing. */
  steps?: number;
  /** On this attempt, report once then wait until the signal is aborted (cancel, shutdown, expiry). */
  hangOnAttempt?: number;
  /** Attempts up to this one throw. */
  failUntilAttempt?: number;
  /** Fails at once with a JobFailure (no retry). */
  permanent?: boolean;
};

/** Every attempt this process ran, in order (tests in the same process read it). */
export const testRuns: { tag: string; attempt: number; ended?: JobAbortReason | 'returned' | 'threw' }[] = [];

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

function testJob(kind: string, expireInSeconds: number) {
  return defineJob<TestJobData>({
    kind,
    expireInSeconds,
    retryLimit: 2,
    retryDelaySeconds: 0,
    parse: (data) => data as TestJobData,
    async handler(job) {
      const run: (typeof testRuns)[number] = { tag: job.data.tag, attempt: job.attempt };
      testRuns.push(run);
      await job.publish('ran', { tag: job.data.tag, attempt: job.attempt, pid: process.pid });
      try {
        if (job.data.hangOnAttempt === job.attempt) {
          await job.progress(0.25, 'waiting');
          await untilAborted(job.signal);
          run.ended = job.signal.reason as JobAbortReason;
          return { message: 'kept what it had' };
        }
        const steps = job.data.steps ?? 1;
        for (let step = 1; step <= steps; step++) await job.progress(step / steps, `step ${step} of ${steps}`);
        if ((job.data.failUntilAttempt ?? 0) >= job.attempt) throw new Error(`boom on attempt ${job.attempt}`);
        if (job.data.permanent) throw new JobFailure('the orders changed meanwhile');
        run.ended = 'returned';
        return { message: `done ${job.data.tag}` };
      } catch (error) {
        run.ended = 'threw';
        throw error;
      }
    },
  });
}

/** A test-only job kind with a long time limit, and one that expires fast (a killed worker's job). */
export const echoJob = testJob('test.echo', 60);
export const fragileJob = testJob('test.fragile', 3);
/** Known only to the extra workers a test starts itself (the app's own worker never takes it). */
export const handoffJob = testJob('test.handoff', 60);

export const TEST_JOBS = [echoJob, fragileJob, handoffJob];
const byKind = new Map(TEST_JOBS.map((job) => [job.kind, job]));

const enqueueBody = z.object({
  kind: z.string().default(echoJob.kind),
  channel: z.string().optional(),
  /** The write fails after enqueueing: its transaction rolls back. */
  rollback: z.boolean().default(false),
  expireInSeconds: z.number().int().optional(),
  data: z.object({
    tag: z.string(),
    steps: z.number().int().optional(),
    hangOnAttempt: z.number().int().optional(),
    failUntilAttempt: z.number().int().optional(),
    permanent: z.boolean().optional(),
  }),
});

/** `POST /api/test-jobs`'s answer (202): the enqueued job and the process that enqueued it. */
export const enqueuedSchema = z.object({ jobId: z.uuid(), pid: z.number().int() });

/**
 * Test routes over the job API, as an area would write them: enqueue in the write's transaction, read,
 * cancel, and follow a channel by SSE (any signed-in user; a real area checks the record's scope first).
 */
export const testJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-jobs',
    { config: { access: 'authenticated' }, schema: { body: enqueueBody } },
    async (request, reply) => {
      const { kind, channel, rollback, expireInSeconds, data } = request.body;
      const definition = byKind.get(kind);
      if (!definition) throw new AppError('not_found');
      reply.code(202);
      return runWrite(request, reply, async (tx) => {
        const jobId = await enqueueJob(tx, definition, data, {
          channel,
          creatorId: requirePrincipal(request).userId,
          expireInSeconds,
        });
        if (rollback) throw new AppError('bad_request');
        return { jobId, pid: process.pid };
      });
    },
  );

  app.get(
    '/test-jobs/:id',
    { config: { access: 'authenticated' }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request) => {
      const job = await readJob(app.db, request.params.id);
      if (!job) throw new AppError('not_found');
      return job;
    },
  );

  app.post(
    '/test-jobs/:id/cancel',
    { config: { access: 'authenticated' }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => ({ cancelled: await cancelJob(tx, request.params.id) })),
  );

  app.get(
    '/test-jobs/events',
    { config: { access: 'authenticated' }, schema: { querystring: z.object({ channel: z.string() }) } },
    async (request, reply) =>
      openEventStream(request, reply, {
        channels: [request.query.channel],
        snapshot: async (lastEventId) => [
          { event: 'ready', data: { pid: process.pid, lastEventId: lastEventId ?? null } },
        ],
        heartbeatMs: 200,
        endAfter: (event) =>
          event.type === JOB_EVENT &&
          ['succeeded', 'failed', 'cancelled'].includes((event.data as { state: string }).state),
      }),
  );
};
