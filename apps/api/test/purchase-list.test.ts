import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cutPlanDetailSchema,
  dailyPlanDetailSchema,
  planPurchases,
  productResource,
  type PurchaseList,
  purchaseListPageSchema,
  purchaseListSchema,
  rebarResource,
  resourceItemSchema,
  stockPageSchema,
  taskDetailSchema,
  taskPageSchema,
  taskQueueSchema,
} from '@armature/domain';
import { productSettings } from '../src/modules/master-data/master-data.table.ts';
import { dailyPlanJobs, tasks } from '../src/modules/processing/index.ts';
import { openTaskMaterial } from '../src/modules/processing/task-material.query.ts';
import { DEMO_KEEPER, DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { until } from './helpers/sse-client.ts';
import { answerOf, injectorFor, withId } from './helpers/inject.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = Record<string, string>;

const PLANNED = Date.parse('2026-12-02T01:00:00Z');

describe.each(testDatabases())('material before work on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);
  let admin: Headers;
  let keeper: Headers;
  let operator: Headers;
  let purchaseLength = 9500;
  // No bar of the purchased length in stock: the plan must buy it.
  const fixtureOf = (tag: string) =>
    createTaskFixture(ctx.app.db, {
      tag,
      purchaseLength: (purchaseLength += 10),
      plannedStart: PLANNED,
      purchaseLots: { old: 0, recent: 0 },
    });
  const listOf = async (cutPlanId: string) =>
    answerOf(await inject('GET', 'purchaseList?status=all', keeper), purchaseListPageSchema).items.find(
      (list) => list.cutPlanId === cutPlanId,
    )!;
  const task = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  const materialCheck = (productId: string, value: 'warn' | 'block') =>
    ctx.app.db.update(productSettings).set({ materialCheck: value }).where(eq(productSettings.productId, productId));
  const receipt = (list: PurchaseList, heatNo: string, barCount = 1) => ({
    lineId: list.lines[0]!.id,
    supplier: 'Mill',
    heatNo,
    bundles: 1,
    barCount,
    receiveDate: '2026-11-30',
  });

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    keeper = await loginAs(ctx.app, DEMO_KEEPER.userName, DEMO_KEEPER.password);
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    const line1 = answerOf(
      await inject('GET', 'product/all', admin),
      z.array(resourceItemSchema(productResource)),
    ).find((p) => p.code === 'LINE1')!;
    for (const headers of [admin, keeper, operator])
      expect(
        (
          await inject('PUT', 'client/set-currentUser-productId', headers, {
            clientId: line1.clientId,
            productId: line1.id,
          })
        ).statusCode,
      ).toBe(200);
  });

  it('approving a plan that buys makes its purchase list; its task shows the missing bars until they are received for it', async () => {
    const f = await fixtureOf('M1');
    const list = await listOf(f.cutPlanId);
    expect(list).toMatchObject({ cutPlanCode: f.cutPlanCode, status: 'open', neededBy: '2026-12-20' });
    expect(list.lines).toEqual([
      expect.objectContaining({ rebarId: f.rebarId, length: purchaseLength, bars: 1, receivedBars: 0 }),
    ]);
    expect(list.lines[0]!.weight).toBeGreaterThan(0);
    // Open lists by default: the keeper's work.
    expect(
      answerOf(await inject('GET', 'purchaseList', keeper), purchaseListPageSchema).items.map((l) => l.id),
    ).toContain(list.id);

    const bought = await task(f.tasks.purchase.id);
    expect(bought.material).toEqual({
      ok: false,
      missing: [expect.objectContaining({ length: purchaseLength, needed: 1, available: 0, held: 0 })],
    });
    expect((await task(f.tasks.raw.id)).material).toEqual({ ok: true, missing: [] });
    expect((await task(f.tasks.bend.id)).material).toBeNull();
    // The schedule board marks the same job red, with the same bars.
    const boardMaterial = async () => {
      const board = await inject('GET', `dailyPlan/${f.dailyPlanId}`, admin);
      expect(board.statusCode, board.body).toBe(200);
      return answerOf(board, dailyPlanDetailSchema).jobs.map((job) => [job.taskId, job.material] as const);
    };
    expect(await boardMaterial()).toEqual(
      expect.arrayContaining([
        [f.tasks.purchase.id, bought.material],
        [f.tasks.raw.id, { ok: true, missing: [] }],
        [f.tasks.bend.id, null],
      ]),
    );

    // The product's setting decides: a warning (dispatch goes on), or a refusal naming the bars.
    await materialCheck(f.productId, 'block');
    const refused = await inject('POST', `task/${f.tasks.purchase.id}/dispatch`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('material_missing');
    expect(refused.json().error.message).toContain(`${purchaseLength}mm 0/1`);
    await materialCheck(f.productId, 'warn');

    expect((await inject('POST', `purchaseList/${list.id}/receive`, operator, receipt(list, 'M1P'))).statusCode).toBe(
      403,
    );
    // Put away at a rack as it is received, like any receipt.
    const rack = await inject('POST', 'stockLocation', admin, {
      code: `PL-${f.cutPlanCode}`.slice(0, 20),
      name: 'Rack',
    });
    expect(rack.statusCode, rack.body).toBe(201);
    const locationId = answerOf(rack, withId).id;
    const received = await inject('POST', `purchaseList/${list.id}/receive`, keeper, {
      ...receipt(list, 'M1P'),
      locationId,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(answerOf(received, purchaseListSchema)).toMatchObject({ status: 'received', lines: [{ receivedBars: 1 }] });
    // The bars are in raw stock at the rack, held for the plan: no other plan can take them.
    const row = answerOf(await inject('GET', `stock/raw?heatNo=M1P`, admin), stockPageSchema).items[0]!;
    expect(row).toMatchObject({ quantity: 1, reserved: 1, available: 0, locationId });
    expect((await task(f.tasks.purchase.id)).material).toEqual({ ok: true, missing: [] });
    expect(await boardMaterial()).toContainEqual([f.tasks.purchase.id, { ok: true, missing: [] }]);

    // A closed list takes no more receipts.
    const again = await inject('POST', `purchaseList/${list.id}/receive`, keeper, receipt(list, 'M1Q'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('purchase_list_closed');

    // The operator cuts the received bar: it leaves the plan's hold and the stock.
    await materialCheck(f.productId, 'block');
    expect((await inject('POST', `task/${f.tasks.purchase.id}/dispatch`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `task/${f.tasks.purchase.id}/start`, operator)).statusCode).toBe(200);
    const done = await inject('POST', `task/${f.tasks.purchase.id}/complete`, operator, {});
    expect(done.statusCode, done.body).toBe(200);
    await materialCheck(f.productId, 'warn');
    const after = answerOf(await inject('GET', `stock/raw?heatNo=M1P&includeEmpty=true`, admin), stockPageSchema)
      .items[0]!;
    expect(after).toMatchObject({ quantity: 0, reserved: 0 });
  });

  it('every read of tasks shows the material weighed over the whole product, though it weighs only the plans it shows', async () => {
    const short = await fixtureOf('M3');
    purchaseLength -= 10; // the same purchased length: the second plan's bars are not the first's
    const stocked = await createTaskFixture(ctx.app.db, {
      tag: 'M4',
      purchaseLength,
      plannedStart: PLANNED - 3_600_000,
      purchaseLots: { old: 1, recent: 0 },
    });
    // The stocked plan's bought bar in two tasks of its job: the first planned takes the one bar, the later finds none.
    const [first] = await ctx.app.db.select().from(tasks).where(eq(tasks.id, stocked.tasks.purchase.id));
    const [job] = await ctx.app.db.select().from(dailyPlanJobs).where(eq(dailyPlanJobs.id, first!.jobId));
    const { id: _jobId, key, ...copiedJob } = job!;
    const [laterJob] = await ctx.app.db
      .insert(dailyPlanJobs)
      .values({ ...copiedJob, key: `${key}-b` })
      .returning({ id: dailyPlanJobs.id });
    const { id: _id, code, ...copied } = first!;
    const hourLater = (at: string) => new Date(Date.parse(at) + 3_600_000).toISOString();
    const [later] = await ctx.app.db
      .insert(tasks)
      .values({
        ...copied,
        code: `${code}B`,
        jobId: laterJob!.id,
        plannedStart: hourLater(copied.plannedStart),
        plannedEnd: hourLater(copied.plannedEnd),
      })
      .returning({ id: tasks.id });
    for (const id of [short.tasks.raw.id, short.tasks.purchase.id, stocked.tasks.purchase.id, later!.id])
      expect((await inject('POST', `task/${id}/dispatch`, admin)).statusCode).toBe(200);
    const whole = await openTaskMaterial(ctx.app.db, short.productId);
    const expected = (id: string) => whole.get(id) ?? null;
    expect(expected(short.tasks.purchase.id)).toMatchObject({ ok: false });
    expect(expected(stocked.tasks.purchase.id)).toEqual({ ok: true, missing: [] });
    expect(expected(later!.id)).toMatchObject({ ok: false, missing: [{ needed: 1, available: 0 }] });
    const shown: [string, unknown][] = [[later!.id, (await task(later!.id)).material]];
    for (const f of [short, stocked]) {
      for (const each of Object.values(f.tasks)) shown.push([each.id, (await task(each.id)).material]);
      const page = answerOf(await inject('GET', `task?dailyPlanId=${f.dailyPlanId}`, admin), taskPageSchema);
      shown.push(...page.items.map((each) => [each.id, each.material] as [string, unknown]));
      const board = answerOf(await inject('GET', `dailyPlan/${f.dailyPlanId}`, admin), dailyPlanDetailSchema);
      shown.push(...board.jobs.flatMap((job) => (job.taskId ? [[job.taskId, job.material] as [string, unknown]] : [])));
    }
    const queue = answerOf(await inject('GET', `task/queue?equipmentId=${short.cutter.id}`, admin), taskQueueSchema);
    expect(queue.tasks.map((each) => each.id)).toEqual(
      expect.arrayContaining([short.tasks.raw.id, short.tasks.purchase.id, stocked.tasks.purchase.id]),
    );
    shown.push(...queue.tasks.map((each) => [each.id, each.material] as [string, unknown]));
    expect(shown.length).toBeGreaterThan(20);
    for (const [id, material] of shown) expect([id, material]).toEqual([id, expected(id)]);
  });

  it('receives part of a line, refuses a bad receipt field by field, and hides another product’s list', async () => {
    const f = await fixtureOf('M2');
    const list = await listOf(f.cutPlanId);
    const bad = await inject('POST', `purchaseList/${list.id}/receive`, keeper, {
      ...receipt(list, 'M2P'),
      barCount: 0,
      heatNo: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details ?? {})).toEqual(expect.arrayContaining(['barCount', 'heatNo']));
    const elsewhere = await inject('POST', `purchaseList/${list.id}/receive`, keeper, {
      ...receipt(list, 'M2P'),
      locationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(Object.keys(elsewhere.json().error.details)).toEqual(['locationId']);
    expect((await listOf(f.cutPlanId)).lines[0]!.receivedBars).toBe(0);
    const missing = await inject('POST', `purchaseList/${f.cutPlanId}/receive`, keeper, receipt(list, 'M2P'));
    expect(missing.statusCode).toBe(404);
  });
});

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

describe.each(testDatabases())('stock before buying on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  const inject = injectorFor(ctx);
  let planner: Headers;
  let admin: Headers;

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    planner = await loginAs(ctx.app, 'planner');
    const line1 = answerOf(
      await inject('GET', 'product/all', admin),
      z.array(resourceItemSchema(productResource)),
    ).find((p) => p.code === 'LINE1')!;
    await selectProduct(ctx.app, planner, line1);
    await selectProduct(ctx.app, admin, line1);
  });

  it('with the default sources never buys a bar that free stock of its spec and length could give, and says why it buys', async () => {
    const spec = answerOf(await inject('GET', 'rebar/all', planner), z.array(resourceItemSchema(rebarResource))).find(
      (each) => each.grade === 'HRB400E' && each.diameter === 12,
    )!;
    // Three free 12 m bars; the order needs about eight.
    const received = await inject('POST', 'rebarReceive', admin, {
      rebarId: spec.id,
      supplier: 'Mill',
      heatNo: 'SBB-1',
      length: 12_000,
      bundles: 1,
      barCount: 3,
      receiveDate: '2026-11-28',
    });
    expect(received.statusCode, received.body).toBe(201);
    const order = await inject('POST', 'demandOrder', planner, {
      project: 'Stock before buying',
      element: 'B1',
      customer: null,
      demandDate: '2026-12-03',
      priority: 'normal',
      remark: null,
      lines: [{ mark: 'S1', rebarId: spec.id, length: 5900, members: 1, barsPerMember: 16 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = answerOf(order, withId).id;
    expect((await inject('POST', `demandOrder/${orderId}/confirm`, planner)).statusCode).toBe(200);
    const created = await inject('POST', 'cutPlan', planner, { timeLimitS: 1, demandOrderIds: [orderId] });
    expect(created.statusCode, created.body).toBe(201);
    const planId = answerOf(created, cutPlanDetailSchema).id;
    const plan = await until(
      async () => answerOf(await inject('GET', `cutPlan/${planId}`, planner), cutPlanDetailSchema),
      (each) => ['succeeded', 'failed', 'cancelled'].includes(each.job.state),
      60_000,
    );
    expect(plan.job.state).toBe('succeeded');
    const group = plan.groups.find((each) => each.rebarId === spec.id)!;
    expect(group.freeStock?.find((free) => free.length === 12_000)?.bars).toBeGreaterThanOrEqual(3);
    const used = (length: number, source: string) =>
      group.patterns
        .filter((pattern) => pattern.stockLength === length && pattern.source === source)
        .reduce((sum, pattern) => sum + pattern.count, 0);
    for (const purchase of planPurchases(plan.groups)) {
      // Every free bar of a bought length is in the plan before one is bought.
      expect(used(purchase.length, 'stock')).toBeGreaterThanOrEqual(purchase.freeBars);
      expect(purchase.reason).toBe(purchase.freeBars ? 'stock_used' : 'no_stock');
    }

    const approved = await inject('POST', `cutPlan/${planId}/approve`, planner, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const lists = answerOf(await inject('GET', 'purchaseList?status=all', admin), purchaseListPageSchema).items;
    const list = lists.find((each) => each.cutPlanId === planId);
    const bought = planPurchases(plan.groups);
    if (!bought.length) expect(list).toBeUndefined();
    else
      expect(list!.lines.map((line) => [line.length, line.bars])).toEqual(
        bought.map((purchase) => [purchase.length, purchase.bars]),
      );
  });
});
