import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DemandOrderDetail,
  demandOrderDetailSchema,
  demandOrderRevisionSchema,
  demandRevisionPreviewSchema,
  stockIntegritySchema,
  stockPageSchema,
  supersededBundleSchema,
  taskDetailSchema,
  productResource,
  resourceItemSchema,
} from '@armature/domain';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { loginAs } from './helpers/auth.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { injectorFor, type Headers, answerOf } from './helpers/inject.ts';

const PLANNED = Date.parse('2026-12-01T00:30:00Z');

// A revised bar list applied to a producing order, with every kind of change in every state.
describe.each(testDatabases())('revised bar lists on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let operator: Headers;
  let f: TaskFixture;

  const order = async () => answerOf(await inject('GET', `demandOrder/${f.orderId}`, admin), demandOrderDetailSchema);
  /** The order's valid lines (a revision's superseded ones stay in the detail, flagged). */
  const current = (detail: DemandOrderDetail) => detail.lines.filter((line) => line.supersededRevision === null);
  const task = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  /** The order's current lines as a revised list would carry them, by mark. */
  const listOf = (detail: DemandOrderDetail) =>
    current(detail).map(({ mark, rebarId, length, quantity, shapeCode, geometry, mandrel, drawing }) => ({
      mark,
      rebarId,
      length,
      quantity,
      shapeCode,
      geometry,
      mandrel,
      drawing,
    }));
  const apply = (lines: object[]) =>
    inject('POST', `demandOrder/${f.orderId}/revision`, admin, { lines, fileName: 'rev.abs' });

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
    f = await createTaskFixture(ctx.app.db, { tag: 'RV', purchaseLength: 9310, plannedStart: PLANNED });
    // The raw cut makes 15 pieces of A (bundles of 8): the order is producing, B planned and not cut.
    expect((await inject('POST', `task/${f.tasks.raw.id}/dispatch`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `task/${f.tasks.raw.id}/start`, operator)).statusCode).toBe(200);
    const done = await inject('POST', `task/${f.tasks.raw.id}/complete`, operator);
    expect(done.statusCode, done.body).toBe(200);
    // A first revision adds marks with no work yet (C, D, E), so the second has every state to change.
    const start = await order();
    expect(start.status).toBe('producing');
    const first = await apply([
      ...listOf(start),
      { mark: 'RV-C', rebarId: f.rebarId, length: 2000, quantity: 4 },
      { mark: 'RV-D', rebarId: f.rebarId, length: 1500, quantity: 2 },
      { mark: 'RV-E', rebarId: f.rebarId, length: 1000, quantity: 6 },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(answerOf(first, demandOrderRevisionSchema).revision).toBe(1);
  });

  it('previews, then applies, a revision of a producing order: every kind of change in every state', async () => {
    const before = await order();
    const byMark = Object.fromEntries(listOf(before).map((line) => [line.mark, line]));
    const lines = [
      // A (pieces made): length changed → superseded, its bundles flagged, a new A to make.
      { ...byMark['RV-A']!, length: 2800, drawing: '417 (b)' },
      // B (planned, not cut): shape changed → out of its plan, its tasks withdrawn, the new B to re-plan.
      {
        ...byMark['RV-B']!,
        geometry: [
          { length: 1400, angle: 90 },
          { length: 1100, angle: 0 },
        ],
        drawing: '417 (b)',
      },
      // C (not planned): quantity changed → replaced in place. D is removed → deleted.
      { ...byMark['RV-C']!, quantity: 5, drawing: '417 (b)' },
      { ...byMark['RV-E']!, drawing: '417 (b)' },
      { mark: 'RV-F', rebarId: f.rebarId, length: 900, quantity: 3, drawing: '417 (b)' },
    ];
    const preview = await inject('POST', `demandOrder/${f.orderId}/revision/preview`, admin, { lines });
    expect(preview.statusCode, preview.body).toBe(200);
    const diff = answerOf(preview, demandRevisionPreviewSchema);
    expect(diff).toMatchObject({
      revision: 2,
      drawingIndex: 'b',
      counts: { added: 1, removed: 1, changed: 3, unchanged: 1 },
    });
    expect(
      diff.changes.map((change) => [change.mark, change.kind, change.fields, change.state, change.outcome]),
    ).toEqual([
      ['RV-A', 'changed', ['length'], 'produced', 'superseded'],
      ['RV-B', 'changed', ['shape'], 'planned', 'replanned'],
      ['RV-C', 'changed', ['quantity'], 'notPlanned', 'replaced'],
      ['RV-E', 'unchanged', [], 'notPlanned', 'unchanged'],
      ['RV-F', 'added', [], null, 'added'],
      ['RV-D', 'removed', [], 'notPlanned', 'deleted'],
    ]);
    // What it costs: A's two bundles and its pieces made superseded, B's planned kg out of its plan, the
    // cuts and the bend making only A or B cancelled (the raw cut is done).
    expect(diff.cost.bundles).toBe(2);
    expect(diff.cost.bundleWeight).toBeGreaterThan(0);
    expect(diff.cost.supersededWeight).toBeCloseTo(diff.cost.bundleWeight, 2);
    expect(diff.cost.replannedWeight).toBeGreaterThan(0);
    expect(diff.cost.tasksCancelled.map((each) => each.id).sort()).toEqual(
      [f.tasks.bend.id, f.tasks.tail.id, f.tasks.purchase.id].sort(),
    );
    expect(diff.changes.find((change) => change.mark === 'RV-D')).toMatchObject({ weightAfter: null });
    expect(diff.changes.find((change) => change.mark === 'RV-F')).toMatchObject({ weightBefore: null });
    // Nothing was saved by the preview.
    expect(current(await order())).toHaveLength(current(before).length);

    const applied = await apply(lines);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(answerOf(applied, demandOrderRevisionSchema)).toMatchObject({
      revision: 2,
      drawingIndex: 'b',
      fileName: 'rev.abs',
    });
    const after = await order();
    const marks = current(after).map((line) => [line.mark, line.length, line.quantity, line.plannedQuantity]);
    expect(marks).toEqual(
      expect.arrayContaining([
        ['RV-C', 2000, 5, 0],
        ['RV-E', 1000, 6, 0],
        ['RV-A', 2800, 20, 0],
        ['RV-B', 2500, 2, 0],
        ['RV-F', 900, 3, 0],
      ]),
    );
    expect(current(after)).toHaveLength(5);
    // A and B stay as history, superseded by revision 2; C kept its line; D is gone.
    expect(
      after.lines
        .filter((line) => line.supersededRevision !== null)
        .map((line) => [line.mark, line.supersededRevision]),
    ).toEqual([
      ['RV-A', 2],
      ['RV-B', 2],
    ]);
    expect(after.lines.find((line) => line.mark === 'RV-C')!.id).toBe(before.lines.find((l) => l.mark === 'RV-C')!.id);
    expect(after.lines.some((line) => line.mark === 'RV-D')).toBe(false);
    expect(after.totalQuantity).toBe(5 + 6 + 20 + 2 + 3);

    // B's bend and every cut making only superseded pieces are withdrawn; the done cut stays done.
    expect((await task(f.tasks.bend.id)).status).toBe('cancelled');
    expect((await task(f.tasks.tail.id)).status).toBe('cancelled');
    expect((await task(f.tasks.purchase.id)).status).toBe('cancelled');
    expect((await task(f.tasks.raw.id)).status).toBe('done');

    // The status history records it: the order stays producing.
    expect(after.history.at(-1)).toMatchObject({ fromStatus: 'producing', toStatus: 'producing', note: 'R2 (b)' });

    const revisions = answerOf(
      await inject('GET', `demandOrder/${f.orderId}/revisions`, admin),
      z.array(demandOrderRevisionSchema),
    );
    expect(revisions.map((revision) => revision.revision)).toEqual([1, 2]);
    expect(revisions[1]!.userName).toBeTruthy();
  });

  it('proposes what to do with each superseded bundle and carries it out through the stock ledgers once', async () => {
    const response = await inject('GET', `demandOrder/${f.orderId}/superseded`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const superseded = answerOf(response, z.array(supersededBundleSchema));
    expect(superseded.map((bundle) => [bundle.mark, bundle.pieces, bundle.disposition])).toEqual([
      ['RV-A', 8, null],
      ['RV-A', 7, null],
    ]);
    // 3000 mm pieces of a straight Φ12 can be cut to the new 2800 mm A.
    expect(superseded[0]!.proposal).toMatchObject({ action: 'reuse', mark: 'RV-A', length: 2800, remainder: 200 });
    expect(superseded[0]!.proposal.weight).toBeGreaterThan(0);
    expect(superseded[0]!.proposal.cutAwayWeight).toBeGreaterThan(0);

    // A superseded bundle cannot go on a delivery.
    const delivery = await inject('POST', 'delivery', admin, {
      site: 'Site',
      vehicle: null,
      receiver: null,
      remark: null,
      bundleScanIds: [superseded[0]!.scanId],
    });
    expect(delivery.statusCode).toBe(409);
    expect(delivery.json().error.code).toBe('bundle_superseded');
    expect(delivery.json().error.message).toContain('revision 2');

    const reuse = await inject('POST', `bundle/${superseded[0]!.id}/dispose`, admin, { action: 'reuse' });
    expect(reuse.statusCode, reuse.body).toBe(204);
    const kept = await inject('POST', `bundle/${superseded[1]!.id}/dispose`, admin, { action: 'offcut' });
    expect(kept.statusCode, kept.body).toBe(204);
    // Its offcut lot carries the heat the bundle was cut from (the raw cut's RVR): a recall still finds it.
    const lots = answerOf(await inject('GET', 'stock/tail?length=3000', admin), stockPageSchema).items.filter(
      (row) => row.lot?.sourceCode === superseded[1]!.code,
    );
    expect(lots.map((row) => [row.quantity, row.lot?.heatNos])).toEqual([[7, ['RVR']]]);
    const again = await inject('POST', `bundle/${superseded[1]!.id}/dispose`, admin, { action: 'scrap' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('bundle_disposition_refused');

    const dealt = answerOf(
      await inject('GET', `demandOrder/${f.orderId}/superseded`, admin),
      z.array(supersededBundleSchema),
    );
    expect(dealt.map((bundle) => bundle.disposition)).toEqual(['reuse', 'offcut']);
    const newA = current(await order()).find((line) => line.mark === 'RV-A')!;
    expect([newA.producedQuantity, newA.plannedQuantity]).toEqual([8, 8]);
    const integrity = await inject('GET', 'stock/integrity', admin);
    expect(integrity.statusCode).toBe(200);
    expect(answerOf(integrity, stockIntegritySchema).ok).toBe(true);
  });

  it('refuses a revision of a draft, and an empty list', async () => {
    const draft = await inject('POST', 'demandOrder', admin, {
      project: 'Draft',
      demandDate: '2026-12-20',
      lines: [{ mark: 'X1', rebarId: f.rebarId, length: 1000, quantity: 1 }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const lines = [{ mark: 'X1', rebarId: f.rebarId, length: 1100, quantity: 1 }];
    const refused = await inject('POST', `demandOrder/${draft.json().id}/revision`, admin, { lines });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('demand_order_not_revisable');
    const bad = await inject('POST', `demandOrder/${f.orderId}/revision`, admin, { lines: [] });
    expect(bad.statusCode).toBe(400);
  });
});
