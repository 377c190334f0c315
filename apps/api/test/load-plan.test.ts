import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlanAnswerSchema, type LoadPlanAnswer } from '@armature/domain';
import { demandOrders } from '../src/modules/planning/index.ts';
import { bundles } from '../src/modules/processing/index.ts';
import { producedBundles } from './bundle-fixture.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { injectorFor, answerOf, withId } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = { authorization: string };
type Produced = Awaited<ReturnType<typeof producedBundles>>;

describe.each(testDatabases())('load plans on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let produced: Produced;
  /** The day the fixture's order is due. */
  let day: string;

  const vehicle = async (code: string, limits: { bedLength: number; maxPayload: number; bays: number }) => {
    const response = await inject('POST', 'vehicle', admin, {
      code,
      name: `${code} truck`,
      plate: `沪A·${code}`,
      ...limits,
    });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, withId).id;
  };
  const plan = async (vehicleId: string, date = day) => {
    const response = await inject('GET', `delivery/load-plan?date=${date}&vehicleId=${vehicleId}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return loadPlanAnswerSchema.parse(response.json());
  };
  const loaded = (answer: LoadPlanAnswer) => answer.trucks.flatMap((truck) => truck.bays.flat().map((b) => b.id));

  /** Every truck within the vehicle's payload, bays and bed length; no bundle twice. */
  function expectWithinLimits(answer: LoadPlanAnswer) {
    const { bedLength, maxPayload, bays } = answer.vehicle;
    for (const truck of answer.trucks) {
      const weight = truck.bays.flat().reduce((sum, b) => sum + b.weight, 0);
      expect(weight).toBeLessThanOrEqual(maxPayload);
      expect(truck.weight).toBeCloseTo(weight, 3);
      expect(truck.bays.length).toBeLessThanOrEqual(bays);
      for (const bay of truck.bays) expect(bay.reduce((sum, b) => sum + b.length, 0)).toBeLessThanOrEqual(bedLength);
    }
    expect(new Set(loaded(answer)).size).toBe(loaded(answer).length);
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    // 20 bundles of 2 pieces of the fixture's order line, all of its length.
    produced = await producedBundles(ctx.app, { pieces: 40, perBundle: 2 });
    const [order] = await ctx.app.db
      .select({ demandDate: demandOrders.demandDate })
      .from(demandOrders)
      .where(eq(demandOrders.id, produced.line.orderId));
    day = order!.demandDate;
    await selectProduct(ctx.app, admin, produced.product);
  });

  it('packs the day’s bundles within the payload and the bays, near the lower bound', async () => {
    // The fixture's bundles weigh the same: two pieces of its line.
    const bundleWeight = (Math.round(produced.line.weightGrams / produced.line.quantity) * 2) / 1000;
    const length = produced.line.length;
    expect(length).toBeGreaterThan(500);
    // Three bundles' weight a truck, and one bundle a bay in two bays: the bays bind (10 trucks).
    const tight = await plan(
      await vehicle('T2', { bedLength: Math.max(length, 1000), maxPayload: Math.ceil(bundleWeight * 3), bays: 2 }),
    );
    expectWithinLimits(tight);
    expect(loaded(tight).sort()).toEqual(produced.bundles.map((b) => b.id).sort());
    expect(tight.lowerBound).toBe(10);
    expect(tight.trucks).toHaveLength(10);
    expect(tight.refused).toEqual([]);
    // Two bundles' weight a truck and room for four: the payload binds.
    const heavy = await plan(
      await vehicle('T3', { bedLength: 2 * length, maxPayload: Math.ceil(bundleWeight * 2.5), bays: 2 }),
    );
    expectWithinLimits(heavy);
    // Two bundles a truck is the best there is; the weight bound (⌈20 / 2.5⌉ = 8) cannot see the half left over.
    expect(heavy.lowerBound).toBe(8);
    expect(heavy.trucks.map((truck) => truck.bays.flat().length)).toEqual(new Array(10).fill(2));
  });

  it('refuses a bundle longer than the bed; leaves out other days, superseded and delivered bundles', async () => {
    const roomy = await vehicle('T5', { bedLength: 13_600, maxPayload: 25_000, bays: 8 });
    const [superseded, delivered, long] = produced.bundles;
    await ctx.app.db.update(bundles).set({ length: 14_000 }).where(eq(bundles.id, long!.id));
    const refused = await plan(roomy);
    expect(refused.refused.map((r) => [r.bundle.id, r.reason])).toEqual([[long!.id, 'bedLength']]);
    expect(loaded(refused)).toHaveLength(produced.bundles.length - 1);
    expect((await plan(roomy, '2031-01-01')).trucks).toEqual([]);

    await ctx.app.db
      .update(bundles)
      .set({ supersededAt: new Date().toISOString() })
      .where(eq(bundles.id, superseded!.id));
    const note = await inject('POST', 'delivery', admin, { site: 'Site A', bundleScanIds: [delivered!.scanId] });
    expect(note.statusCode, note.body).toBe(201);
    const left = loaded(await plan(roomy));
    expect(left).not.toContain(superseded!.id);
    expect(left).not.toContain(delivered!.id);
    expect(left).toHaveLength(produced.bundles.length - 3);
  });

  it('answers 404 for another line’s vehicle and 400 for a bad date', async () => {
    const other = await producedBundles(ctx.app, { productCode: 'LINE2', pieces: 2 });
    await selectProduct(ctx.app, admin, other.product);
    const theirs = await vehicle('L2', { bedLength: 13_600, maxPayload: 25_000, bays: 8 });
    await selectProduct(ctx.app, admin, produced.product);
    const foreign = await inject('GET', `delivery/load-plan?date=${day}&vehicleId=${theirs}`, admin);
    expect(foreign.statusCode).toBe(404);
    const bad = await inject('GET', `delivery/load-plan?date=2026-13-40&vehicleId=${theirs}`, admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details)).toEqual(['date']);
  });
});
