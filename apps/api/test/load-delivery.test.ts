import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryNoteDetailSchema, type SavedLoadPlan, savedLoadPlanSchema } from '@armature/domain';
import { bundles } from '../src/modules/processing/index.ts';
import { stockLogs } from '../src/modules/stock/stock.table.ts';
import { producedBundles } from './bundle-fixture.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { answerOf, injectorFor, withId } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = { authorization: string };
type Produced = Awaited<ReturnType<typeof producedBundles>>;

/** A 1 × 1 PNG: what a signature pad's canvas gives, smallest. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe.each(testDatabases())('drops, saved load plans, loading by scan and proof of delivery on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let produced: Produced;
  let vehicleId: string;
  let plan: SavedLoadPlan;
  let noteId: string;
  const DAY = '2031-03-04';

  const planned = (answer: SavedLoadPlan) => answer.trucks.flatMap((truck) => truck.bays.flat());
  const scan = (truck: number, scanId: string) =>
    inject('POST', `loadPlan/${plan.id}/truck/${truck}/scan`, admin, { scanId });
  const scanIdOf = (id: string) => produced.bundles.find((bundle) => bundle.id === id)!.scanId;

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    produced = await producedBundles(ctx.app, { pieces: 40, perBundle: 2 });
    await selectProduct(ctx.app, admin, produced.product);
    const bundleWeight = (Math.round(produced.line.weightGrams / produced.line.quantity) * 2) / 1000;
    // Twelve bundles' weight a truck: the day's 20 bundles need two.
    const response = await inject('POST', 'vehicle', admin, {
      code: 'LP1',
      name: 'Flatbed',
      plate: '沪A·LP001',
      bedLength: Math.max(produced.line.length * 2, 13_600),
      maxPayload: Math.ceil(bundleWeight * 12),
      bays: 8,
    });
    expect(response.statusCode, response.body).toBe(201);
    vehicleId = answerOf(response, withId).id;
  });

  it('gives an order drops; its date becomes the earliest, and the load plans follow the drop dates', async () => {
    const orderId = produced.line.orderId;
    const window = await inject('PUT', `demandOrder/${orderId}/drops`, admin, {
      drops: [{ site: 'South gate', date: DAY, windowStart: '10:00', windowEnd: '09:00' }],
    });
    expect(window.statusCode, window.body).toBe(400);
    expect(Object.keys(window.json().error.details)).toEqual(['drops.0.windowEnd']);
    const unknownMark = await inject('PUT', `demandOrder/${orderId}/drops`, admin, {
      drops: [
        { site: 'North gate', date: DAY },
        { site: 'South gate', date: DAY, marks: ['NO-SUCH-MARK'] },
      ],
    });
    expect(unknownMark.statusCode, unknownMark.body).toBe(400);
    expect(Object.keys(unknownMark.json().error.details)).toEqual(['drops.1.marks']);

    const mark = produced.line.mark;
    const put = await inject('PUT', `demandOrder/${orderId}/drops`, admin, {
      drops: [
        { site: 'Tower B, level 3', date: '2031-03-09', windowStart: '13:00', windowEnd: '15:00' },
        { site: 'Tower A, raft', date: DAY, windowStart: '07:00', windowEnd: '09:00', marks: [mark] },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().demandDate).toBe(DAY);
    expect(put.json().drops.map((drop: { seq: number; marks: string[] }) => [drop.seq, drop.marks])).toEqual([
      [1, []],
      [2, [mark]],
    ]);
    // The line's mark rides the second drop: its bundles are due that day, at that site, not on the first's day.
    const live = await inject('GET', `delivery/load-plan?date=${DAY}&vehicleId=${vehicleId}`, admin);
    expect(live.statusCode, live.body).toBe(200);
    const bundlesDue = live.json().trucks.flatMap((truck: { bays: { site: string }[][] }) => truck.bays.flat());
    expect(bundlesDue).toHaveLength(produced.bundles.length);
    expect(new Set(bundlesDue.map((bundle: { site: string }) => bundle.site))).toEqual(new Set(['Tower A, raft']));
    const other = await inject('GET', `delivery/load-plan?date=2031-03-09&vehicleId=${vehicleId}`, admin);
    expect(other.json().trucks).toEqual([]);
  });

  it('saves a plan within the limits; a second plan of the day gets none of its bundles; hand moves are checked', async () => {
    const created = await inject('POST', 'loadPlan', admin, { date: DAY, vehicleId });
    expect(created.statusCode, created.body).toBe(201);
    plan = savedLoadPlanSchema.parse(created.json());
    expect(plan.code).toMatch(/^LP\d{8}-\d{4}$/);
    expect(plan.trucks).toHaveLength(2);
    expect(plan.lowerBound).toBe(2);
    expect(
      planned(plan)
        .map((bundle) => bundle.id)
        .sort(),
    ).toEqual(produced.bundles.map((b) => b.id).sort());
    for (const truck of plan.trucks) {
      expect(truck.weight).toBeLessThanOrEqual(plan.vehicle.maxPayload);
      for (const bay of truck.bays)
        expect(bay.reduce((sum, b) => sum + b.length, 0)).toBeLessThanOrEqual(plan.vehicle.bedLength);
    }
    const second = await inject('POST', 'loadPlan', admin, { date: DAY, vehicleId });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().trucks).toEqual([]);
    expect((await inject('DELETE', `loadPlan/${second.json().id}`, admin)).statusCode).toBe(204);

    // The fuller truck is at its payload: one more bundle is refused with the reason.
    const [full, light] = [...plan.trucks].sort((a, b) => b.planned - a.planned);
    const fromLight = light!.bays.flat()[0]!;
    const refused = await inject('POST', `loadPlan/${plan.id}/move`, admin, {
      bundleId: fromLight.id,
      truck: full!.truck,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('load_move_refused');
    expect(refused.json().error.message).toContain('payload');
    // A new truck takes it; the others keep their numbers.
    const moved = await inject('POST', `loadPlan/${plan.id}/move`, admin, { bundleId: fromLight.id, truck: 3 });
    expect(moved.statusCode, moved.body).toBe(200);
    plan = savedLoadPlanSchema.parse(moved.json());
    expect(plan.trucks.map((truck) => truck.planned)).toEqual(
      [1, 2, 3].map((n) => (n === 3 ? 1 : n === light!.truck ? light!.planned - 1 : full!.planned)),
    );
    const list = await inject('GET', `loadPlan?date=${DAY}`, admin);
    expect(list.json()).toEqual([expect.objectContaining({ id: plan.id, trucks: 3, lowerBound: 2 })]);
  });

  it('loads by scan: wrong, superseded and unplanned bundles refused with the reason; a full truck leaves with its note', async () => {
    const [one, two] = plan.trucks;
    const onOne = one!.bays.flat();
    const onTwo = two!.bays.flat();
    const wrong = await scan(1, scanIdOf(onTwo[0]!.id));
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json().error.message).toBe('This bundle cannot go on truck 1: planned on truck 2');
    const unknown = await scan(1, 'B-ZZZZ-ZZ');
    expect(unknown.json().error.message).toContain('not a bundle of the current line');
    // A revised bar list superseded one of truck 2's bundles.
    await ctx.app.db
      .update(bundles)
      .set({ supersededAt: new Date().toISOString() })
      .where(eq(bundles.id, onTwo[1]!.id));
    const superseded = await scan(2, scanIdOf(onTwo[1]!.id));
    expect(superseded.statusCode).toBe(409);
    expect(superseded.json().error.message).toContain('superseded by a revised bar list');

    const early = await inject('POST', `loadPlan/${plan.id}/truck/1/complete`, admin, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('load_incomplete');
    for (const [index, bundle] of onOne.entries()) {
      // The printed code does as well as the scan id.
      const key = index === 0 ? bundle.code : scanIdOf(bundle.id);
      const response = await scan(1, key);
      expect(response.statusCode, response.body).toBe(200);
      plan = savedLoadPlanSchema.parse(response.json());
    }
    expect(plan.trucks[0]!.loaded).toBe(onOne.length);
    expect((await scan(1, scanIdOf(onOne[0]!.id))).json().error.message).toContain('already scanned on');
    const moveLoaded = await inject('POST', `loadPlan/${plan.id}/move`, admin, { bundleId: onOne[0]!.id, truck: 3 });
    expect(moveLoaded.statusCode).toBe(409);

    const done = await inject('POST', `loadPlan/${plan.id}/truck/1/complete`, admin, {});
    expect(done.statusCode, done.body).toBe(200);
    noteId = done.json().deliveryNoteId;
    const note = await inject('GET', `delivery/${noteId}`, admin);
    expect(note.json()).toMatchObject({
      site: 'Tower A, raft',
      vehicle: 'Flatbed 沪A·LP001',
      bundleCount: onOne.length,
    });
    const out = await ctx.app.db
      .select({ quantity: stockLogs.quantity })
      .from(stockLogs)
      .where(and(eq(stockLogs.sourceId, noteId), eq(stockLogs.direction, 'out')));
    expect(out.reduce((sum, row) => sum + row.quantity, 0)).toBe(onOne.length * 2);
    const again = await inject('POST', `loadPlan/${plan.id}/truck/1/complete`, admin, {});
    expect(again.json().error.code).toBe('load_truck_shipped');
    expect((await inject('DELETE', `loadPlan/${plan.id}`, admin)).json().error.code).toBe('load_plan_started');
  });

  it('records the proof of delivery with a returned bundle, prints it, and shows the drop on its public link', async () => {
    const note = answerOf(await inject('GET', `delivery/${noteId}`, admin), deliveryNoteDetailSchema);
    const returned = note.bundles[0]!.id;
    const badImage = await inject('POST', `delivery/${noteId}/proof`, admin, {
      receivedBy: 'Wang Wei',
      signature: 'data:text/html;base64,PHA+',
    });
    expect(badImage.statusCode).toBe(400);
    const foreign = await inject('POST', `delivery/${noteId}/proof`, admin, {
      receivedBy: 'Wang Wei',
      signature: PNG,
      returnedBundleIds: [produced.bundles.find((b) => !note.bundles.some((n) => n.id === b.id))!.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('delivery_return_unknown');

    const signed = await inject('POST', `delivery/${noteId}/proof`, admin, {
      receivedBy: 'Wang Wei',
      signature: PNG,
      photo: PNG.replace('image/png', 'image/png'),
      latitude: 31.23,
      longitude: 121.47,
      returnedBundleIds: [returned],
    });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toMatchObject({ receivedBy: 'Wang Wei', latitude: 31.23, returned: [{ id: returned }] });
    const [back] = await ctx.app.db.select().from(bundles).where(eq(bundles.id, returned));
    expect(back).toMatchObject({ status: 'produced', deliveryNoteId: null });
    const [returnMove] = await ctx.app.db
      .select({ quantity: stockLogs.quantity, reason: stockLogs.reason })
      .from(stockLogs)
      .where(and(eq(stockLogs.sourceId, noteId), eq(stockLogs.direction, 'in')));
    expect(returnMove).toEqual({ quantity: 2, reason: 'return' });
    const twice = await inject('POST', `delivery/${noteId}/proof`, admin, { receivedBy: 'X', signature: PNG });
    expect(twice.json().error.code).toBe('delivery_proof_exists');
    const pdf = await inject('GET', `delivery/${noteId}/pdf`, admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body.startsWith('%PDF')).toBe(true);

    const share = await inject('POST', `demandOrder/${produced.line.orderId}/drops/2/share`, admin, { share: true });
    expect(share.statusCode, share.body).toBe(200);
    const token = share.json().shareToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/drop/${token}` });
    expect(view.statusCode, view.body).toBe(200);
    const shown = view.json();
    expect(shown).toMatchObject({ site: 'Tower A, raft', date: DAY, windowStart: '07:00' });
    // The superseded bundle is not the site's any more; the delivered ones carry the note and the signature.
    expect(shown.bundles).toHaveLength(produced.bundles.length - 1);
    const signedFor = shown.bundles.filter((b: { delivered: unknown }) => b.delivered);
    expect(signedFor).toHaveLength(plan.trucks[0]!.planned - 1);
    expect(signedFor[0].delivered).toMatchObject({ receivedBy: 'Wang Wei' });
    expect(shown.bundles.find((b: { returned: boolean }) => b.returned)).toMatchObject({ delivered: null });
    expect(shown.bundles[0]).toHaveProperty('spec');
    expect(shown.bundles[0].loadPlan).toMatchObject({ code: plan.code, vehicle: 'Flatbed' });

    await inject('POST', `demandOrder/${produced.line.orderId}/drops/2/share`, admin, { share: false });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/drop/${token}` })).statusCode).toBe(404);
  });
  it('flags a bundle superseded after planning; removed from the plan, its truck leaves without it', async () => {
    plan = savedLoadPlanSchema.parse((await inject('GET', `loadPlan/${plan.id}`, admin)).json());
    const onTwo = plan.trucks[1]!.bays.flat();
    const stale = onTwo.filter((bundle) => bundle.superseded);
    expect(stale).toHaveLength(1);
    expect(planned(plan).filter((bundle) => bundle.superseded)).toEqual(stale);
    const stuck = await inject('POST', `loadPlan/${plan.id}/truck/2/complete`, admin, {});
    expect(stuck.json().error.code).toBe('load_incomplete');

    const notThere = await inject('POST', `loadPlan/${plan.id}/remove`, admin, { bundleId: crypto.randomUUID() });
    expect(notThere.statusCode).toBe(404);
    const shipped = await inject('POST', `loadPlan/${plan.id}/remove`, admin, {
      bundleId: plan.trucks[0]!.bays.flat()[1]!.id,
    });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().error.message).toContain('a truck has already left');

    const removed = await inject('POST', `loadPlan/${plan.id}/remove`, admin, { bundleId: stale[0]!.id });
    expect(removed.statusCode, removed.body).toBe(200);
    plan = savedLoadPlanSchema.parse(removed.json());
    expect(plan.trucks[1]!.planned).toBe(onTwo.length - 1);
    expect(planned(plan).some((bundle) => bundle.superseded)).toBe(false);
    for (const bundle of plan.trucks[1]!.bays.flat()) expect((await scan(2, bundle.code)).statusCode).toBe(200);
    const done = await inject('POST', `loadPlan/${plan.id}/truck/2/complete`, admin, {});
    expect(done.statusCode, done.body).toBe(200);
    const note = await inject('GET', `delivery/${done.json().deliveryNoteId}`, admin);
    expect(note.json().bundleCount).toBe(onTwo.length - 1);

    // A deliverable bundle taken out of a plan is due again, like the bundle the site sent back.
    const held = plan.trucks[2]!.bays.flat()[0]!;
    expect((await inject('POST', `loadPlan/${plan.id}/remove`, admin, { bundleId: held.id })).statusCode).toBe(200);
    const live = await inject('GET', `delivery/load-plan?date=${DAY}&vehicleId=${vehicleId}`, admin);
    const due = live.json().trucks.flatMap((truck: { bays: { id: string }[][] }) => truck.bays.flat());
    expect(due.map((bundle: { id: string }) => bundle.id)).toContain(held.id);
    expect(due.map((bundle: { id: string }) => bundle.id)).not.toContain(stale[0]!.id);
  });
});
