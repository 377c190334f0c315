import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cutPlanDetailSchema,
  demandOrderDetailSchema,
  type DemandOrderLine,
  demandOrderPageSchema,
  productResource,
  resourceItemSchema,
} from '@armature/domain';
import { cutPlanLines, demandOrderLines } from '../src/modules/planning/index.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { until } from './helpers/sse-client.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { answerOf, type Headers, injectorFor, withId } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

const PLANNED = Date.parse('2026-12-02T00:30:00Z');
const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

// A revision of a producing order leaves its changed marks as new lines to plan. A cutting plan
// takes those open lines (and only those): the order stays producing and its other lines are untouched.
describe.each(testDatabases())('re-planning a producing order on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let operator: Headers;

  const order = async (id: string) =>
    answerOf(await inject('GET', `demandOrder/${id}`, admin), demandOrderDetailSchema);
  const toPlan = async () =>
    answerOf(await inject('GET', 'demandOrder?toPlan=true&maxResultCount=200', admin), demandOrderPageSchema).items;

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    const line1 = products.find((product) => product.code === 'LINE1')!;
    for (const headers of [admin, operator]) await selectProduct(ctx.app, headers as Record<string, string>, line1);
  });

  it('plans the re-planned and added lines of a producing order, which stays producing', async () => {
    const f = await createTaskFixture(ctx.app.db, { tag: 'PR', purchaseLength: 9360, plannedStart: PLANNED });
    // The offcut cut makes 2 pieces of A and 2 of B for the bender: the order is producing.
    expect((await inject('POST', `task/${f.tasks.tail.id}/dispatch`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `task/${f.tasks.tail.id}/start`, operator)).statusCode).toBe(200);
    expect((await inject('POST', `task/${f.tasks.tail.id}/complete`, operator)).statusCode).toBe(200);
    const before = await order(f.orderId);
    expect(before.status).toBe('producing');
    expect(await toPlan()).not.toContainEqual(expect.objectContaining({ id: f.orderId }));

    // Revision b: B bent otherwise (its cut pieces superseded, the new B to plan), C added.
    const current = before.lines.filter((line) => line.supersededRevision === null);
    const lines = [
      ...current.map(({ mark, rebarId, length, quantity, shapeCode, geometry, mandrel }) => ({
        mark,
        rebarId,
        length,
        quantity,
        shapeCode,
        geometry:
          mark === 'PR-B'
            ? [
                { length: 1300, angle: 90 },
                { length: 1200, angle: 0 },
              ]
            : geometry,
        mandrel,
        drawing: 'D (b)',
      })),
      { mark: 'PR-C', rebarId: f.rebarId, length: 1750, quantity: 6, drawing: 'D (b)' },
    ];
    const applied = await inject('POST', `demandOrder/${f.orderId}/revision`, admin, { lines });
    expect(applied.statusCode, applied.body).toBe(201);
    const revised = await order(f.orderId);
    expect(revised.status).toBe('producing');
    const byMark = (mark: string, of: DemandOrderLine[] = revised.lines) =>
      of.filter((line) => line.mark === mark && line.supersededRevision === null)[0]!;
    const [newB, c, a] = [byMark('PR-B'), byMark('PR-C'), byMark('PR-A')];
    expect(newB.plannedQuantity).toBe(0);
    expect(c.plannedQuantity).toBe(0);
    expect(await toPlan()).toContainEqual(expect.objectContaining({ id: f.orderId }));

    // The plan form's draft takes the open lines only: neither A (planned) nor the superseded B.
    const draft = await inject('POST', 'cutPlan', admin, {
      demandOrderIds: [f.orderId],
      sources: { raw: true, tails: true, purchase: true },
      timeLimitS: 1,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const draftId = answerOf(draft, withId).id;
    const taken = await ctx.app.db
      .select({ id: cutPlanLines.orderLineId, quantity: cutPlanLines.quantity })
      .from(cutPlanLines)
      .where(eq(cutPlanLines.planId, draftId));
    expect(taken.map((line) => line.id).sort()).toEqual([newB.id, c.id].sort());

    // Optimised in the background and approved: the lines are planned, the order stays producing, A and
    // the old B untouched.
    const solved = await until(
      async () => answerOf(await inject('GET', `cutPlan/${draftId}`, admin), cutPlanDetailSchema),
      (plan) => ['succeeded', 'failed', 'cancelled'].includes(plan.job.state),
      30_000,
    );
    expect(solved.job.state).toBe('succeeded');
    const approved = await inject('POST', `cutPlan/${draftId}/approve`, admin, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await order(f.orderId);
    expect(after.status).toBe('producing');
    expect(byMark('PR-B', after.lines).plannedQuantity).toBe(newB.quantity);
    expect(byMark('PR-C', after.lines).plannedQuantity).toBe(6);
    expect(byMark('PR-A', after.lines)).toMatchObject({
      plannedQuantity: a.plannedQuantity,
      producedQuantity: a.producedQuantity,
    });
    const [oldB] = await ctx.app.db
      .select()
      .from(demandOrderLines)
      .where(and(eq(demandOrderLines.orderId, f.orderId), eq(demandOrderLines.mark, 'PR-B')))
      .orderBy(demandOrderLines.lineNo)
      .limit(1);
    const oldBBefore = before.lines.find((line) => line.mark === 'PR-B')!;
    expect(oldB).toMatchObject({ plannedQuantity: oldBBefore.plannedQuantity, supersededRevision: 1 });
    expect(after.history.at(-1)).toMatchObject({ fromStatus: 'producing', toStatus: 'producing' });
    expect(await toPlan()).not.toContainEqual(expect.objectContaining({ id: f.orderId }));
    // Nothing is left: another plan is refused as before.
    const nothing = await inject('POST', 'cutPlan', admin, { demandOrderIds: [f.orderId], timeLimitS: 1 });
    expect(nothing.json().error.code).toBe('cut_plan_nothing_to_plan');
  });
});
