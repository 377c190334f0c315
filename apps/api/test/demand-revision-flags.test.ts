import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bundlePageSchema,
  demandOrderDetailSchema,
  demandRevisionPreviewSchema,
  looseSupersededPiecesSchema,
  productResource,
  resourceItemSchema,
  scanAnswerSchema,
  stockIntegritySchema,
  stockItemSchema,
  stockPageSchema,
  supersededBundleSchema,
  taskDetailSchema,
} from '@armature/domain';
import { cutPlans } from '../src/modules/planning/index.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { loginAs } from './helpers/auth.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, type Headers, injectorFor, wholeRecord } from './helpers/inject.ts';

const PLANNED = Date.parse('2026-12-02T00:30:00Z');

// Revised bar lists, where a piece shows: what a revision costs before it is applied, the status history,
// the superseded flag on tasks, tags, the scan page and the bundle list; a task running when the revision
// lands; an approved plan giving back its bars.
describe.each(testDatabases())('revised bar lists, everywhere a piece shows, on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let operator: Headers;

  const order = async (id: string) =>
    answerOf(await inject('GET', `demandOrder/${id}`, admin), demandOrderDetailSchema);
  const task = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  /** The order's current lines as a revised list carries them, `change` applied to some marks. */
  const revisedList = async (id: string, change: Record<string, object>) =>
    (await order(id)).lines
      .filter((line) => line.supersededRevision === null)
      .map(({ mark, rebarId, length, quantity, shapeCode, geometry, mandrel }) => ({
        mark,
        rebarId,
        length,
        quantity,
        shapeCode,
        geometry,
        mandrel,
        drawing: 'R (b)',
        ...change[mark],
      }));

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    const line1 = products.find((product) => product.code === 'LINE1')!;
    for (const headers of [admin, operator])
      expect(
        (
          await inject('PUT', 'client/set-currentUser-productId', headers, {
            clientId: line1.clientId,
            productId: line1.id,
          })
        ).statusCode,
      ).toBe(200);
  });

  it('a task running when the revision lands finishes, its bundles born superseded, shown as such everywhere', async () => {
    const f = await createTaskFixture(ctx.app.db, { tag: 'RW', purchaseLength: 9320, plannedStart: PLANNED });
    expect((await inject('POST', `task/${f.tasks.raw.id}/dispatch`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `task/${f.tasks.raw.id}/start`, operator)).statusCode).toBe(200);
    // A is shortened while its raw cut runs: A's line has no piece made yet, so it is planned → re-planned.
    const lines = await revisedList(f.orderId, { 'RW-A': { length: 2900 } });
    const preview = await inject('POST', `demandOrder/${f.orderId}/revision/preview`, admin, { lines });
    expect(preview.statusCode, preview.body).toBe(200);
    const diff = answerOf(preview, demandRevisionPreviewSchema);
    // The cost: A's planned kg out of its plan; the two not-started cuts making only A cancelled, not the running one.
    expect(diff.cost.replannedWeight).toBeGreaterThan(0);
    expect(diff.cost.supersededWeight).toBe(0);
    expect(diff.cost.tasksCancelled.map((each) => each.id).sort()).toEqual([f.tasks.purchase.id].sort());
    const a = diff.changes.find((change) => change.mark === 'RW-A')!;
    expect(a.weightAfter! / a.weightBefore!).toBeCloseTo(2900 / 3000, 3);
    expect(diff.cost.weightAfter).toBeLessThan(diff.cost.weightBefore);

    const applied = await inject('POST', `demandOrder/${f.orderId}/revision`, admin, { lines, fileName: 'b.abs' });
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await task(f.tasks.purchase.id)).status).toBe('cancelled');
    const running = await task(f.tasks.raw.id);
    expect(running.status).toBe('running');
    expect(running.outputs.map((output) => [output.mark, output.supersededRevision])).toEqual([['RW-A', 1]]);

    // The running cut completes: its 15 pieces of the old A are bundled, and the bundles are superseded.
    const done = await inject('POST', `task/${f.tasks.raw.id}/complete`, operator);
    expect(done.statusCode, done.body).toBe(200);
    const made = await task(f.tasks.raw.id);
    expect(made.bundles.length).toBeGreaterThan(0);
    expect(made.bundles.every((bundle) => bundle.supersededAt !== null)).toBe(true);
    const superseded = answerOf(
      await inject('GET', `demandOrder/${f.orderId}/superseded`, admin),
      z.array(supersededBundleSchema),
    );
    expect(superseded.map((bundle) => bundle.id).sort()).toEqual(made.bundles.map((bundle) => bundle.id).sort());

    // The bundle list filters them; the public scan page and the tags say so.
    const list = (query: string) =>
      inject('GET', `bundle?orderId=${f.orderId}&${query}`, admin).then((res) => answerOf(res, bundlePageSchema));
    expect((await list('superseded=true')).items).toHaveLength(made.bundles.length);
    expect((await list('superseded=false')).items).toHaveLength(0);
    expect((await inject('GET', `bundle?superseded=maybe`, admin)).statusCode).toBe(400);
    const scan = await inject('GET', `scan/${made.bundles[0]!.scanId}`);
    expect(scan.statusCode).toBe(200);
    expect(answerOf(scan, scanAnswerSchema).superseded).toBe(true);
    const zpl = await inject('GET', `task/${f.tasks.raw.id}/tags?format=zpl`, admin);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.body).toContain('SUPERSEDED - DO NOT SHIP');

    // The status history records the revision: A to plan again took the planned order back to confirmed.
    const history = (await order(f.orderId)).history;
    expect(history).toContainEqual(
      expect.objectContaining({ fromStatus: 'planned', toStatus: 'confirmed', note: 'R1 (b)' }),
    );
  });

  it('proposes what to do with pieces cut for a bender that the revision left unbent, never bundled', async () => {
    const f = await createTaskFixture(ctx.app.db, { tag: 'RL', purchaseLength: 9340, plannedStart: PLANNED });
    // The offcut cut makes 2 pieces of A (finished) and 2 of B for the bender.
    expect((await inject('POST', `task/${f.tasks.tail.id}/dispatch`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `task/${f.tasks.tail.id}/start`, operator)).statusCode).toBe(200);
    const done = await inject('POST', `task/${f.tasks.tail.id}/complete`, operator);
    expect(done.statusCode, done.body).toBe(200);
    const lines = await revisedList(f.orderId, {
      'RL-B': {
        geometry: [
          { length: 1300, angle: 90 },
          { length: 1200, angle: 0 },
        ],
      },
    });
    const applied = await inject('POST', `demandOrder/${f.orderId}/revision`, admin, { lines });
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await task(f.tasks.bend.id)).status).toBe('cancelled');

    const response = await inject('GET', `demandOrder/${f.orderId}/superseded-pieces`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const loose = answerOf(response, z.array(looseSupersededPiecesSchema));
    expect(loose.map((row) => [row.mark, row.length, row.pieces, row.revision])).toEqual([['RL-B', 2500, 2, 1]]);
    // Straight 2.5 m pieces no open straight mark of the spec wants: kept as offcut, with their kg.
    expect(loose[0]!.proposal).toMatchObject({ action: 'offcut', length: 2500 });
    expect(loose[0]!.proposal.weight).toBeCloseTo(loose[0]!.weight, 3);
    expect((await inject('GET', `demandOrder/${f.orderId}/superseded`, admin)).json()).toEqual([]);
    // The spec's own minimum reusable offcut, not the product's 1000 mm, decides: kept from 3 m
    // up, 2.5 m pieces are scrap — proposed so, and refused as offcut.
    const spec = answerOf(await inject('GET', `rebar/${f.rebarId}`, admin), wholeRecord);
    expect((await inject('PUT', `rebar/${f.rebarId}`, admin, { ...spec, minTailLength: 3000 })).statusCode).toBe(200);
    try {
      const strict = answerOf(
        await inject('GET', `demandOrder/${f.orderId}/superseded-pieces`, admin),
        z.array(looseSupersededPiecesSchema),
      );
      expect(strict[0]!.proposal).toMatchObject({ action: 'scrap' });
      const refused = await inject('POST', `demandOrder/${f.orderId}/superseded-pieces/dispose`, admin, {
        orderLineId: loose[0]!.orderLineId,
        length: 2500,
        action: 'offcut',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('superseded_pieces_refused');
    } finally {
      const now = answerOf(await inject('GET', `rebar/${f.rebarId}`, admin), wholeRecord);
      expect((await inject('PUT', `rebar/${f.rebarId}`, admin, { ...now, minTailLength: null })).statusCode).toBe(200);
    }

    // Carried out as the proposal says: kept as an offcut lot of 2 × 2.5 m, recorded, shown, once only.
    const tails = async () =>
      answerOf(await inject('GET', `stock/tail?maxResultCount=200`, admin), stockPageSchema).items;
    const heldBefore = (await tails()).filter((row) => row.rebarId === f.rebarId && row.length === 2500);
    const dispose = (body: object) =>
      inject('POST', `demandOrder/${f.orderId}/superseded-pieces/dispose`, admin, {
        orderLineId: loose[0]!.orderLineId,
        length: 2500,
        ...body,
      });
    const disposed = await dispose({ action: 'offcut' });
    expect(disposed.statusCode, disposed.body).toBe(204);
    const after = answerOf(
      await inject('GET', `demandOrder/${f.orderId}/superseded-pieces`, admin),
      z.array(looseSupersededPiecesSchema),
    );
    expect(after).toMatchObject([{ mark: 'RL-B', length: 2500, pieces: 2, disposition: 'offcut' }]);
    expect(after[0]!.disposedAt).not.toBeNull();
    const kept = (await tails()).filter((row) => row.rebarId === f.rebarId && row.length === 2500);
    const added =
      kept.reduce((sum, row) => sum + row.quantity, 0) - heldBefore.reduce((sum, row) => sum + row.quantity, 0);
    expect(added).toBe(2);
    expect(kept.every((row) => row.lot !== null)).toBe(true);
    const again = await dispose({ action: 'scrap' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('superseded_pieces_refused');
    expect((await dispose({ length: 2400, action: 'scrap' })).statusCode).toBe(404);
    expect((await dispose({ action: 'melt' })).statusCode).toBe(400);
    const integrity = await inject('GET', 'stock/integrity', admin);
    expect(answerOf(integrity, stockIntegritySchema).ok).toBe(true);
  });

  it('an approved plan not yet scheduled gives back the bars of patterns cutting only superseded pieces', async () => {
    const f = await createTaskFixture(ctx.app.db, { tag: 'RP', purchaseLength: 9330, plannedStart: PLANNED });
    // The plan as it was once approved, before a schedule took it.
    await ctx.app.db.update(cutPlans).set({ status: 'approved' }).where(eq(cutPlans.id, f.cutPlanId));
    const stock = async (path: string, id: string) =>
      answerOf(await inject('GET', `stock/${path}/${id}`, admin), stockItemSchema);
    const [raw, tail] = [await stock('raw', f.rawStockId), await stock('tail', f.tailStockId)];
    expect(raw.reserved).toBeGreaterThanOrEqual(5);
    expect(tail.reserved).toBeGreaterThanOrEqual(2);

    // Only B changes: the tail pattern (A + B) keeps its bars, the raw pattern (A only) too.
    const onlyB = await revisedList(f.orderId, { 'RP-B': { quantity: 3 } });
    expect((await inject('POST', `demandOrder/${f.orderId}/revision`, admin, { lines: onlyB })).statusCode).toBe(201);
    expect((await stock('raw', f.rawStockId)).reserved).toBe(raw.reserved);
    expect((await stock('tail', f.tailStockId)).reserved).toBe(tail.reserved);

    // A changes too: every pattern now cuts superseded pieces only, and their bars are given back.
    const both = await revisedList(f.orderId, { 'RP-A': { length: 2950 } });
    expect((await inject('POST', `demandOrder/${f.orderId}/revision`, admin, { lines: both })).statusCode).toBe(201);
    expect((await stock('raw', f.rawStockId)).reserved).toBe(raw.reserved - 5);
    expect((await stock('tail', f.tailStockId)).reserved).toBe(tail.reserved - 2);
    const integrity = await inject('GET', 'stock/integrity', admin);
    expect(answerOf(integrity, stockIntegritySchema).ok).toBe(true);
  });
});
