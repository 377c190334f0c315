import type pg from 'pg';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cutPlanSchema,
  dailyPlanDetailSchema,
  DELIVERY_PERMISSIONS,
  flattenPages,
  myTasksSchema,
  pagedResultSchema,
  productResource,
  resourceItemSchema,
  systemNodeSchema,
  TASK_PERMISSIONS,
  taskBulkResultSchema,
  taskDetailSchema,
  taskQueueSchema,
} from '@armature/domain';
import { createUser, loginAs, selectProduct } from './helpers/auth.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { answerOf, injectorFor, pageOf, withId } from './helpers/inject.ts';
import { moveTasks } from './helpers/replan.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { equipment } from '../src/modules/equipment/index.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { DEMO_OPERATOR, DEMO_SHIFT_LEAD } from '../src/modules/users/index.ts';

type Headers = { authorization: string; 'accept-language'?: string };
type Product = { id: string; code: string; clientId: string };

// A Tuesday: plant day 2026-12-01 in Asia/Shanghai, 09:00 there.
const PLANNED = Date.parse('2026-12-01T01:00:00Z');

describe.each(testDatabases())('dispatching tasks on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);
  let admin: Headers;
  let lead: Headers;
  let operator: Headers;
  /** An administrator working in LINE2: another product's tasks. */
  let other: Headers;
  let line1: Product;
  let line2: Product;
  let fixture: TaskFixture;
  /** A second cutting machine of LINE1 (a copy of the fixture's cutter). */
  let spareCutter: string;
  /** The same machine installed on LINE2: another line's. */
  let otherLineCutter: string;
  /** A third cutting machine of LINE1, free for the test of simultaneous starts. */
  let racingCutter: string;

  const detail = async (id: string, headers: Headers = admin) => {
    const response = await inject('GET', `task/${id}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, taskDetailSchema);
  };
  const bulk = async (action: string, headers: Headers, body: object, status = 200) => {
    const response = await inject('POST', `task/bulk/${action}`, headers, body);
    expect(response.statusCode, response.body).toBe(status);
    return answerOf(response, taskBulkResultSchema);
  };

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    lead = {
      ...(await loginAs(ctx.app, DEMO_SHIFT_LEAD.userName, DEMO_SHIFT_LEAD.password)),
      'accept-language': 'en-US',
    };
    operator = {
      ...(await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password)),
      'accept-language': 'en-US',
    };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    line2 = products.find((product) => product.code === 'LINE2')!;
    for (const headers of [admin, lead, operator]) await selectProduct(ctx.app, headers, line1);
    const second = await createUser(ctx.app, admin, { roleNames: ['admin'] });
    other = { ...(await loginAs(ctx.app, second.userName, second.password)), 'accept-language': 'en-US' };
    await selectProduct(ctx.app, other, line2);
    fixture = await createTaskFixture(ctx.app.db, { tag: 'D1', purchaseLength: 9020, plannedStart: PLANNED });
    const [cutter] = await ctx.app.db.select().from(equipment).where(eq(equipment.id, fixture.cutter.id));
    const { id: _id, serialNumber, ...machine } = cutter!;
    // A machine that cuts Φ12 (the fixture's "cutter" is only the line's first machine by serial number).
    const [cut] = await ctx.app.db.select({ id: techniques.id }).from(techniques).where(eq(techniques.code, 'CUT'));
    const rest = { ...machine, techniqueIds: [cut!.id], diameterMin: 6, diameterMax: 40 };
    const [copy] = await ctx.app.db
      .insert(equipment)
      .values({ ...rest, serialNumber: `${serialNumber}-B` })
      .returning({ id: equipment.id });
    spareCutter = copy!.id;
    const [racing] = await ctx.app.db
      .insert(equipment)
      .values({ ...rest, serialNumber: `${serialNumber}-D` })
      .returning({ id: equipment.id });
    racingCutter = racing!.id;
    const [theirs] = await ctx.app.db
      .insert(equipment)
      .values({ ...rest, serialNumber: `${serialNumber}-C`, productId: line2.id })
      .returning({ id: equipment.id });
    otherLineCutter = theirs!.id;
  });

  it('gives the demo shift lead dispatch and cancel on the task page, and no operator button', async () => {
    const menus = await inject('GET', 'permissions/usermenus', lead);
    expect(menus.statusCode).toBe(200);
    const taskPage = flattenPages(answerOf(menus, z.array(systemNodeSchema))).find(
      (page) => page.id === TASK_PERMISSIONS.read,
    );
    const keys = taskPage!.buttons.map((button) => button.key);
    expect(keys).toEqual(expect.arrayContaining(['dispatch', 'cancel', 'print', 'export']));
    expect(keys).not.toContain('start');
    expect(keys).not.toContain('complete');
    // A shift's or a machine's tags at once print with the delivery documents' permission.
    const deliveryPage = flattenPages(answerOf(menus, z.array(systemNodeSchema))).find(
      (page) => page.id === DELIVERY_PERMISSIONS.read,
    );
    expect(deliveryPage!.buttons.map((button) => button.id)).toContain(DELIVERY_PERMISSIONS.print);
  });

  it('dispatches in bulk: each task its outcome, a refused one named with its reason, the others done', async () => {
    const { raw, tail } = fixture.tasks;
    const started = await bulk('dispatch', lead, { ids: [raw.id] });
    expect(started.results).toEqual([{ id: raw.id, code: raw.code, ok: true, status: 'dispatched', error: null }]);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const mixed = await bulk('dispatch', lead, { ids: [raw.id, tail.id, unknown] });
    expect(mixed.results).toEqual([
      {
        id: raw.id,
        code: raw.code,
        ok: false,
        status: 'dispatched',
        error: { code: 'task_transition', message: `Task ${raw.code} is Dispatched: “Dispatch” is not possible` },
      },
      { id: tail.id, code: tail.code, ok: true, status: 'dispatched', error: null },
      { id: unknown, code: null, ok: false, status: null, error: expect.objectContaining({ code: 'not_found' }) },
    ]);
    // The events say who dispatched, once each.
    expect((await detail(tail.id)).events.map((event) => [event.action, event.userName])).toEqual([
      ['dispatch', '陈班长'],
    ]);
    // A retry with the same key answers the same and changes nothing.
    const key = { 'idempotency-key': `bulk-${kind}` };
    const first = await inject('POST', 'task/bulk/cancel', { ...lead, ...key }, { ids: [fixture.tasks.purchase.id] });
    const again = await inject('POST', 'task/bulk/cancel', { ...lead, ...key }, { ids: [fixture.tasks.purchase.id] });
    expect(again.json()).toEqual(first.json());
    expect((await detail(fixture.tasks.purchase.id)).status).toBe('cancelled');
  });

  it('moves tasks (a re-plan) only to a machine of the line that can do them, and only before they start', async () => {
    const { raw, tail, bend } = fixture.tasks;
    // The bend cannot go to a cutter: the proposal says so and applying it is refused, nothing moved.
    const both = await moveTasks(inject, lead, [raw.id, bend.id], spareCutter);
    expect(both.statusCode).toBe(409);
    expect(both.json().error.code).toBe('replan_unplaced');
    expect((await detail(raw.id)).equipmentId).not.toBe(spareCutter);
    const moved = await moveTasks(inject, lead, [raw.id], spareCutter);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await detail(raw.id)).equipmentId).toBe(spareCutter);
    expect((await detail(raw.id)).status).toBe('dispatched');
    expect((await detail(bend.id)).equipmentId).toBe(fixture.bender.id);
    const event = (await detail(raw.id)).events.at(-1)!;
    expect(event).toMatchObject({ action: 'replan', data: { to: expect.stringContaining('-B') } });
    // The spare cutter's queue has it now; the first cutter's no longer.
    const queue = answerOf(await inject('GET', `task/queue?equipmentId=${spareCutter}`, operator), taskQueueSchema);
    expect(queue.tasks.map((task) => task.id)).toEqual([raw.id]);

    // A machine of another line, or none, refuses the whole request.
    const refused = await moveTasks(inject, lead, [tail.id], otherLineCutter);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toHaveProperty('equipmentId');
    const none = await inject('POST', 'task/replan/preview', lead, { kind: 'move', taskIds: [tail.id] });
    expect(none.statusCode).toBe(400);

    // The tail task joins it there; started, it stays where it runs. (The fixture's first machine does
    // not cut: only the spare cutter can take both.)
    expect((await moveTasks(inject, lead, [tail.id], spareCutter)).statusCode).toBe(200);
    expect((await detail(tail.id)).status).toBe('dispatched');
    expect((await inject('POST', `task/${tail.id}/start`, operator)).statusCode).toBe(200);
    const late = await moveTasks(inject, lead, [tail.id], fixture.cutter.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'task_transition',
      message: `Task ${tail.code} is Running: “Re-assign” is not possible`,
    });
  });

  it('runs one task at a time on a machine unless the machine allows more', async () => {
    const { raw, tail } = fixture.tasks;
    // The tail task runs on the spare cutter (previous test); the raw one waits on the same machine.
    const second = await inject('POST', `task/${raw.id}/start`, operator);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'machine_busy' });
    expect(second.json().error.message).toContain(tail.code);
    expect((await detail(raw.id)).status).toBe('dispatched');

    // Paused, the machine is free; resuming the first while the second runs is refused in turn.
    expect((await inject('POST', `task/${tail.id}/pause`, operator)).statusCode).toBe(200);
    expect((await inject('POST', `task/${raw.id}/start`, operator)).statusCode).toBe(200);
    const resumed = await inject('POST', `task/${tail.id}/resume`, operator);
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().error.message).toContain(raw.code);

    // A machine with two heads runs both.
    await ctx.app.db.update(equipment).set({ concurrentTasks: 2 }).where(eq(equipment.id, spareCutter));
    expect((await inject('POST', `task/${tail.id}/resume`, operator)).statusCode).toBe(200);
    await ctx.app.db.update(equipment).set({ concurrentTasks: 1 }).where(eq(equipment.id, spareCutter));
  });

  it('keeps two simultaneous starts on one machine apart: one runs, the other is refused', async () => {
    const fresh = await createTaskFixture(ctx.app.db, { tag: 'D2', purchaseLength: 9030, plannedStart: PLANNED });
    // On a cutter of their own, free of the first fixture's tasks (which run on the spare one).
    const ids = [fresh.tasks.raw.id, fresh.tasks.tail.id];
    const moved = await moveTasks(inject, lead, ids, racingCutter);
    expect(moved.statusCode, moved.body).toBe(200);
    const dispatched = await bulk('dispatch', lead, { ids });
    expect(dispatched.results.every((result) => result.ok)).toBe(true);
    const answers = await Promise.all(ids.map((id) => inject('POST', `task/${id}/start`, operator)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  // PGlite serves one connection: no second transaction can hold the machine's row meanwhile.
  if (kind === 'postgres') {
    it('starts a task while another transaction only refers to its machine (a release writing tasks for it)', async () => {
      const fresh = await createTaskFixture(ctx.app.db, { tag: 'D3', purchaseLength: 9040, plannedStart: PLANNED });
      const { raw } = fresh.tasks;
      expect((await inject('POST', `task/${raw.id}/dispatch`, lead)).statusCode).toBe(200);
      // What inserting a row that references the machine takes until its commit: a key-share lock.
      const holder = await (ctx.handle as { pool: pg.Pool }).pool.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from equipment where id = $1 for key share', [fresh.cutter.id]);
        const started = await inject('POST', `task/${raw.id}/start`, operator);
        expect(started.statusCode, started.body).toBe(200);
      } finally {
        await holder.query('rollback');
        holder.release();
      }
      expect((await detail(raw.id)).status).toBe('running');
    });
  }

  it('checks access and tenancy: the operator may not, another line sees nothing of ours', async () => {
    const { bend } = fixture.tasks;
    expect((await inject('POST', 'task/bulk/dispatch', operator, { ids: [bend.id] })).statusCode).toBe(403);
    expect((await inject('POST', 'task/bulk/cancel', operator, { ids: [bend.id] })).statusCode).toBe(403);
    const theirs = await bulk('cancel', other, { ids: [bend.id] });
    expect(theirs.results).toEqual([
      { id: bend.id, code: null, ok: false, status: null, error: expect.objectContaining({ code: 'not_found' }) },
    ]);
    expect((await detail(bend.id)).status).toBe('pending');
    expect((await inject('POST', 'task/bulk/dispatch', lead, { ids: [] })).statusCode).toBe(400);
    expect((await inject('POST', 'task/bulk/dispatch', lead, { ids: ['nope'] })).statusCode).toBe(400);
  });

  it('keeps the operator’s machine on the server, a machine of their line only', async () => {
    expect((await inject('GET', 'task/my-machine', operator)).json()).toEqual({ equipmentId: null });
    const chosen = await inject('PUT', 'task/my-machine', operator, { equipmentId: spareCutter });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // Another sign-in (another device) finds it.
    const again = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    expect((await inject('GET', 'task/my-machine', again)).json()).toEqual({ equipmentId: spareCutter });
    const refused = await inject('PUT', 'task/my-machine', operator, { equipmentId: otherLineCutter });
    expect(refused.statusCode).toBe(400);
    expect((await inject('GET', 'task/my-machine', operator)).json()).toEqual({ equipmentId: spareCutter });
    // "My tasks" lists that machine's queue without being told which.
    const mine = answerOf(await inject('GET', 'my-tasks', operator), myTasksSchema);
    expect(mine.items.length).toBeGreaterThan(0);
    for (const item of mine.items) expect(item.params.machine).toContain('-B');
  });

  it('leaves released tasks pending for the shift lead when the product says so', async () => {
    const setting = answerOf(await inject('GET', 'product-setting/normal', admin), pageOf(withId.loose())).items.find(
      (item) => item.productId === line1.id,
    )!;
    expect(setting.dispatchMode).toBe('onRelease');
    const updated = await inject('PUT', `product-setting/normal/${setting.id}`, admin, {
      ...setting,
      dispatchMode: 'byShiftLead',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const planner = await loginAs(ctx.app, 'planner');
    await selectProduct(ctx.app, planner, line1);
    const approved = answerOf(await inject('GET', 'cutPlan?status=approved', planner), pagedResultSchema(cutPlanSchema))
      .items[0]!;
    const made = await inject('POST', 'dailyPlan', planner, {
      firstDay: '2026-12-07',
      days: 3,
      cutPlanIds: [approved.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const released = await inject('POST', `dailyPlan/${answerOf(made, dailyPlanDetailSchema).id}/release`, planner);
    expect(released.statusCode, released.body).toBe(200);
    const jobs = answerOf(released, dailyPlanDetailSchema).jobs;
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.taskStatus === 'pending')).toBe(true);
    const all = await bulk('dispatch', lead, { ids: jobs.map((job) => job.taskId!) });
    expect(all.results.every((result) => result.ok && result.status === 'dispatched')).toBe(true);
  });
});
