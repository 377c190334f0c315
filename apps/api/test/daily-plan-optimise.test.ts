import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CutPlan,
  cutPlanPageSchema,
  type DailyPlanDetail,
  dailyPlanDetailSchema,
  dailyPlanOptimiseAcceptedSchema,
  type DailyPlanOptimiseProgress,
  type DailyPlanOptimiseResult,
  type JobStatus,
  productResource,
  resourceItemSchema,
  scheduleFigures,
} from '@armature/domain';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';
import { openSse, type ReadEvent } from './helpers/sse-client.ts';
import { optimiseSearch } from '../src/modules/processing/daily-plan-optimise.job.ts';

type Headers = Record<string, string>;

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };
/** A Monday: the demo machines work two shifts Monday to Saturday. */
const FIRST_DAY = '2026-12-07';
/** The product searches 5 s; 2 s shows progress several times and keeps the file short. */
const SEARCH_MS = 2000;

describe.each(testDatabases())('the schedule optimiser as a background job on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  const inject = injectorFor(ctx);
  let planner: Headers;
  let other: Headers;
  let demoPlan: CutPlan;
  let address: string;
  const productSearch = optimiseSearch.timeLimitMs;

  beforeAll(async () => {
    optimiseSearch.timeLimitMs = SEARCH_MS;
    const admin = { ...(await loginAs(ctx.app, 'admin')) };
    planner = { ...(await loginAs(ctx.app, 'planner')) };
    other = { ...(await loginAs(ctx.app, 'admin')) };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    await selectProduct(
      ctx.app,
      planner,
      products.find((product) => product.code === 'LINE1')!,
    );
    await selectProduct(
      ctx.app,
      other,
      products.find((product) => product.code === 'LINE2')!,
    );
    const plans = answerOf(await inject('GET', 'cutPlan?status=approved', planner), cutPlanPageSchema);
    demoPlan = plans.items[0]!;
    expect(demoPlan, 'the demo has an approved LINE1 cutting plan').toBeDefined();
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    optimiseSearch.timeLimitMs = productSearch;
  });

  async function draft() {
    const response = await inject('POST', 'dailyPlan', planner, {
      firstDay: FIRST_DAY,
      days: 5,
      cutPlanIds: [demoPlan.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, dailyPlanDetailSchema);
  }
  const detail = async (id: string) => answerOf(await inject('GET', `dailyPlan/${id}`, planner), dailyPlanDetailSchema);
  const remove = async (id: string) =>
    expect((await inject('DELETE', `dailyPlan/${id}`, planner)).statusCode).toBe(204);

  /** The schedule's events, past the snapshot (the previous optimisation's job). */
  async function follow(id: string) {
    const stream = await openSse(`${address}/api/dailyPlan/${id}/events`, planner);
    expect(stream.response.status).toBe(200);
    await stream.next((event) => event.event === 'job');
    return stream;
  }
  const jobEvent = (jobId: string, state: JobStatus['state']) => (event: ReadEvent) =>
    event.event === 'job' && (event.data as JobStatus).id === jobId && (event.data as JobStatus).state === state;
  const ofJob = (type: string, jobId: string) => (event: ReadEvent) =>
    event.event === type && (event.data as { jobId: string }).jobId === jobId;

  it('answers 202 at once, searches in the background with live progress, applies the result and tells before → after', async () => {
    const plan = await draft();
    expect(plan.optimiseJob).toBeNull();
    const stream = await follow(plan.id);
    try {
      const asked = await inject('POST', `dailyPlan/${plan.id}/optimise`, planner, {
        concurrencyStamp: plan.lastModificationTime,
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const { jobId } = answerOf(asked, dailyPlanOptimiseAcceptedSchema);

      // One search at a time per schedule.
      const twice = await inject('POST', `dailyPlan/${plan.id}/optimise`, planner);
      expect(twice.statusCode, twice.body).toBe(409);
      expect(twice.json()).toMatchObject({ error: { code: 'daily_plan_optimise_active' } });

      const progress = (await stream.next(ofJob('progress', jobId), 60_000)).data as DailyPlanOptimiseProgress;
      expect(progress.fraction).toBeGreaterThanOrEqual(0);
      expect(progress.fraction).toBeLessThanOrEqual(1);
      const result = (await stream.next(ofJob('result', jobId), 60_000)).data as DailyPlanOptimiseResult;
      await stream.next(jobEvent(jobId, 'succeeded'), 60_000);

      expect(result.before).toEqual(scheduleFigures(plan));
      expect(result.after.daysLate).toBeLessThanOrEqual(result.before.daysLate);
      expect(result.total).toBe(plan.jobs.length);
      const after = await detail(plan.id);
      expect(scheduleFigures(after)).toEqual(result.after);
      expect(after.evaluation.problems).toEqual([]);
      expect(after.unscheduled.length).toBeLessThanOrEqual(plan.unscheduled.length);
      expect(result.placed).toBe(after.jobs.length - after.unscheduled.length);
      expect(after.optimiseJob).toMatchObject({ id: jobId, state: 'succeeded', progress: 1 });
      expect(after.lastModificationTime).not.toBe(plan.lastModificationTime);
    } finally {
      await stream.close();
    }
    await remove(plan.id);
  });

  it('writes nothing when the draft changed while it searched; a stale stamp, another product and a bad body are refused', async () => {
    const plan = await draft();
    const stale = await inject('POST', `dailyPlan/${plan.id}/optimise`, planner, {
      concurrencyStamp: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'stale_update' } });
    expect((await inject('POST', `dailyPlan/${plan.id}/optimise`, other)).statusCode).toBe(404);
    const bad = await inject('POST', `dailyPlan/${plan.id}/optimise`, planner, { clearPins: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { details: { clearPins: expect.any(Array) } } });
    // The optimiser is no mode of the synchronous auto-schedule any more.
    const mode = await inject('POST', `dailyPlan/${plan.id}/auto-schedule`, planner, { mode: 'optimise' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json()).toMatchObject({ error: { details: { mode: expect.any(Array) } } });

    const stream = await follow(plan.id);
    // The planner lays the draft out again while the search runs (between its search and its write, so
    // whatever the machine's load): the search's result must not land on it.
    let listed: DailyPlanDetail | undefined;
    optimiseSearch.beforeApply = async () => {
      const response = await inject('POST', `dailyPlan/${plan.id}/auto-schedule`, planner, { clearPins: true });
      expect(response.statusCode, response.body).toBe(200);
      listed = answerOf(response, dailyPlanDetailSchema);
    };
    try {
      const asked = await inject('POST', `dailyPlan/${plan.id}/optimise`, planner);
      expect(asked.statusCode, asked.body).toBe(202);
      const { jobId } = answerOf(asked, dailyPlanOptimiseAcceptedSchema);
      const failed = (await stream.next(jobEvent(jobId, 'failed'), 60_000)).data as JobStatus;
      expect(failed.message).toContain('changed');
      expect(stream.events.some(ofJob('result', jobId))).toBe(false);
      const now = await detail(plan.id);
      expect(now.slots).toEqual(listed!.slots);
      expect(now.lastModificationTime).toBe(listed!.lastModificationTime);
    } finally {
      optimiseSearch.beforeApply = null;
      await stream.close();
    }
    await remove(plan.id);
  });

  it('stopped, it applies the best schedule found so far', async () => {
    const plan = await draft();
    const stream = await follow(plan.id);
    try {
      const { jobId } = answerOf(
        await inject('POST', `dailyPlan/${plan.id}/optimise`, planner),
        dailyPlanOptimiseAcceptedSchema,
      );
      await stream.next(ofJob('progress', jobId), 60_000);
      const stopped = await inject('POST', `dailyPlan/${plan.id}/cancel-optimise`, planner);
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json()).toEqual({ cancelled: true });
      const result = (await stream.next(ofJob('result', jobId), 60_000)).data as DailyPlanOptimiseResult;
      expect(result.after.daysLate).toBeLessThanOrEqual(result.before.daysLate);
      const after = await detail(plan.id);
      expect(scheduleFigures(after)).toEqual(result.after);
      expect(after.optimiseJob).toMatchObject({ id: jobId, state: 'cancelled' });
      // Nothing runs any more: nothing to stop.
      expect((await inject('POST', `dailyPlan/${plan.id}/cancel-optimise`, planner)).json()).toEqual({
        cancelled: false,
      });
    } finally {
      await stream.close();
    }
    await remove(plan.id);
  });
});
