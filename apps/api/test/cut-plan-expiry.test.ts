import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cutPlanDetailSchema, demandOrderDetailSchema, rebarResource, resourceItemSchema } from '@armature/domain';
import { optimizeExpirySeconds } from '../src/modules/planning/cut-plan.job.ts';
import { chooseProduct, loginAs } from './helpers/auth.ts';
import { until } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';
import { z } from 'zod';

// A worker killed mid-optimisation leaves its attempt active until the attempt's time limit: each run
// is enqueued with a limit from its own settings (groups × time limit, and slack), so another worker
// takes it up within minutes, not after the kind's 45 minutes.

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

describe.each(testDatabases())('the time limit of an optimisation run on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  let planner: Record<string, string>;

  const inject = injectorFor(ctx);

  beforeAll(async () => {
    planner = await loginAs(ctx.app, 'planner');
    await chooseProduct(ctx.app, planner);
  });

  it('is the run’s time limit for each of its spec groups plus slack, as pg-boss holds it', async () => {
    const specs = answerOf(await inject('GET', 'rebar/all', planner), z.array(resourceItemSchema(rebarResource)));
    const spec = (diameter: number) => specs.find((each) => each.diameter === diameter && each.grade === 'HRB400E')!;
    const order = await inject('POST', 'demandOrder', planner, {
      project: 'Expiry test',
      element: 'B1',
      customer: null,
      demandDate: '2026-12-01',
      priority: 'normal',
      remark: null,
      lines: [12, 16].map((diameter, index) => ({
        mark: `M${index + 1}`,
        rebarId: spec(diameter).id,
        length: 2000,
        members: 1,
        barsPerMember: 4,
      })),
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = answerOf(order, demandOrderDetailSchema).id;
    expect((await inject('POST', `demandOrder/${orderId}/confirm`, planner)).statusCode).toBe(200);

    const created = await inject('POST', 'cutPlan', planner, { demandOrderIds: [orderId], timeLimitS: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const plan = answerOf(created, cutPlanDetailSchema);
    const result = await ctx.handle.db.execute(
      sql`select extract(epoch from expire_in)::int as seconds from pgboss.job where data->>'planId' = ${plan.id}`,
    );
    const expected = optimizeExpirySeconds(2, 2);
    expect(expected).toBe(65);
    expect((result as unknown as { rows: { seconds: number }[] }).rows).toEqual([{ seconds: expected }]);
    // The run itself is not cut short by it.
    const done = await until(
      async () => answerOf(await inject('GET', `cutPlan/${plan.id}`, planner), cutPlanDetailSchema),
      (detail) => ['succeeded', 'failed', 'cancelled'].includes(detail.job.state),
      30_000,
    );
    expect(done.job.state).toBe('succeeded');
  });
});
