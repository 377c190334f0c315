import { type JobStatus, jobStatusSchema } from '@armature/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { EventTooLargeError, publishEvent } from '../src/core/events/event-bus.ts';
import { startBackground, type Background } from '../src/core/jobs/background.ts';
import { loginAs } from './helpers/auth.ts';
import { openSse, until, type ReadEvent } from './helpers/sse-client.ts';
import { testConfig, testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf } from './helpers/inject.ts';
import {
  echoJob,
  fragileJob,
  handoffJob,
  testJobRoutes,
  testRuns,
  type TestJobData,
  enqueuedSchema,
} from './helpers/test-jobs.ts';

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 5000 };
let tagCounter = 0;
const newTag = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${tagCounter++}`;
const isFinal = (job: JobStatus | undefined) => ['succeeded', 'failed', 'cancelled'].includes(job?.state ?? '');

describe('configuration', () => {
  it('takes WORKER=inline (the default) or off, and refuses anything else', () => {
    expect(parseEnv({}).WORKER).toBe('inline');
    expect(parseEnv({ WORKER: 'off' }).WORKER).toBe('off');
    expect(() => parseEnv({ WORKER: 'sometimes' })).toThrow(/WORKER must be one of inline, off/);
  });
});

describe.each(testDatabases())('background jobs on %s', (kind) => {
  const ctx = useTestApp(kind, {
    background: { jobs: [echoJob, fragileJob], tuning },
    extraRoutes: testJobRoutes,
  });
  let auth: { authorization: string };
  beforeAll(async () => {
    auth = await loginAs(ctx.app, 'admin');
  });

  const enqueue = async (
    data: TestJobData,
    options: { kind?: string; channel?: string; rollback?: boolean; expireInSeconds?: number } = {},
  ) => ctx.app.inject({ method: 'POST', url: '/api/test-jobs', headers: auth, payload: { ...options, data } });
  const read = async (id: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/test-jobs/${id}`, headers: auth });
    return answerOf(response, jobStatusSchema);
  };
  const finished = (id: string) => until(() => read(id), isFinal);

  it('runs an enqueued job and keeps its state, progress and message in the database', async () => {
    const tag = newTag('run');
    const response = await enqueue({ tag, steps: 3 });
    expect(response.statusCode).toBe(202);
    const { jobId } = answerOf(response, enqueuedSchema);
    const job = await finished(jobId);
    expect(job).toMatchObject({ id: jobId, kind: 'test.echo', state: 'succeeded', progress: 1, attempt: 1 });
    expect(job.message).toBe(`done ${tag}`);
    expect(job.startTime).not.toBeNull();
    expect(job.endTime).not.toBeNull();
    // The state is a row, not process memory: the database answers the same.
    const rows = await ctx.handle.db.execute(sql`select state, progress from background_jobs where id = ${jobId}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ state: 'succeeded', progress: 1 }]);
  });

  it('never runs a job enqueued by a write that rolled back', async () => {
    const rolledBack = newTag('rolled-back');
    expect((await enqueue({ tag: rolledBack }, { rollback: true })).statusCode).toBe(400);
    // A job enqueued afterwards on the same queue runs: the worker has looked at the queue since.
    const after = await enqueue({ tag: newTag('after') });
    await finished(answerOf(after, enqueuedSchema).jobId);
    expect(testRuns.some((run) => run.tag === rolledBack)).toBe(false);
    const boss = await ctx.handle.db.execute(sql`select id from pgboss.job where data->>'tag' = ${rolledBack}`);
    expect((boss as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('retries a failed attempt, fails for good once the retries are spent, and at once on a JobFailure', async () => {
    const retried = await enqueue({ tag: newTag('retried'), failUntilAttempt: 1 });
    const spent = await enqueue({ tag: newTag('spent'), failUntilAttempt: 9 });
    const permanent = await enqueue({ tag: newTag('permanent'), permanent: true });
    expect(await finished(answerOf(retried, enqueuedSchema).jobId)).toMatchObject({ state: 'succeeded', attempt: 2 });
    expect(await finished(answerOf(spent, enqueuedSchema).jobId)).toMatchObject({
      state: 'failed',
      attempt: 3,
      message: 'boom on attempt 3',
    });
    expect(await finished(answerOf(permanent, enqueuedSchema).jobId)).toMatchObject({
      state: 'failed',
      attempt: 1,
      message: 'the orders changed meanwhile',
    });
  });

  it('stops an attempt past its time limit (given at enqueue) and retries it', async () => {
    const tag = newTag('expired');
    const { jobId } = answerOf(await enqueue({ tag, hangOnAttempt: 1 }, { expireInSeconds: 1 }), enqueuedSchema);
    expect(await finished(jobId)).toMatchObject({ state: 'succeeded', attempt: 2, message: `done ${tag}` });
    // The expired attempt's handler learns of its abort on its own time: on a loaded machine the retry may
    // finish first, so wait for both attempts to have ended.
    const ended = await until(
      async () => testRuns.filter((run) => run.tag === tag).map((run) => run.ended),
      (runs) => runs.length === 2 && runs.every((run) => run !== undefined),
    );
    expect(ended).toEqual(['expired', 'returned']);
  });

  it('cancels a running job: the handler is told, the job stays cancelled', async () => {
    const tag = newTag('cancel');
    const { jobId } = answerOf(await enqueue({ tag, hangOnAttempt: 1 }), enqueuedSchema);
    expect(
      await until(
        () => read(jobId),
        (job) => job.state === 'running' && job.progress === 0.25,
      ),
    ).toMatchObject({
      message: 'waiting',
    });
    const cancel = await ctx.app.inject({ method: 'POST', url: `/api/test-jobs/${jobId}/cancel`, headers: auth });
    expect(cancel.json()).toEqual({ cancelled: true });
    await until(
      async () => testRuns.find((run) => run.tag === tag)?.ended,
      (ended) => ended !== undefined,
    );
    expect(testRuns.find((run) => run.tag === tag)?.ended).toBe('cancelled');
    // The handler returned normally after the cancel: the job is still cancelled, not succeeded.
    expect(await read(jobId)).toMatchObject({ state: 'cancelled', progress: 0.25 });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/test-jobs/${jobId}/cancel`, headers: auth })).json(),
    ).toEqual({ cancelled: false });
  });

  it('gives a job stopped with its worker to another worker', async () => {
    // Two more workers on the same database, the only ones knowing the handoff kind.
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const start = () =>
      startBackground({
        handle: ctx.handle,
        config: testConfig,
        log,
        definitions: [handoffJob],
        worker: 'inline',
        tuning,
      });
    const first: Background = await start();
    let second: Background | undefined;
    try {
      const tag = newTag('handoff');
      const { jobId } = answerOf(await enqueue({ tag, hangOnAttempt: 1 }, { kind: 'test.handoff' }), enqueuedSchema);
      // Waits for the handler itself: pg-boss marks the job active (read as running) as soon as it hands
      // it out, a moment before the runtime starts the handler (CI saw runningCount 0 in that moment).
      await until(
        () => read(jobId),
        (job) => job.state === 'running' && job.progress === 0.25,
      );
      expect(first.jobs.runningCount).toBe(1);
      // Stopped mid-job (SIGTERM, app.close()): the handler is asked to stop, the job goes back to the queue.
      await first.stop();
      expect(testRuns.find((run) => run.tag === tag)?.ended).toBe('shutdown');
      expect(await read(jobId)).toMatchObject({
        state: 'queued',
        message: 'attempt 1 stopped (the worker shut down); retrying',
      });
      second = await start();
      expect(await finished(jobId)).toMatchObject({ state: 'succeeded', attempt: 2, message: `done ${tag}` });
    } finally {
      await first.stop();
      await second?.stop();
    }
  });

  describe('live events', () => {
    let base: string;
    beforeAll(async () => {
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('streams a job from queued to succeeded over SSE, then ends and unsubscribes', async () => {
      const channel = `test:${newTag('sse')}`;
      const subscribed = ctx.app.events?.subscriptionCount;
      const stream = await openSse(`${base}/api/test-jobs/events?channel=${channel}`, auth);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.response.headers.get('content-encoding')).toBeNull();
      // Helmet's headers and the request id survive the hijacked response.
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.response.headers.get('x-request-id')).toBeTruthy();
      await stream.next((event) => event.event === 'ready');
      expect(ctx.app.events?.subscriptionCount).toBe(subscribed! + 1);

      const { jobId } = answerOf(await enqueue({ tag: newTag('sse'), steps: 2 }, { channel }), enqueuedSchema);
      const jobEvent = (state: string) => (event: ReadEvent) =>
        event.event === 'job' && (event.data as JobStatus).id === jobId && (event.data as JobStatus).state === state;
      await stream.next(jobEvent('queued'));
      const ran = await stream.next((event) => event.event === 'ran');
      expect(ran.data).toMatchObject({ attempt: 1, pid: process.pid });
      expect(
        (await stream.next((event) => event.event === 'job' && (event.data as JobStatus).progress === 0.5)).id,
      ).toMatch(/^[0-9a-z]+-[0-9a-f]{8}$/);
      expect((await stream.next(jobEvent('succeeded'))).data).toMatchObject({ progress: 1, attempt: 1 });
      await stream.ended();
      await until(
        async () => ctx.app.events?.subscriptionCount,
        (count) => count === subscribed,
      );
    });

    it('sends heartbeats, and unsubscribes when the browser goes away', async () => {
      const subscribed = ctx.app.events?.subscriptionCount;
      const stream = await openSse(`${base}/api/test-jobs/events?channel=test:idle`, {
        ...auth,
        'last-event-id': 'abc-123',
      });
      expect((await stream.next((event) => event.event === 'ready')).data).toMatchObject({ lastEventId: 'abc-123' });
      await until(
        async () => stream.comments,
        (comments) => comments >= 2,
      );
      expect(ctx.app.events?.subscriptionCount).toBe(subscribed! + 1);
      await stream.close();
      await until(
        async () => ctx.app.events?.subscriptionCount,
        (count) => count === subscribed,
      );
    });

    it('answers 401 without a token, before streaming anything', async () => {
      const response = await fetch(`${base}/api/test-jobs/events?channel=test:x`);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/json');
    });

    it('refuses an event over the NOTIFY limit (publish a pointer instead)', async () => {
      await expect(publishEvent(ctx.handle.db, 'test:big', 'big', { text: 'x'.repeat(8000) })).rejects.toBeInstanceOf(
        EventTooLargeError,
      );
    });
  });
});
