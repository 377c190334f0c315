import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dropViewSchema, savedLoadPlanSchema, type SavedLoadPlan } from '@armature/domain';
import { bundles } from '../src/modules/processing/index.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { listedProductsSchema, loginAs } from './helpers/auth.ts';
import { checkedCallsFor, injectorFor, withId } from './helpers/inject.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = Record<string, string>;

describe.each(testDatabases())('planned bundles their task will no longer make on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  const { sent, ok } = checkedCallsFor(inject);
  let admin: Headers;
  let operator: Headers;
  let fixture: TaskFixture;
  let vehicleId: string;
  const DAY = '2031-07-08';

  const truckOf = (plan: SavedLoadPlan, truck: number) => plan.trucks.find((each) => each.truck === truck)!;
  const ours = (plan: SavedLoadPlan, truck: number) =>
    truckOf(plan, truck)
      .bays.flat()
      .filter((bundle) => bundle.project === 'Floor NOT');

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    const products = await ok(listedProductsSchema, 'GET', 'product/all', admin);
    const line1 = products.find((product) => product.code === 'LINE1')!;
    for (const headers of [admin, operator])
      await sent('PUT', 'client/set-currentUser-productId', headers, { clientId: line1.clientId, productId: line1.id });
    fixture = await createTaskFixture(ctx.app.db, {
      tag: 'NOT',
      purchaseLength: 9610,
      plannedStart: Date.parse('2026-12-03T01:00:00Z'),
    });
    vehicleId = (
      await ok(withId, 'POST', 'vehicle', admin, {
        code: 'NOT1',
        name: 'Short-run flatbed',
        plate: '沪A·NOT01',
        bedLength: 13_600,
        maxPayload: 30_000,
        bays: 8,
      })
    ).id;
    await sent('PUT', `demandOrder/${fixture.orderId}/drops`, admin, { drops: [{ site: 'Pier 9', date: DAY }] });
  });

  it('flags them with the reason, leaves them out of the truck’s count, and lets the truck leave without them', async () => {
    const plan = await ok(savedLoadPlanSchema, 'POST', 'loadPlan', admin, { date: DAY, vehicleId });
    const truck = plan.trucks.find((each) => each.bays.flat().some((b) => b.project === 'Floor NOT'))!.truck;
    const planned = ours(plan, truck);
    expect(planned).toHaveLength(5);
    expect(planned.every((bundle) => bundle.willNotBeMade === null)).toBe(true);
    const { shareToken } = await ok(
      z.object({ shareToken: z.string() }),
      'POST',
      `demandOrder/${fixture.orderId}/drops/1/share`,
      admin,
      { share: true },
    );
    expect((await ok(dropViewSchema, 'GET', `drop/${shareToken}`, {})).toMake).toHaveLength(5);

    // The offcut cut, the purchased bar's and the bender's tasks are cancelled; the raw cut ends with 7 of
    // its 15 pieces scrapped, so it makes one bundle of 8 where two (8 + 7) were planned.
    const { raw, tail, purchase, bend } = fixture.tasks;
    for (const task of [bend, tail, purchase]) await sent('POST', `task/${task.id}/cancel`, admin);
    await sent('POST', `task/${raw.id}/dispatch`, admin);
    await sent('POST', `task/${raw.id}/start`, operator);
    await sent('POST', `task/${raw.id}/complete`, operator, { scrap: 7 });
    const [made, ...more] = await ctx.app.db.select().from(bundles).where(eq(bundles.taskId, raw.id));
    expect(more).toEqual([]);

    const after = await ok(savedLoadPlanSchema, 'GET', `loadPlan/${plan.id}`, admin);
    const reasons = Object.fromEntries(ours(after, truck).map((bundle) => [bundle.code, bundle.willNotBeMade]));
    expect(reasons).toEqual({
      [made!.code]: null,
      [`${raw.code} 2/2`]: 'taskEndedShort',
      [`${tail.code} 1/1`]: 'taskCancelled',
      [`${purchase.code} 1/1`]: 'taskCancelled',
      [`${bend.code} 1/1`]: 'taskCancelled',
    });
    // They neither count toward the truck nor weigh on it; the site's page no longer promises them.
    const gone = ours(after, truck).filter((bundle) => bundle.willNotBeMade !== null);
    const goneKg = gone.reduce((sum, bundle) => sum + bundle.weight, 0);
    const was = truckOf(plan, truck);
    const now = truckOf(after, truck);
    const madeKg = Number(made!.weightGrams) / 1000;
    const plannedRawKg = planned.find((bundle) => bundle.code === `${raw.code} 1/2`)!.weight;
    expect(now.planned).toBe(was.planned - gone.length);
    expect(now.weight).toBeCloseTo(was.weight - goneKg - plannedRawKg + madeKg, 3);
    expect((await ok(dropViewSchema, 'GET', `drop/${shareToken}`, {})).toMake).toEqual([]);

    // The made bundle and the truck's other bundles go on; the truck leaves without the four.
    await sent('POST', `loadPlan/${plan.id}/truck/${truck}/scan`, admin, { scanId: made!.scanId });
    const others = now.bays.flat().filter((bundle) => bundle.project !== 'Floor NOT');
    for (const bundle of others) await sent('POST', `loadPlan/${plan.id}/remove`, admin, { bundleId: bundle.id });
    const done = await inject('POST', `loadPlan/${plan.id}/truck/${truck}/complete`, admin, {});
    expect(done.statusCode, done.body).toBe(200);

    // A truck that has left lists what it carried: the rows that waited for nothing leave the plan with it.
    const shipped = truckOf(await ok(savedLoadPlanSchema, 'GET', `loadPlan/${plan.id}`, admin), truck);
    expect(shipped.deliveryNote).not.toBeNull();
    expect(shipped.bays.flat().map((bundle) => bundle.code)).toEqual([made!.code]);
    expect([shipped.planned, shipped.loaded]).toEqual([1, 1]);
  });
});
