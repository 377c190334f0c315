import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CUT_PLAN_PERMISSIONS,
  DEMAND_ORDER_PERMISSIONS,
  STOCK_PERMISSIONS,
  TASK_PERMISSIONS,
  dashboardSchema,
  idSchema,
  isoWeekday,
  myTasksSchema,
  nextDay,
  twinBoardSchema,
  type Dashboard,
  type MyTask,
  type MyTasks,
} from '@armature/domain';
import { cutPlanRuns } from '../src/modules/planning/index.ts';
import { createCutPlan, startRun } from '../src/modules/planning/cut-plan.command.ts';
import { DEMO_KEEPER, DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { createUser, listedProductsSchema, loginAs, uniqueName } from './helpers/auth.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { checkedCallsFor, injectorFor, wholeRecord } from './helpers/inject.ts';

type Headers = { authorization: string };
type Product = { id: string; code: string; clientId: string };

describe.each(testDatabases())('my tasks and the dashboard on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let planner: Headers;
  let keeper: Headers;
  let operator: Headers;
  let line1: Product;
  let line2: Product;
  let fixture: TaskFixture;

  const inject = injectorFor(ctx);
  const { sent, ok } = checkedCallsFor(inject);
  const select = (headers: Headers, product: Product) =>
    sent('PUT', 'client/set-currentUser-productId', headers, { clientId: product.clientId, productId: product.id });
  const tasksOf = async (headers: Headers, query = '') => {
    const tasks = await ok(myTasksSchema, 'GET', `my-tasks${query}`, headers);
    // Every item tells since when it waits, as an ISO instant.
    for (const item of tasks.items) expect(item.since, item.label).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    return tasks;
  };
  const ofKind = (tasks: MyTasks, kind: MyTask['kind']) => tasks.items.filter((item) => item.kind === kind);
  const dashboardOf = (headers: Headers) => ok(dashboardSchema, 'GET', 'dashboard', headers);

  /** A spec of the caller's current product weighing 1 kg/m, so kilograms are metres. */
  const createSpec = (headers: Headers, diameter: number) =>
    ok(z.object({ id: idSchema, name: z.string() }), 'POST', 'rebar', headers, {
      grade: uniqueName('T').slice(0, 16),
      diameter,
      unitWeight: 1,
      stockLengths: [9000],
    });
  const move = (headers: Headers, stockKind: string, body: object) =>
    sent('POST', `stockLog/${stockKind}`, headers, { direction: 'in', ...body });
  const order = (headers: Headers, rebarId: string, demandDate: string, quantity = 10) =>
    ok(z.object({ id: idSchema, code: z.string() }), 'POST', 'demandOrder', headers, {
      project: uniqueName('Site '),
      demandDate,
      lines: [{ mark: 'A1', rebarId, length: 2000, quantity }],
    });

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    planner = await loginAs(ctx.app, 'planner');
    keeper = await loginAs(ctx.app, DEMO_KEEPER.userName, DEMO_KEEPER.password);
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    const products = await ok(listedProductsSchema, 'GET', 'product/all', admin);
    line1 = products.find((product) => product.code === 'LINE1')!;
    line2 = products.find((product) => product.code === 'LINE2')!;
    for (const headers of [admin, planner, keeper, operator]) await select(headers, line1);
    fixture = await createTaskFixture(ctx.app.db, {
      tag: uniqueName('W').toUpperCase(),
      purchaseLength: 11_970,
      plannedStart: Date.now(),
    });
  });

  it('offers an operator the queue of their machine, and only a machine of their line', async () => {
    const queue = await tasksOf(operator, `?machineId=${fixture.cutter.id}`);
    const queued = ofKind(queue, 'queuedTask');
    const ids = queued.map((item) => item.id);
    expect(ids).toEqual(
      expect.arrayContaining([fixture.tasks.raw.id, fixture.tasks.tail.id, fixture.tasks.purchase.id]),
    );
    expect(ids).not.toContain(fixture.tasks.bend.id);
    expect(queued.find((item) => item.id === fixture.tasks.raw.id)).toMatchObject({
      label: fixture.tasks.raw.code,
      subject: { page: TASK_PERMISSIONS.operator, id: null },
    });
    expect(queue.counts.queuedTask).toBe(queued.length);
    // An operator confirms no orders and approves no plans.
    expect(Object.keys(queue.counts)).toEqual(['queuedTask']);

    const bender = await tasksOf(operator, `?machineId=${fixture.bender.id}`);
    expect(ofKind(bender, 'queuedTask').map((item) => item.id)).toContain(fixture.tasks.bend.id);
    // A task started leaves the queue.
    await sent('POST', `task/${fixture.tasks.purchase.id}/dispatch`, admin);
    await sent('POST', `task/${fixture.tasks.purchase.id}/start`, operator);
    expect(
      ofKind(await tasksOf(operator, `?machineId=${fixture.cutter.id}`), 'queuedTask').map((i) => i.id),
    ).not.toContain(fixture.tasks.purchase.id);
    expect(await tasksOf(operator)).toEqual({ items: [], counts: { queuedTask: 0 } });

    await select(admin, line2);
    const otherLine = (await ok(twinBoardSchema, 'GET', 'digitalTwin/board', admin)).items;
    await select(admin, line1);
    for (const machineId of [otherLine[0]?.equipmentId ?? randomUUID(), randomUUID()]) {
      const response = await inject('GET', `my-tasks?machineId=${machineId}`, operator);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await inject('GET', 'my-tasks?machineId=nope', operator)).statusCode).toBe(400);
  });

  it('offers a planner the orders to confirm and the plans to approve of their line only', async () => {
    const draft = await order(planner, fixture.rebarId, '2026-12-24');
    const confirmed = await order(planner, fixture.rebarId, '2026-12-28');
    await sent('POST', `demandOrder/${confirmed.id}/confirm`, planner);
    // An optimised plan: its run finished with a result (written, not solved: the figures are the test's).
    const planId = await ctx.app.db.transaction(async (tx) => {
      const id = await createCutPlan(tx, fixture.writer, {
        demandOrderIds: [confirmed.id],
        sources: { raw: true, tails: true, purchase: true },
        timeLimitS: 1,
        remark: null,
      });
      const { runId } = await startRun(tx, fixture.writer, id, {}, { enqueue: false });
      await tx
        .update(cutPlanRuns)
        .set({
          result: { groups: [], totals: { wasteRate: 0.0123 } as never },
          finishedTime: new Date().toISOString(),
        })
        .where(eq(cutPlanRuns.id, runId));
      return id;
    });
    await select(admin, line2);
    const elsewhere = await order(admin, (await createSpec(admin, 12)).id, '2026-12-24');
    await select(admin, line1);

    const mine = await tasksOf(planner);
    expect(Object.keys(mine.counts).sort()).toEqual(['orderToConfirm', 'planToApprove']);
    const orders = ofKind(mine, 'orderToConfirm');
    expect(orders.map((item) => item.id)).toContain(draft.id);
    expect(orders.map((item) => item.id)).not.toContain(confirmed.id);
    expect(orders.map((item) => item.id)).not.toContain(elsewhere.id);
    expect(orders.find((item) => item.id === draft.id)).toMatchObject({
      label: draft.code,
      params: { dueDate: '2026-12-24' },
      subject: { page: DEMAND_ORDER_PERMISSIONS.read, id: draft.id },
    });
    expect(mine.counts.orderToConfirm).toBe(orders.length);
    expect(ofKind(mine, 'planToApprove').find((item) => item.id === planId)).toMatchObject({
      params: { wasteRate: 0.0123 },
      subject: { page: CUT_PLAN_PERMISSIONS.read, id: planId },
    });
    // The fixture's plan is approved already: nothing to do.
    expect(ofKind(mine, 'planToApprove').map((item) => item.id)).not.toContain(fixture.cutPlanId);

    await sent('POST', `demandOrder/${draft.id}/confirm`, planner);
    expect(ofKind(await tasksOf(planner), 'orderToConfirm').map((item) => item.id)).not.toContain(draft.id);
  });

  it('offers password resets to admins, and to a plant manager only for their own client’s users', async () => {
    const asker = await createUser(ctx.app, admin, { productIds: [line1.id] });
    const maker = await createUser(ctx.app, admin);
    for (const user of [asker, maker])
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/account/forgot-password',
            payload: { userName: user.userName },
          })
        ).statusCode,
      ).toBe(202);
    const forAdmin = ofKind(await tasksOf(admin), 'passwordReset');
    expect(forAdmin.map((item) => item.label)).toEqual(expect.arrayContaining([asker.userName, maker.userName]));
    expect(forAdmin.find((item) => item.id === asker.id)?.subject).toEqual({
      page: 'basicConfig.user.personnel',
      id: null,
    });

    const role = uniqueName('hr');
    await sent('POST', 'roles', admin, { name: role });
    await sent('PUT', `permissions?providerName=R&providerKey=${role}`, admin, {
      permissions: ['basicConfig.user.personnel', 'basicConfig.user.personnel.resetPassword'].map((name) => ({
        name,
        isGranted: true,
      })),
    });
    const manager = await createUser(ctx.app, admin, { roleNames: [role], productIds: [line1.id] });
    const headers = await loginAs(ctx.app, manager.userName, manager.password);
    // Before choosing a product, what is no product's work is offered already.
    const unchosen = await tasksOf(headers);
    expect(Object.keys(unchosen.counts)).toEqual(['passwordReset']);
    expect((await inject('GET', 'dashboard', headers)).json().error.code).toBe('no_product_selected');
    await select(headers, line1);
    const forManager = await tasksOf(headers);
    expect(Object.keys(forManager.counts)).toEqual(['passwordReset']);
    const labels = ofKind(forManager, 'passwordReset').map((item) => item.label);
    expect(labels).toContain(asker.userName);
    expect(labels).not.toContain(maker.userName);
    expect(Object.keys((await tasksOf(planner)).counts)).not.toContain('passwordReset');
  });

  it('tells a keeper of the specs whose free raw stock fell below their minimum', async () => {
    const low = await createSpec(admin, 13);
    const enough = await createSpec(admin, 15);
    for (const spec of [low, enough])
      await move(admin, 'raw', { rebarId: spec.id, length: 9000, quantity: 10, heatNo: 'H1', reason: 'adjustment' });
    const before = ofKind(await tasksOf(keeper), 'lowStock').map((item) => item.id);
    expect(before).not.toContain(low.id);
    const setMinimum = async (id: string, minStock: number) => {
      const current = await ok(wholeRecord, 'GET', `rebar/${id}`, admin);
      await sent('PUT', `rebar/${id}`, admin, { ...current, minStock });
    };
    await setMinimum(low.id, 100);
    await setMinimum(enough.id, 50);
    const tasks = await tasksOf(keeper);
    const lows = ofKind(tasks, 'lowStock');
    expect(lows.find((item) => item.id === low.id)).toMatchObject({
      label: low.name,
      params: { availableKg: 90, minStockKg: 100 },
      subject: { page: STOCK_PERMISSIONS.raw.stock, id: null },
    });
    expect(lows.map((item) => item.id)).not.toContain(enough.id);
    expect(tasks.counts.lowStock).toBe(lows.length);
    expect(Object.keys(tasks.counts)).not.toContain('orderToConfirm');
    // Another line's keeper work never shows: the admin in LINE2 sees none of LINE1's specs.
    await select(admin, line2);
    expect(ofKind(await tasksOf(admin), 'lowStock').map((item) => item.id)).not.toContain(low.id);
    await select(admin, line1);
  });

  it('computes the dashboard of a small line by hand', async () => {
    const code = uniqueName('D').toUpperCase().slice(0, 12);
    const product = await ok(listedProductsSchema.element, 'POST', 'product', admin, {
      code,
      name: '演示四号线',
      clientId: line1.clientId,
    });
    await select(admin, product);
    const spec = await createSpec(admin, 14);
    await move(admin, 'raw', { rebarId: spec.id, length: 9000, quantity: 10, heatNo: 'H1', reason: 'adjustment' }); // 90 kg
    await move(admin, 'tail', { rebarId: spec.id, length: 2000, quantity: 4, reason: 'production' }); // 8 kg
    await move(admin, 'finished', { rebarId: spec.id, length: 2000, quantity: 30, reason: 'production' }); // 60 kg
    await move(admin, 'waste', { rebarId: spec.id, length: 1000, quantity: 5, reason: 'production' }); // 5 kg
    await move(admin, 'waste', { rebarId: spec.id, length: 1000, quantity: 2, reason: 'adjustment' }); // not waste made

    const { date } = await dashboardOf(admin);
    const sunday = nextDay(date, 7 - isoWeekday(date));
    const dueToday = await order(admin, spec.id, date);
    const dueSunday = await order(admin, spec.id, sunday);
    const nextWeek = await order(admin, spec.id, nextDay(sunday));
    await order(admin, spec.id, date); // a draft: not due work yet
    for (const { id } of [dueToday, dueSunday, nextWeek]) await sent('POST', `demandOrder/${id}/confirm`, admin);

    const board = await dashboardOf(admin);
    expect(board.production).toEqual({ pieces: 0, kg: 0, machines: [] });
    expect(board.oee).toEqual([]);
    expect(board.stock).toEqual([{ diameter: 14, rawKg: 90, tailKg: 8, reservedKg: 0 }]);
    expect(board.ordersDue).toEqual(
      [dueToday, dueSunday].map((due, index) => ({
        id: due.id,
        code: due.code,
        name: expect.any(String),
        dueDate: index === 0 ? date : sunday,
        status: 'confirmed',
        planned: 0,
        produced: 0,
      })),
    );
    const trend = board.wasteTrend!;
    expect(trend).toHaveLength(30);
    expect(trend[0]!.date).toBe(nextDay(date, -29));
    expect(trend.at(-1)).toEqual({ date, producedKg: 60, wasteKg: 5, rate: 5 / 65 });
    expect(
      trend.slice(0, -1).every((point) => point.producedKg === 0 && point.wasteKg === 0 && point.rate === null),
    ).toBe(true);
    await select(admin, line1);
  });

  it('counts today’s production per machine from what tasks finished, and shows the twin’s OEE', async () => {
    const cutter = (board: Dashboard) =>
      board.production!.machines.find((row) => row.equipmentId === fixture.cutter.id)!;
    const before = await dashboardOf(planner);
    await sent('POST', `task/${fixture.tasks.raw.id}/dispatch`, admin);
    // The cutter runs one task at a time: the purchased-length task started above waits, paused.
    await sent('POST', `task/${fixture.tasks.purchase.id}/pause`, operator);
    await sent('POST', `task/${fixture.tasks.raw.id}/start`, operator);
    await sent('POST', `task/${fixture.tasks.raw.id}/report`, operator, { done: 2 });
    const after = await dashboardOf(planner);
    // 2 bars × 3 pieces of 3 m of Φ12 at 0.888 kg/m: 6 pieces, 15.984 kg.
    expect(cutter(after).pieces - cutter(before).pieces).toBe(6);
    expect(cutter(after).kg - cutter(before).kg).toBeCloseTo(15.984, 3);
    expect(after.production!.pieces - before.production!.pieces).toBe(6);
    // The 2 raw 12 m bars cut left stock and their reservation: 2 × 12 m × 0.888 kg/m = 21.312 kg each.
    const phi12 = (board: Dashboard) => board.stock!.find((row) => row.diameter === 12)!;
    expect(phi12(before).rawKg - phi12(after).rawKg).toBeCloseTo(21.312, 3);
    expect(phi12(before).reservedKg - phi12(after).reservedKg).toBeCloseTo(21.312, 3);

    const twin = await ok(twinBoardSchema, 'GET', 'digitalTwin/board', planner);
    // Each machine comes with its serial number: two machines of one model (one name) are told apart by it.
    expect(after.oee!.map((row) => [row.equipmentId, row.name, row.serialNumber])).toEqual(
      twin.items.map((card) => [card.equipmentId, card.name, card.serialNumber]),
    );
    expect(cutter(after).serialNumber).toBe(
      twin.items.find((card) => card.equipmentId === fixture.cutter.id)!.serialNumber,
    );
    expect(after.ordersDue).not.toBeNull();
  });

  it('leaves out the tiles of pages the user cannot open', async () => {
    const nobody = await createUser(ctx.app, admin, { productIds: [line1.id] });
    const headers = await loginAs(ctx.app, nobody.userName, nobody.password);
    await select(headers, line1);
    expect(await dashboardOf(headers)).toMatchObject({
      production: null,
      oee: null,
      ordersDue: null,
      stock: null,
      wasteTrend: null,
    });
    expect(await tasksOf(headers)).toEqual({ items: [], counts: {} });
    const forKeeper = await dashboardOf(keeper);
    expect(forKeeper).toMatchObject({ production: null, oee: null, ordersDue: null });
    expect(forKeeper.stock).not.toBeNull();
    expect(forKeeper.wasteTrend).toHaveLength(30);
    expect((await inject('GET', 'dashboard', {})).statusCode).toBe(401);
  });
});
