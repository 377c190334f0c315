import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  scanIdSchema,
  cutPlanDetailSchema,
  demandOrderDetailSchema,
  productResource,
  resourceItemSchema,
  stockIntegritySchema,
  stockPageSchema,
  taskDetailSchema,
} from '@armature/domain';
import { loginAs } from './helpers/auth.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import {
  dailyPlanHistory,
  dailyPlans,
  lockTask,
  reportTask,
  runningTasks,
  transitionTask,
} from '../src/modules/processing/index.ts';
import { reportLockedTask } from '../src/modules/processing/task-completion.ts';
import { transitionLockedTask } from '../src/modules/processing/task.command.ts';
import { cutPlanHistory } from '../src/modules/planning/index.ts';
import { writeTelemetry } from '../src/modules/telemetry/telemetry-writer.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { injectorFor, answerOf } from './helpers/inject.ts';
import { someoneWaitsOnALock } from './helpers/lock-waits.ts';

type Headers = Record<string, string>;

const PLANNED = Date.parse('2026-12-01T01:00:00Z');

describe.each(testDatabases())('task completion on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let operator: Headers;
  let purchaseLength = 9100;
  const fixtureOf = (tag: string, lots?: { old: number; recent: number }) =>
    createTaskFixture(ctx.app.db, {
      tag,
      purchaseLength: (purchaseLength += 10),
      plannedStart: PLANNED,
      purchaseLots: lots,
    });

  const inject = injectorFor(ctx);
  const act = (id: string, action: string, payload?: object, headers: Headers = operator) =>
    inject('POST', `task/${id}/${action}`, headers, payload);
  const ok = async (id: string, action: string, payload?: object) => {
    const response = await act(id, action, payload);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    return answerOf(response, taskDetailSchema);
  };
  async function running(id: string) {
    expect((await act(id, 'dispatch', undefined, admin)).statusCode).toBe(200);
    return ok(id, 'start');
  }
  const detail = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  const order = async (f: TaskFixture) =>
    answerOf(await inject('GET', `demandOrder/${f.orderId}`, admin), demandOrderDetailSchema);
  const produced = async (f: TaskFixture) =>
    Object.fromEntries((await order(f)).lines.map((line) => [line.id, line.producedQuantity]));
  const rawRow = async (heatNo: string) =>
    answerOf(await inject('GET', `stock/raw?heatNo=${heatNo}&includeEmpty=true`, admin), stockPageSchema).items[0]!;
  const integrity = async () => {
    const response = await inject('GET', 'stock/integrity', admin);
    expect(response.statusCode).toBe(200);
    return answerOf(response, stockIntegritySchema);
  };

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
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

  it('consumes exactly the bars cut on a partial report, and the rest at completion, with the task on every ledger row', async () => {
    const f = await fixtureOf('C1');
    const { raw } = f.tasks;
    await running(raw.id);
    expect(await rawRow('C1R')).toMatchObject({ quantity: 5, reserved: 5 });

    const reported = await ok(raw.id, 'report', { done: 2 });
    expect(reported).toMatchObject({ done: 2, piecesDone: 6, status: 'running' });
    expect(reported.stockMoves.map((row) => [row.kind, row.direction, row.reason, row.length, row.quantity])).toEqual([
      ['raw', 'out', 'consumption', 12_000, 2],
      ['finished', 'in', 'production', 3000, 6],
      ['tail', 'in', 'production', 2990, 2],
    ]);
    expect(
      reported.stockMoves.every(
        (row) => row.sourceType === 'task' && row.sourceId === raw.id && row.sourceCode === raw.code,
      ),
    ).toBe(true);
    expect(reported.stockMoves[0]!.heatNo).toBe('C1R');
    expect(await rawRow('C1R')).toMatchObject({ quantity: 3, reserved: 3, available: 0 });
    expect((await produced(f))[f.lineA]).toBe(6);
    expect((await order(f)).status).toBe('producing');
    expect(reported.bundles).toEqual([]);

    // The same report again changes nothing; going back or beyond the repetitions is refused.
    const repeated = await ok(raw.id, 'report', { done: 2 });
    expect(repeated.stockMoves).toHaveLength(3);
    const back = await act(raw.id, 'report', { done: 1 });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.code).toBe('task_report_backwards');
    const beyond = await act(raw.id, 'report', { done: 6 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.code).toBe('task_report_too_many');

    const completed = await ok(raw.id, 'complete');
    expect(completed).toMatchObject({ status: 'done', done: 5, piecesDone: 15, finishedAt: expect.any(String) });
    expect(completed.stockMoves.filter((row) => row.kind === 'raw').map((row) => row.quantity)).toEqual([2, 3]);
    expect(await rawRow('C1R')).toMatchObject({ quantity: 0, reserved: 0 });
    expect((await produced(f))[f.lineA]).toBe(15);
    expect(completed.events.map((event) => event.action)).toEqual(['dispatch', 'start', 'report', 'complete']);
    expect((await integrity()).ok).toBe(true);
  });

  it('bundles the finished pieces at completion by the line’s bundle size, each with an unguessable scan id', async () => {
    const f = await fixtureOf('C2');
    const { raw } = f.tasks;
    await running(raw.id);
    const completed = await ok(raw.id, 'complete');
    expect(completed.bundles.map((bundle) => [bundle.number, bundle.count, bundle.pieces, bundle.mark])).toEqual([
      [1, 2, 8, 'C2-A'],
      [2, 2, 7, 'C2-A'],
    ]);
    for (const bundle of completed.bundles) {
      expect(scanIdSchema.safeParse(bundle.scanId).success).toBe(true);
      expect(Buffer.from(bundle.scanId, 'base64url')).toHaveLength(16);
      expect(bundle).toMatchObject({ status: 'produced', length: 3000, taskCode: raw.code, spec: 'HRB400E Φ12' });
      expect(bundle.weight).toBeCloseTo(3 * bundle.pieces * 0.888, 2);
    }
    expect(new Set(completed.bundles.map((bundle) => bundle.scanId)).size).toBe(2);

    // A scanned tag opens the task that made its bundle.
    const scanned = await inject(
      'GET',
      `task/resolve?code=${encodeURIComponent(`https://plant.example/scan/${completed.bundles[0]!.scanId}`)}`,
      operator,
    );
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json()).toEqual({ taskId: raw.id });
  });

  it('puts a short offcut into waste, scrap into waste (not produced), and lets the bender bend what was cut', async () => {
    const f = await fixtureOf('C3');
    const { tail, bend } = f.tasks;
    await running(tail.id);
    // One of the pieces is scrapped: the longest output's first (A, 3000 mm).
    const completed = await ok(tail.id, 'complete', { scrap: 1 });
    expect(completed.stockMoves.map((row) => [row.kind, row.direction, row.reason, row.length, row.quantity])).toEqual([
      ['tail', 'out', 'consumption', 6000, 2],
      ['finished', 'in', 'production', 3000, 1],
      ['waste', 'in', 'scrap', 3000, 1],
      ['waste', 'in', 'production', f.minTailLength - 10, 2],
    ]);
    expect(completed.outputs.map((output) => [output.mark, output.produced])).toEqual([
      ['C3-A', 1],
      ['C3-B', 2],
    ]);
    expect(completed.scrap).toBe(1);
    // Pieces cut for a bender are not finished stock, nor produced for their line yet.
    expect((await produced(f))[f.lineB]).toBe(0);
    expect(completed.bundles.map((bundle) => bundle.mark)).toEqual(['C3-A']);

    await running(bend.id);
    const tooMany = await act(bend.id, 'report', { done: 2, scrap: 3 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toHaveProperty('scrap');
    const bent = await ok(bend.id, 'complete');
    expect(bent.stockMoves.map((row) => [row.kind, row.direction, row.length, row.quantity])).toEqual([
      ['finished', 'in', 2500, 2],
    ]);
    expect(bent.bundles).toEqual([expect.objectContaining({ mark: 'C3-B', pieces: 2, number: 1, count: 1 })]);
    expect((await produced(f))[f.lineB]).toBe(2);
    expect((await integrity()).ok).toBe(true);
  });

  it('bends no more than was cut: a report beyond it waits, completion after the cut ended bends what there is', async () => {
    const f = await fixtureOf('C10');
    const { tail, bend } = f.tasks;
    await running(tail.id);
    await ok(tail.id, 'report', { done: 1 });
    await running(bend.id);
    const ahead = await act(bend.id, 'report', { done: 2 });
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json().error.code).toBe('task_waits_for_cut');
    // Three of the four pieces scrapped: both A pieces (the longest first), then one B piece.
    const cut = await ok(tail.id, 'complete', { scrap: 3 });
    expect(cut.outputs.map((output) => [output.mark, output.produced])).toEqual([
      ['C10-A', 0],
      ['C10-B', 1],
    ]);
    const bent = await ok(bend.id, 'complete');
    expect(bent).toMatchObject({ status: 'done', done: 1, piecesDone: 1 });
    expect(bent.stockMoves.map((row) => [row.kind, row.direction, row.quantity])).toEqual([['finished', 'in', 1]]);
    expect((await produced(f))[f.lineB]).toBe(1);
    expect((await integrity()).ok).toBe(true);
  });

  it('takes a purchased length from the oldest raw lot; too few bars refuse the completion and write nothing', async () => {
    const f = await fixtureOf('C4');
    await running(f.tasks.purchase.id);
    const completed = await ok(f.tasks.purchase.id, 'complete');
    expect(completed.stockMoves.filter((row) => row.kind === 'raw')).toEqual([
      expect.objectContaining({ heatNo: 'C4O', quantity: 1, reason: 'consumption', length: purchaseLength }),
    ]);

    const short = await fixtureOf('C5', { old: 0, recent: 0 });
    await running(short.tasks.purchase.id);
    const refused = await act(short.tasks.purchase.id, 'complete');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('insufficient_stock');
    const after = await detail(short.tasks.purchase.id);
    expect(after).toMatchObject({ status: 'running', done: 0, stockMoves: [], bundles: [] });
    await ok(short.tasks.purchase.id, 'fail', { reason: 'no bars' });
  });

  it('finishes the order, the schedule and the cutting plan when the last task ends', async () => {
    const f = await fixtureOf('C6');
    const { raw, tail, purchase, bend } = f.tasks;
    for (const id of [raw.id, tail.id, purchase.id]) {
      await running(id);
      await ok(id, 'complete');
    }
    await running(bend.id);
    const [inProgress] = await ctx.app.db.select().from(dailyPlans).where(eq(dailyPlans.id, f.dailyPlanId));
    expect(inProgress!.status).toBe('inProgress');
    await ok(bend.id, 'complete');

    const done = await order(f);
    expect(done.status).toBe('completed');
    expect(done.lines.map((line) => line.producedQuantity === line.quantity)).toEqual([true, true]);
    const [plan] = await ctx.app.db.select().from(dailyPlans).where(eq(dailyPlans.id, f.dailyPlanId));
    expect(plan!.status).toBe('done');
    const cutPlan = answerOf(await inject('GET', `cutPlan/${f.cutPlanId}`, admin), cutPlanDetailSchema);
    expect(cutPlan.status).toBe('done');
    expect(cutPlan.history.at(-1)).toMatchObject({ fromStatus: 'scheduled', toStatus: 'done' });
    expect((await integrity()).ok).toBe(true);
  });

  /** The fixture's raw and offcut cuts done, its purchased-length cut and its bending running: the last two tasks. */
  async function lastTwoRunning(f: TaskFixture) {
    const { raw, tail, purchase, bend } = f.tasks;
    for (const id of [raw.id, tail.id]) {
      await running(id);
      await ok(id, 'complete');
    }
    await running(purchase.id);
    await running(bend.id);
  }
  /** The schedule's and the cutting plan's moves to done: exactly one each once both are done. */
  async function endsOf(f: TaskFixture) {
    const [schedule] = await ctx.app.db.select().from(dailyPlans).where(eq(dailyPlans.id, f.dailyPlanId));
    const scheduleEnds = await ctx.app.db
      .select()
      .from(dailyPlanHistory)
      .where(and(eq(dailyPlanHistory.dailyPlanId, f.dailyPlanId), eq(dailyPlanHistory.toStatus, 'done')));
    const planEnds = await ctx.app.db
      .select()
      .from(cutPlanHistory)
      .where(and(eq(cutPlanHistory.planId, f.cutPlanId), eq(cutPlanHistory.toStatus, 'done')));
    return { status: schedule!.status, scheduleEnds: scheduleEnds.length, planEnds: planEnds.length };
  }

  it('ends the schedule and the cutting plan exactly once when their last two tasks complete at once', async () => {
    const f = await fixtureOf('C10');
    await lastTwoRunning(f);
    const answers = await Promise.all([act(f.tasks.purchase.id, 'complete'), act(f.tasks.bend.id, 'complete')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await endsOf(f)).toEqual({ status: 'done', scheduleEnds: 1, planEnds: 1 });
    expect((await order(f)).status).toBe('completed');
    expect((await integrity()).ok).toBe(true);
  });

  if (kind === 'postgres') {
    it('ends them once when the last two tasks end together, each counting what is left before the other commits', async () => {
      // The bending fails and counts what is left while the cut's completion holds its task; the completion then
      // counts while the failure has not committed (or, when it must wait for the failure's locks, the failure
      // commits once it waits). One completes and one fails so that no order makes them take turns.
      const f = await fixtureOf('C11');
      await lastTwoRunning(f);
      const signal = () => {
        let fire: () => void = () => {};
        const fired = new Promise<void>((resolve) => (fire = resolve));
        return { fire, fired };
      };
      const cutLocked = signal();
      const bendEnded = signal();
      const cutEnded = signal();
      const completion = ctx.app.db.transaction(async (tx) => {
        const task = await lockTask(tx, f.productId, f.tasks.purchase.id);
        cutLocked.fire();
        await bendEnded.fired;
        await reportLockedTask(tx, f.writer, task, {}, true);
        cutEnded.fire();
      });
      const failure = ctx.app.db.transaction(async (tx) => {
        await cutLocked.fired;
        await transitionTask(tx, f.writer, f.tasks.bend.id, 'fail', 'jammed');
        bendEnded.fire();
        await someoneWaitsOnALock(ctx.app.db, cutEnded.fired);
      });
      await Promise.all([completion, failure]);
      expect(await endsOf(f)).toEqual({ status: 'done', scheduleEnds: 1, planEnds: 1 });
      expect((await integrity()).ok).toBe(true);
    });

    it('does not wait for the schedule while another of its tasks is left open', async () => {
      // A completion that leaves work open holds no lock on the schedule: a second one goes through meanwhile.
      const f = await fixtureOf('C12');
      const { raw, tail, purchase } = f.tasks;
      await running(raw.id);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let completed: () => void = () => {};
      const first = new Promise<void>((resolve) => (completed = resolve));
      const holding = ctx.app.db.transaction(async (tx) => {
        await reportTask(tx, f.writer, raw.id, {}, true);
        completed();
        await held;
      });
      await first;
      // The schedule's row is free: another writer locks it at once.
      await ctx.app.db.transaction(async (tx) => {
        await tx.select().from(dailyPlans).where(eq(dailyPlans.id, f.dailyPlanId)).for('update', { noWait: true });
      });
      release();
      await holding;
      expect(await endsOf(f)).toEqual({ status: 'inProgress', scheduleEnds: 0, planEnds: 0 });
      for (const id of [tail.id, purchase.id]) {
        await running(id);
        await ok(id, 'complete');
      }
    });
  }

  it('starts a task it has locked and completes it in the same transaction, with the task as the start left it', async () => {
    // A machine's completion whose start was lost: one lock of the task, the start, then the booking.
    const f = await fixtureOf('C13');
    const { raw } = f.tasks;
    expect((await act(raw.id, 'dispatch', undefined, admin)).statusCode).toBe(200);
    await ctx.app.db.transaction(async (tx) => {
      const locked = await lockTask(tx, f.productId, raw.id);
      const started = await transitionLockedTask(tx, f.writer, locked, 'start');
      expect(started).toMatchObject({ id: raw.id, status: 'running', startedAt: expect.any(String) });
      await reportLockedTask(tx, f.writer, started, {}, true);
    });
    const task = await detail(raw.id);
    expect(task).toMatchObject({ status: 'done', done: 5 });
    expect(task.events.map((event) => event.action)).toEqual(['dispatch', 'start', 'complete']);
    expect((await produced(f))[f.lineA]).toBe(15);
  });

  it('lets one of two operators completing the same task win; the other gets 409 and nothing moves twice', async () => {
    const f = await fixtureOf('C7');
    const { raw } = f.tasks;
    await running(raw.id);
    const second = await loginAs(ctx.app, 'admin');
    await inject('PUT', 'client/set-currentUser-productId', second, {
      clientId: f.writer.scope.clientId,
      productId: f.productId,
    });
    const answers = await Promise.all([act(raw.id, 'complete'), act(raw.id, 'complete', undefined, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error.code).toBe('task_transition');
    const task = await detail(raw.id);
    expect(task.stockMoves.filter((row) => row.kind === 'raw').map((row) => row.quantity)).toEqual([5]);
    expect(task.bundles).toHaveLength(2);
    expect((await produced(f))[f.lineA]).toBe(15);
  });

  it('applies a retried report (same Idempotency-Key) once, answering the first answer again', async () => {
    const f = await fixtureOf('C8');
    const { raw } = f.tasks;
    await running(raw.id);
    const keyed = { ...operator, 'idempotency-key': 'report-C8-1' };
    const first = await act(raw.id, 'report', { done: 3 }, keyed);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await act(raw.id, 'report', { done: 3 }, keyed);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const task = await detail(raw.id);
    expect(task.stockMoves.filter((row) => row.kind === 'raw').map((row) => row.quantity)).toEqual([3]);
    expect(task.events.filter((event) => event.action === 'report')).toHaveLength(1);
    await ok(raw.id, 'complete');
  });

  it('counts the pieces the machine’s counters add to its running task, without moving stock', async () => {
    const f = await fixtureOf('C9');
    const { raw } = f.tasks;
    await running(raw.id);
    const flush = (pieces: number, at: number) =>
      writeTelemetry(ctx.app.db, [
        {
          equipmentId: f.cutter.id,
          productId: f.productId,
          serialNumber: f.cutter.serialNumber,
          topic: `armature/v1/DEMO/LINE1/${f.cutter.serialNumber}/counters`,
          message: {
            channel: 'counters',
            payload: { pieces, good: pieces, scrap: 0, ts: new Date(at).toISOString() },
            retained: false,
          },
          receivedAt: at,
        },
      ]);
    const now = Date.now();
    await flush(1000, now - 2000);
    const before = (await detail(raw.id)).telemetryPieces;
    await flush(1006, now - 1000);
    const task = await detail(raw.id);
    expect(task.telemetryPieces - before).toBe(6);
    expect(task).toMatchObject({ done: 0, stockMoves: [] });
    const cards = await runningTasks(ctx.app.db, [f.cutter.id, f.bender.id]);
    expect(cards.get(f.cutter.id)).toEqual({
      id: raw.id,
      code: raw.code,
      done: Math.min(15, task.telemetryPieces),
      total: 15,
    });
    expect(cards.has(f.bender.id)).toBe(false);
    await ok(raw.id, 'complete');
  });
});
