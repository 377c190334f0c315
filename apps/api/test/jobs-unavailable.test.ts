import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cutPlanPageSchema,
  dailyPlanDetailSchema,
  demandOrderDetailSchema,
  ERRORS,
  productResource,
  rebarResource,
  resourceItemSchema,
} from '@armature/domain';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { answerOf, errorOf, injectorFor } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

// An app built without background services (as most test files build theirs) has no job queues in its
// database: a request that would queue a job is refused with a clear 503 where it would queue it, its
// write rolled back, instead of a 500.
describe.each(testDatabases())('routes that start a job, in an app without background jobs, on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);
  let planner: { authorization: string };

  beforeAll(async () => {
    const admin = await loginAs(ctx.app, 'admin');
    planner = await loginAs(ctx.app, 'planner');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    await selectProduct(
      ctx.app,
      planner,
      products.find((product) => product.code === 'LINE1')!,
    );
  });

  const expectUnavailable = (response: Awaited<ReturnType<typeof inject>>, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
    expect(response.statusCode, response.body).toBe(503);
    expect(errorOf(response)).toMatchObject({
      code: 'jobs_unavailable',
      message: ERRORS.jobs_unavailable.message[locale],
    });
  };

  it('refuses a cutting plan draft of a confirmed order with 503 jobs_unavailable, writing no plan', async () => {
    const specs = answerOf(await inject('GET', 'rebar/all', planner), z.array(resourceItemSchema(rebarResource)));
    const spec = specs.find((each) => each.grade === 'HRB400E' && each.diameter === 12)!;
    const created = await inject('POST', 'demandOrder', planner, {
      project: 'No jobs',
      element: 'B1',
      customer: null,
      demandDate: '2026-12-01',
      priority: 'normal',
      remark: null,
      lines: [{ mark: 'M1', rebarId: spec.id, length: 3000, members: 1, barsPerMember: 4 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = answerOf(created, demandOrderDetailSchema);
    const confirmed = await inject('POST', `demandOrder/${order.id}/confirm`, planner);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const plans = async () => answerOf(await inject('GET', 'cutPlan', planner), cutPlanPageSchema).totalCount;
    const before = await plans();

    const draft = await inject(
      'POST',
      'cutPlan',
      { ...planner, 'accept-language': 'en-US' },
      {
        demandOrderIds: [order.id],
        timeLimitS: 1,
      },
    );
    expectUnavailable(draft, 'en-US');
    expect(await plans()).toBe(before);
  });

  it('refuses a daily schedule’s optimisation with 503 jobs_unavailable, after the checks of the request', async () => {
    const [plan] = answerOf(await inject('GET', 'cutPlan?status=approved', planner), cutPlanPageSchema).items;
    // What the request itself gets wrong is answered first, as in any process: an approved plan is not
    // optimised again, an unknown one is not found.
    const again = await inject('POST', `cutPlan/${plan!.id}/optimize`, planner, {});
    expect(again.statusCode, again.body).toBe(409);
    expect(errorOf(again).code).toBe('cut_plan_transition');
    expect((await inject('POST', `cutPlan/${randomUUID()}/optimize`, planner, {})).statusCode).toBe(404);
    // A schedule's draft starts no job: it is made; its optimisation is what is refused.
    const made = await inject('POST', 'dailyPlan', planner, {
      firstDay: '2026-12-07',
      days: 5,
      cutPlanIds: [plan!.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const schedule = answerOf(made, dailyPlanDetailSchema);
    expectUnavailable(await inject('POST', `dailyPlan/${schedule.id}/optimise`, planner, {}));
  });
});
