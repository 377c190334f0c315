import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dropViewSchema, loadPlanAnswerSchema, savedLoadPlanSchema } from '@armature/domain';
import { bundles } from '../src/modules/processing/index.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { listedProductsSchema, loginAs } from './helpers/auth.ts';
import { checkedCallsFor, injectorFor, withId } from './helpers/inject.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = Record<string, string>;

describe.each(testDatabases())('load plans of bundles the schedule will produce on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  const { sent, ok } = checkedCallsFor(inject);
  let admin: Headers;
  let operator: Headers;
  let fixture: TaskFixture;
  let vehicleId: string;
  // The fixture's tasks are planned on 2026-12-03 from 09:00 in the plant's clock (Asia/Shanghai).
  const TASK_DAY = '2026-12-03';
  const DAY = '2031-05-06';

  const onPlan = <B extends { project: string }>(plan: { trucks: { bays: B[][] }[] }) =>
    plan.trucks.flatMap((truck) => truck.bays.flat()).filter((bundle) => bundle.project === 'Floor EXP');
  const dropOn = (date: string) =>
    sent('PUT', `demandOrder/${fixture.orderId}/drops`, admin, { drops: [{ site: 'Pier 4', date }] });

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    const products = await ok(listedProductsSchema, 'GET', 'product/all', admin);
    const line1 = products.find((product) => product.code === 'LINE1')!;
    for (const headers of [admin, operator])
      await sent('PUT', 'client/set-currentUser-productId', headers, { clientId: line1.clientId, productId: line1.id });
    fixture = await createTaskFixture(ctx.app.db, {
      tag: 'EXP',
      purchaseLength: 9610,
      plannedStart: Date.parse(`${TASK_DAY}T01:00:00Z`),
    });
    vehicleId = (
      await ok(withId, 'POST', 'vehicle', admin, {
        code: 'EXP1',
        name: 'Long flatbed',
        plate: '沪A·EXP01',
        bedLength: 13_600,
        maxPayload: 30_000,
        bays: 8,
      })
    ).id;
  });

  it('plans the bundles a task will make before the day, not those made on the day itself', async () => {
    await dropOn(TASK_DAY);
    const sameDay = await ok(
      loadPlanAnswerSchema,
      'GET',
      `delivery/load-plan?date=${TASK_DAY}&vehicleId=${vehicleId}`,
      admin,
    );
    expect(onPlan(sameDay)).toEqual([]);

    await dropOn(DAY);
    const live = await ok(loadPlanAnswerSchema, 'GET', `delivery/load-plan?date=${DAY}&vehicleId=${vehicleId}`, admin);
    // Line A: 15 pieces of the raw cut in bundles of 8 (8 + 7), 2 of the offcut cut, 3 of the purchased
    // bar's; line B: the bender's 2 (the cut's B pieces are not finished). No bundle of it exists yet.
    const expected = onPlan(live);
    expect(expected.map((bundle) => bundle.code).sort()).toEqual(
      [
        `${fixture.tasks.raw.code} 1/2`,
        `${fixture.tasks.raw.code} 2/2`,
        `${fixture.tasks.tail.code} 1/1`,
        `${fixture.tasks.purchase.code} 1/1`,
        `${fixture.tasks.bend.code} 1/1`,
      ].sort(),
    );
    expect(expected.every((bundle) => bundle.fromTask !== null && bundle.site === 'Pier 4')).toBe(true);
    const raw = expected.filter((bundle) => bundle.fromTask === fixture.tasks.raw.code);
    // Φ12 weighs 0.888 kg/m: 8 and 7 pieces of 3 m.
    expect(raw.map((bundle) => bundle.weight).sort()).toEqual([18.648, 21.312]);
  });

  it('saves them; the truck waits for them to be made and scanned; a completed task fills their places', async () => {
    const plan = await ok(savedLoadPlanSchema, 'POST', 'loadPlan', admin, { date: DAY, vehicleId });
    const planned = onPlan(plan);
    expect(planned).toHaveLength(5);
    const truck = plan.trucks.find((each) => each.bays.flat().some((b) => b.project === 'Floor EXP'))!.truck;
    // Saved, they are on no other plan of the day.
    const again = await ok(savedLoadPlanSchema, 'POST', 'loadPlan', admin, { date: DAY, vehicleId });
    expect(onPlan(again)).toEqual([]);

    // The site contact's link shows them as to be made, on their truck.
    const { shareToken } = await ok(
      z.object({ shareToken: z.string() }),
      'POST',
      `demandOrder/${fixture.orderId}/drops/1/share`,
      admin,
      {
        share: true,
      },
    );
    const dropPage = () => ok(dropViewSchema, 'GET', `drop/${shareToken}`, {});
    const before = await dropPage();
    expect(before.bundles).toEqual([]);
    expect(before.toMake.map((bundle) => `${bundle.task} ${bundle.number}/${bundle.count}`).sort()).toEqual(
      planned.map((bundle) => bundle.code).sort(),
    );
    expect(before.toMake.every((bundle) => bundle.loadPlan.code === plan.code && bundle.loadPlan.truck === truck)).toBe(
      true,
    );

    const early = await inject('POST', `loadPlan/${plan.id}/truck/${truck}/complete`, admin, {});
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('load_incomplete');

    // The raw cut is run and completed: its two bundles exist and take the plan's places.
    await sent('POST', `task/${fixture.tasks.raw.id}/dispatch`, admin);
    await sent('POST', `task/${fixture.tasks.raw.id}/start`, operator);
    await sent('POST', `task/${fixture.tasks.raw.id}/complete`, operator);
    const made = await ctx.app.db.select().from(bundles).where(eq(bundles.taskId, fixture.tasks.raw.id));
    expect(made).toHaveLength(2);
    const after = await ok(savedLoadPlanSchema, 'GET', `loadPlan/${plan.id}`, admin);
    const real = onPlan(after).filter((bundle) => bundle.fromTask === null);
    expect(real.map((bundle) => bundle.code).sort()).toEqual(made.map((bundle) => bundle.code).sort());
    expect(real.map((bundle) => bundle.id).sort()).toEqual(made.map((bundle) => bundle.id).sort());

    const between = await dropPage();
    expect(between.bundles.map((bundle) => bundle.code).sort()).toEqual(made.map((bundle) => bundle.code).sort());
    expect(between.bundles.every((bundle) => bundle.loadPlan?.truck === truck)).toBe(true);
    expect(between.toMake).toHaveLength(3);

    // A bundle not made yet cannot be scanned; the made ones go on.
    for (const bundle of made)
      await sent('POST', `loadPlan/${plan.id}/truck/${truck}/scan`, admin, { scanId: bundle.scanId });
    const still = await inject('POST', `loadPlan/${plan.id}/truck/${truck}/complete`, admin, {});
    expect(still.statusCode, still.body).toBe(409);
    expect(still.json().error.code).toBe('load_incomplete');

    // The planner takes the three still to be made off the plan (by the ids the plan names them by).
    const waiting = onPlan(after).filter((bundle) => bundle.fromTask !== null);
    expect(waiting).toHaveLength(3);
    for (const bundle of waiting) await sent('POST', `loadPlan/${plan.id}/remove`, admin, { bundleId: bundle.id });
    const rest = await ok(savedLoadPlanSchema, 'GET', `loadPlan/${plan.id}`, admin);
    const others = rest.trucks.find((each) => each.truck === truck)!.bays.flat();
    for (const bundle of others.filter((b) => b.project !== 'Floor EXP' && !b.loadedAt))
      await sent('POST', `loadPlan/${plan.id}/remove`, admin, { bundleId: bundle.id });
    const done = await inject('POST', `loadPlan/${plan.id}/truck/${truck}/complete`, admin, {});
    expect(done.statusCode, done.body).toBe(200);
    const delivered = await ctx.app.db.select().from(bundles).where(eq(bundles.taskId, fixture.tasks.raw.id));
    expect(delivered.map((bundle) => bundle.status)).toEqual(['delivered', 'delivered']);

    // Removed, the three are due again: the day's live plan has them.
    const live = await ok(loadPlanAnswerSchema, 'GET', `delivery/load-plan?date=${DAY}&vehicleId=${vehicleId}`, admin);
    expect(onPlan(live)).toHaveLength(3);
  });
});
