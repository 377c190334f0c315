import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  productResource,
  resourceItemSchema,
  shiftWindows,
  taskDetailSchema,
  taskPageSchema,
  taskQueueSchema,
} from '@armature/domain';
import { createUser, loginAs, selectProduct } from './helpers/auth.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { dailyPlans } from '../src/modules/processing/index.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';

type Headers = { authorization: string; 'accept-language'?: string };
type Product = { id: string; code: string; clientId: string; timeZone: string };

// A Tuesday: plant day 2026-12-01 in Asia/Shanghai, 09:00 there.
const PLANNED = Date.parse('2026-12-01T01:00:00Z');

describe.each(testDatabases())('machine tasks on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let operator: Headers;
  /** An administrator working in LINE2: another product's tasks. */
  let other: Headers;
  let line1: Product;
  let fixture: TaskFixture;

  const inject = injectorFor(ctx);

  const select = (headers: Headers, product: Product) => selectProduct(ctx.app, headers, product);

  const detail = async (id: string, headers: Headers = admin) => {
    const response = await inject('GET', `task/${id}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, taskDetailSchema);
  };
  const act = (id: string, action: string, headers: Headers, payload?: object) =>
    inject('POST', `task/${id}/${action}`, headers, payload);
  const listed = async (query: string) => {
    const response = await inject('GET', `task?${query}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, taskPageSchema);
  };

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    const line2 = products.find((product) => product.code === 'LINE2')!;
    await select(admin, line1);
    await select(operator, line1);
    const second = await createUser(ctx.app, admin, { roleNames: ['admin'] });
    other = await loginAs(ctx.app, second.userName, second.password);
    await select(other, line2);
    fixture = await createTaskFixture(ctx.app.db, { tag: 'T1', purchaseLength: 9010, plannedStart: PLANNED });
  });

  it('lists a schedule’s tasks in planned order, with their pattern, outputs and order lines', async () => {
    const page = await listed(`dailyPlanId=${fixture.dailyPlanId}`);
    expect(page.totalCount).toBe(4);
    expect(page.items.map((task) => task.id)).toEqual([
      fixture.tasks.raw.id,
      fixture.tasks.tail.id,
      fixture.tasks.purchase.id,
      fixture.tasks.bend.id,
    ]);
    const [raw, tail, , bend] = page.items;
    expect(raw).toMatchObject({
      code: expect.stringMatching(/^TK\d{8}-\d{4}$/),
      status: 'pending',
      kind: 'cut',
      cutPlanId: fixture.cutPlanId,
      cutPlanCode: fixture.cutPlanCode,
      diameter: 12,
      grade: 'HRB400E',
      repetitions: 5,
      done: 0,
      piecesTotal: 15,
      piecesDone: 0,
      pattern: { stockLength: 12_000, source: 'stock', heatNo: 'T1R', offcut: 2990 },
    });
    expect(raw!.outputs).toEqual([
      expect.objectContaining({
        orderLineId: fixture.lineA,
        mark: 'T1-A',
        length: 3000,
        pieces: 15,
        stage: 'finished',
      }),
    ]);
    expect(tail!.outputs.map((output) => [output.mark, output.stage, output.pieces])).toEqual([
      ['T1-A', 'finished', 2],
      ['T1-B', 'wip', 2],
    ]);
    expect(bend).toMatchObject({ kind: 'bend', pattern: null, equipmentId: fixture.bender.id, piecesTotal: 2 });
    expect(bend!.outputs[0]).toMatchObject({
      shapeCode: '11',
      mandrel: 48,
      geometry: [
        { length: 1500, angle: 90 },
        { length: 1000, angle: 0 },
      ],
    });
  });

  it('filters by machine, kind, status, keyword, plant day and shift', async () => {
    const scoped = `dailyPlanId=${fixture.dailyPlanId}`;
    expect((await listed(`${scoped}&kind=bend`)).items.map((task) => task.id)).toEqual([fixture.tasks.bend.id]);
    expect((await listed(`${scoped}&equipmentId=${fixture.cutter.id}`)).totalCount).toBe(3);
    expect((await listed(`${scoped}&status=pending&status=done`)).totalCount).toBe(4);
    expect((await listed(`${scoped}&status=running`)).totalCount).toBe(0);
    expect((await listed(`filter=${fixture.tasks.purchase.code}`)).items.map((task) => task.id)).toEqual([
      fixture.tasks.purchase.id,
    ]);
    expect((await listed(`${scoped}&day=2026-12-01`)).totalCount).toBe(4);
    expect((await listed(`${scoped}&day=2026-12-02`)).totalCount).toBe(0);

    // The cutter's shift at 09:00 on that day holds its first task.
    const day = { from: Date.parse('2026-11-30T16:00:00Z'), to: Date.parse('2026-12-01T16:00:00Z') };
    const shift = shiftWindows(fixture.cutter.shiftCalendar, day.from, day.to, line1.timeZone).find(
      (window) => window.from <= PLANNED && PLANNED < window.to,
    );
    expect(shift, 'the demo cutter works on Tuesday mornings').toBeDefined();
    const inShift = await listed(`${scoped}&day=2026-12-01&shift=${shift!.name}&equipmentId=${fixture.cutter.id}`);
    expect(inShift.items.map((task) => task.id)).toContain(fixture.tasks.raw.id);
    expect((await listed(`${scoped}&day=2026-12-01&shift=nosuchshift`)).totalCount).toBe(0);

    const noDay = await inject('GET', `task?shift=${shift!.name}`, admin);
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().error.details).toHaveProperty('day');
  });

  it('runs through its states with one event per transition; wrong ones answer 409 with localized labels', async () => {
    const { raw } = fixture.tasks;
    const refusedStart = await act(raw.id, 'start', admin);
    expect(refusedStart.statusCode).toBe(409);
    expect(refusedStart.json().error).toMatchObject({
      code: 'task_transition',
      message: `Task ${raw.code} is Pending: “Start” is not possible`,
    });

    expect((await act(raw.id, 'dispatch', admin)).statusCode).toBe(200);
    const started = await act(raw.id, 'start', operator);
    expect(started.statusCode, started.body).toBe(200);
    expect(answerOf(started, taskDetailSchema)).toMatchObject({ status: 'running', startedAt: expect.any(String) });
    const [plan] = await ctx.app.db.select().from(dailyPlans).where(eq(dailyPlans.id, fixture.dailyPlanId));
    expect(plan!.status).toBe('inProgress');

    expect((await act(raw.id, 'pause', operator)).statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/task/${raw.id}/pause`,
      headers: { ...operator, 'accept-language': 'fr-FR' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `La tâche ${raw.code} est à l’état « En pause » : « Mettre en pause » est impossible`,
    );
    expect((await act(raw.id, 'resume', operator)).statusCode).toBe(200);
    const cancelRunning = await act(raw.id, 'cancel', admin);
    expect(cancelRunning.statusCode).toBe(409);

    const task = await detail(raw.id);
    expect(task.status).toBe('running');
    expect(task.events.map((event) => [event.action, event.fromStatus, event.toStatus])).toEqual([
      ['dispatch', 'pending', 'dispatched'],
      ['start', 'dispatched', 'running'],
      ['pause', 'running', 'paused'],
      ['resume', 'paused', 'running'],
    ]);
    expect(task.events[1]!.userName).toBe(DEMO_OPERATOR.name);
  });

  it('fails a task with its reason, and cancels one nobody started', async () => {
    const own = await createTaskFixture(ctx.app.db, { tag: 'T2', purchaseLength: 9020, plannedStart: PLANNED });
    const { raw, purchase } = own.tasks;
    // The cutter runs one task at a time: the shared fixture's task running on it waits, paused.
    await act(fixture.tasks.raw.id, 'pause', operator);
    await act(raw.id, 'dispatch', admin);
    await act(raw.id, 'start', operator);
    const noReason = await act(raw.id, 'fail', operator, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details).toHaveProperty('reason');
    const failed = await act(raw.id, 'fail', operator, { reason: 'blade broke' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(answerOf(failed, taskDetailSchema)).toMatchObject({
      status: 'failed',
      failReason: 'blade broke',
      finishedAt: expect.any(String),
    });
    expect((await act(raw.id, 'complete', operator)).statusCode).toBe(409);
    expect((await act(fixture.tasks.raw.id, 'resume', operator)).statusCode).toBe(200);

    const cancelled = await act(purchase.id, 'cancel', admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(answerOf(cancelled, taskDetailSchema).status).toBe('cancelled');
  });

  it('does not start a bend task before its cut task has cut its pieces', async () => {
    const { bend, tail } = fixture.tasks;
    await act(bend.id, 'dispatch', admin);
    const refused = await act(bend.id, 'start', operator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'task_waits_for_cut' });
    expect(refused.json().error.message).toContain(tail.code);
    expect((await detail(bend.id)).status).toBe('dispatched');
  });

  it('shows a machine’s queue to its operator, in planned order', async () => {
    const response = await inject('GET', `task/queue?equipmentId=${fixture.cutter.id}`, operator);
    expect(response.statusCode, response.body).toBe(200);
    const queue = answerOf(response, taskQueueSchema);
    expect(queue.equipment).toMatchObject({ id: fixture.cutter.id, serialNumber: fixture.cutter.serialNumber });
    expect(queue.tasks.every((task) => ['dispatched', 'running', 'paused'].includes(task.status))).toBe(true);
    expect(queue.tasks.map((task) => task.id)).toContain(fixture.tasks.raw.id);
    const starts = queue.tasks.map((task) => task.plannedStart);
    expect(starts).toEqual([...starts].sort());

    const elsewhere = await inject('GET', `task/queue?equipmentId=${fixture.cutter.id}`, other);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('with `next`, answers the running and paused tasks and the first dispatched ones, each as the whole queue shows it', async () => {
    const queueOf = async (query: string) => {
      const response = await inject('GET', `task/queue?equipmentId=${fixture.cutter.id}${query}`, operator);
      expect(response.statusCode, response.body).toBe(200);
      return answerOf(response, taskQueueSchema);
    };
    const queued = await createTaskFixture(ctx.app.db, { tag: 'T3', purchaseLength: 9030, plannedStart: PLANNED });
    for (const task of [queued.tasks.raw, queued.tasks.tail, queued.tasks.purchase])
      expect((await act(task.id, 'dispatch', admin)).statusCode).toBe(200);
    // A running task among the dispatched ones: one of the fixture's, unless the machine runs one already.
    if (!(await queueOf('')).tasks.some((task) => task.status === 'running'))
      expect((await act(queued.tasks.tail.id, 'start', operator)).statusCode).toBe(200);
    const whole = await queueOf('');
    const dispatched = whole.tasks.filter((task) => task.status === 'dispatched');
    const working = whole.tasks.filter((task) => task.status !== 'dispatched');
    expect(dispatched.length).toBeGreaterThan(1);
    expect(working.length).toBeGreaterThan(0);
    expect(whole.dispatchedCount).toBe(dispatched.length);
    for (const next of [0, 1, dispatched.length + 1]) {
      const shown = new Set([...working, ...dispatched.slice(0, next)].map((task) => task.id));
      expect(await queueOf(`&next=${next}`)).toEqual({
        ...whole,
        tasks: whole.tasks.filter((task) => shown.has(task.id)),
      });
    }
    expect((await inject('GET', `task/queue?equipmentId=${fixture.cutter.id}&next=-1`, operator)).statusCode).toBe(400);
  });

  it('opens the task a scanned code names; anything else answers 404', async () => {
    const { purchase } = fixture.tasks;
    const byCode = await inject('GET', `task/resolve?code=${purchase.code.toLowerCase()}`, operator);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json()).toEqual({ taskId: purchase.id });
    expect((await inject('GET', 'task/resolve?code=TK19990101-0001', operator)).statusCode).toBe(404);
    const unknownTag = await inject(
      'GET',
      `task/resolve?code=${encodeURIComponent('https://x/scan/AAAAAAAAAAAAAAAAAAAAAA')}`,
      operator,
    );
    expect(unknownTag.statusCode).toBe(404);
    expect((await inject('GET', `task/resolve?code=${purchase.code}`, other)).statusCode).toBe(404);
  });

  it('answers 404 for another product’s task, read or written', async () => {
    const { purchase } = fixture.tasks;
    expect((await inject('GET', `task/${purchase.id}`, other)).statusCode).toBe(404);
    expect((await act(purchase.id, 'dispatch', other)).statusCode).toBe(404);
    expect((await listed(`filter=${purchase.code}`)).totalCount).toBe(1);
    const theirs = await inject('GET', `task?filter=${purchase.code}`, other);
    expect(theirs.json().totalCount).toBe(0);
  });

  it('lets an operator run a task but not dispatch or cancel one; without task pages there is no queue', async () => {
    const { purchase } = fixture.tasks;
    expect((await act(purchase.id, 'dispatch', operator)).statusCode).toBe(403);
    expect((await act(purchase.id, 'cancel', operator)).statusCode).toBe(403);
    const stranger = await createUser(ctx.app, admin, { productIds: [line1.id] });
    const headers = await loginAs(ctx.app, stranger.userName, stranger.password);
    expect((await inject('GET', `task/queue?equipmentId=${fixture.cutter.id}`, headers)).statusCode).toBe(403);
    expect((await inject('GET', `task/resolve?code=${purchase.code}`, headers)).statusCode).toBe(403);
    expect((await inject('GET', 'task', headers)).statusCode).toBe(403);
  });
});
