import { z } from 'zod';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type OrderRush,
  demandOrderDetailSchema,
  orderRushSchema,
  openRushSchema,
  resourceItemSchema,
  productResource,
  replanProposalSchema,
} from '@armature/domain';
import { toIso } from '../src/core/db/time.ts';
import { cutPlans } from '../src/modules/planning/index.ts';
import { dailyPlans, tasks } from '../src/modules/processing/index.ts';
import { machineJobs } from '../src/modules/processing/machine-job.table.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { injectorFor, type Headers, answerOf } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

const DAY = 86_400_000;
/** A Monday at least a week ahead, 09:00 in Asia/Shanghai: the fixture's tasks start then. */
const MONDAY = (() => {
  let at = Date.now() + 7 * DAY;
  while (new Date(at).getUTCDay() !== 1) at += DAY;
  return new Date(at).toISOString().slice(0, 10);
})();
const PLANNED = Date.parse(`${MONDAY}T01:00:00Z`);

// A rush order in one step — planned from free stock and offcuts, scheduled in a draft, the rush
// re-plan proposed — then applied (the machines' queues follow the new planned starts) or dropped.
describe.each(testDatabases())('a rush order in one step on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let fixture: TaskFixture;

  const order = async (id: string) =>
    answerOf(await inject('GET', `demandOrder/${id}`, admin), demandOrderDetailSchema);
  /** A draft order of straight Φ12 bars of this length. */
  async function draftOrder(mark: string, length: number, pieces: number) {
    const created = await inject('POST', 'demandOrder', admin, {
      project: 'Rush test',
      element: mark,
      customer: null,
      demandDate: MONDAY,
      priority: 'normal',
      remark: null,
      lines: [{ mark, rebarId: fixture.rebarId, length, members: 1, barsPerMember: pieces }],
    });
    expect(created.statusCode, created.body).toBe(201);
    return answerOf(created, demandOrderDetailSchema);
  }
  const rush = (id: string) => inject('POST', `demandOrder/${id}/rush`, admin, { firstDay: MONDAY, days: 2 });
  /** Per machine, the waiting jobs' tasks in the order the machine runs them (sequence order). */
  async function queues() {
    const rows = await ctx.app.db
      .select({ equipmentId: machineJobs.equipmentId, taskId: machineJobs.taskId, start: tasks.plannedStart })
      .from(machineJobs)
      .innerJoin(tasks, eq(tasks.id, machineJobs.taskId))
      .where(
        and(
          eq(machineJobs.productId, fixture.productId),
          isNull(machineJobs.withdrawnAt),
          inArray(machineJobs.state, ['sent', 'accepted']),
        ),
      )
      .orderBy(asc(machineJobs.seq));
    const byMachine = new Map<string, number[]>();
    for (const row of rows)
      byMachine.set(row.equipmentId, [...(byMachine.get(row.equipmentId) ?? []), Date.parse(toIso(row.start))]);
    return byMachine;
  }

  /** The order's rush left open (`GET …/rush`), or null. */
  const openRush = async (id: string) => {
    const answer = await inject('GET', `demandOrder/${id}/rush`, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    return answerOf(answer, openRushSchema).rush;
  };
  const applyRush = (id: string, rushed: OrderRush) =>
    inject('POST', `demandOrder/${id}/rush/apply`, admin, {
      dailyPlanId: rushed.dailyPlanId,
      stamp: rushed.proposal.stamp,
    });
  /** A released schedule's tasks, by planned start. */
  const tasksOf = (dailyPlanId: string) =>
    ctx.app.db
      .select({ id: tasks.id, status: tasks.status, equipmentId: tasks.equipmentId })
      .from(tasks)
      .where(eq(tasks.dailyPlanId, dailyPlanId))
      .orderBy(asc(tasks.plannedStart));
  /** A machine's jobs of these tasks, every one ever queued, in sequence order. */
  const jobsOf = (equipmentId: string, ...taskIds: string[]) =>
    ctx.app.db
      .select({ seq: machineJobs.seq, taskId: machineJobs.taskId, withdrawReason: machineJobs.withdrawReason })
      .from(machineJobs)
      .where(and(eq(machineJobs.equipmentId, equipmentId), inArray(machineJobs.taskId, taskIds)))
      .orderBy(asc(machineJobs.seq));

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    await selectProduct(
      ctx.app,
      admin as Record<string, string>,
      products.find((product) => product.code === 'LINE1')!,
    );
    fixture = await createTaskFixture(ctx.app.db, { tag: 'RU', purchaseLength: 9370, plannedStart: PLANNED });
    // The cutter's three cuts are in its queue, in order of their planned start.
    for (const task of [fixture.tasks.raw, fixture.tasks.tail, fixture.tasks.purchase])
      expect((await inject('POST', `task/${task.id}/dispatch`, admin)).statusCode).toBe(200);
  });

  it('plans, schedules and proposes a new order in one action; dropping it gives everything back', async () => {
    const draft = await draftOrder('RU-D', 1100, 6);
    const answer = await rush(draft.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const rushed = answerOf(answer, orderRushSchema);
    expect(rushed).toMatchObject({ orderId: draft.id, pieces: 6, placedPieces: 6 });
    // Its work is first, from the schedule's first day; what it pushes keeps its machine and only goes later.
    const own = rushed.proposal.moves.filter((move) => move.taskId === null);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((move) => move.asked && Date.parse(move.start) >= Date.parse(`${MONDAY}T00:00:00+08:00`))).toBe(
      true,
    );
    for (const pushed of rushed.proposal.moves.filter((move) => move.taskId !== null)) {
      expect(pushed.machineId).toBe(pushed.fromMachineId);
      expect(Date.parse(pushed.start)).toBeGreaterThan(Date.parse(pushed.fromStart!));
    }
    expect(rushed.proposal.orders).toContainEqual(expect.objectContaining({ orderId: draft.id }));
    const marked = await order(draft.id);
    expect(marked).toMatchObject({ status: 'planned', priority: 'urgent' });
    const [plan] = await ctx.app.db.select().from(cutPlans).where(eq(cutPlans.id, rushed.cutPlanId));
    expect(plan).toMatchObject({ status: 'approved', sources: { raw: true, tails: true, purchase: false } });

    // Left without Apply or Drop, the order page finds its rush again, proposal and all.
    const reopened = await openRush(draft.id);
    expect(reopened).toMatchObject({
      dailyPlanId: rushed.dailyPlanId,
      cutPlanId: rushed.cutPlanId,
      pieces: 6,
      placedPieces: 6,
      proposal: { stamp: rushed.proposal.stamp },
    });
    const dropped = await inject('POST', `demandOrder/${draft.id}/rush/drop`, admin, {
      dailyPlanId: rushed.dailyPlanId,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await inject('GET', `dailyPlan/${rushed.dailyPlanId}`, admin)).statusCode).toBe(404);
    const [cancelled] = await ctx.app.db.select().from(cutPlans).where(eq(cutPlans.id, rushed.cutPlanId));
    expect(cancelled!.status).toBe('cancelled');
    expect(await order(draft.id)).toMatchObject({ status: 'confirmed', priority: 'urgent' });
    expect(await openRush(draft.id)).toBeNull();
    const unknown = await inject('GET', `demandOrder/00000000-0000-4000-8000-000000000000/rush`, admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('applies the proposal: the schedule released, pushed tasks re-timed, every machine queue in planned order', async () => {
    const before = await queues();
    expect(before.get(fixture.cutter.id)).toHaveLength(3);
    const created = await draftOrder('RU-A', 1200, 7);
    const answer = await rush(created.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const rushed = answerOf(answer, orderRushSchema);

    // Another order's id, or a stale stamp, apply nothing.
    const other = await draftOrder('RU-X', 1300, 2);
    const wrong = await inject('POST', `demandOrder/${other.id}/rush/apply`, admin, {
      dailyPlanId: rushed.dailyPlanId,
      stamp: rushed.proposal.stamp,
    });
    expect(wrong.statusCode).toBe(404);
    const stale = await inject('POST', `demandOrder/${created.id}/rush/apply`, admin, {
      dailyPlanId: rushed.dailyPlanId,
      stamp: 'stale',
    });
    expect(stale.json().error.code).toBe('replan_stale');

    const applied = await inject('POST', `demandOrder/${created.id}/rush/apply`, admin, {
      dailyPlanId: rushed.dailyPlanId,
      stamp: rushed.proposal.stamp,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(answerOf(applied, replanProposalSchema).stamp).toBe(rushed.proposal.stamp);
    const [schedule] = await ctx.app.db.select().from(dailyPlans).where(eq(dailyPlans.id, rushed.dailyPlanId));
    expect(schedule!.status).toBe('released');
    expect(await openRush(created.id)).toBeNull();
    for (const pushed of rushed.proposal.moves.filter((move) => move.taskId !== null)) {
      const [task] = await ctx.app.db.select().from(tasks).where(eq(tasks.id, pushed.taskId!));
      expect(Date.parse(toIso(task!.plannedStart))).toBe(Date.parse(pushed.start));
    }
    // Every machine runs its waiting jobs in order of their (new) planned start.
    for (const [machine, starts] of await queues()) expect(starts, machine).toEqual([...starts].sort((a, b) => a - b));
    // Planned now: a second rush has nothing to plan.
    expect((await rush(created.id)).json().error.code).toBe('cut_plan_orders_not_confirmed');
  });

  it('pushes another order’s dispatched cut later on its machine: its job withdrawn and sent again after the rush’s', async () => {
    // The order rushed just before is released and dispatched: its cut waits in the line's one shear's queue
    // from the shift's start. A second rush on the same day must take that place and push it.
    const earlier = await draftOrder('RU-P', 1400, 3);
    const first = answerOf(await rush(earlier.id), orderRushSchema);
    expect((await applyRush(earlier.id, first)).statusCode).toBe(200);
    const [waiting] = await tasksOf(first.dailyPlanId);
    expect(waiting).toMatchObject({ status: 'dispatched' });
    const shear = waiting!.equipmentId;
    const sent = (await jobsOf(shear, waiting!.id)).find((job) => job.withdrawReason === null);
    expect(sent).toBeDefined();

    const urgent = await draftOrder('RU-B', 1500, 3);
    const answer = await rush(urgent.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const second = answerOf(answer, orderRushSchema);
    const pushed = second.proposal.moves.find((move) => move.taskId === waiting!.id);
    expect(pushed, JSON.stringify(second.proposal.moves)).toMatchObject({ fromMachineId: shear, machineId: shear });
    expect(Date.parse(pushed!.start)).toBeGreaterThan(Date.parse(pushed!.fromStart!));
    expect(second.proposal.orders).toContainEqual(expect.objectContaining({ orderId: earlier.id }));
    expect((await applyRush(urgent.id, second)).statusCode).toBe(200);

    // The shear now holds the rush's cut first, then the pushed one, sent again under a new sequence; the
    // job it held before was withdrawn as re-planned.
    const own = await tasksOf(second.dailyPlanId);
    expect(own.map((task) => task.equipmentId)).toEqual(own.map(() => shear));
    const jobs = await jobsOf(shear, ...own.map((task) => task.id), waiting!.id);
    expect(jobs.find((job) => job.seq === sent!.seq)).toMatchObject({ withdrawReason: 'replanned' });
    const open = jobs.filter((job) => job.withdrawReason === null);
    expect(open.map((job) => job.taskId)).toEqual([...own.map((task) => task.id), waiting!.id]);
    expect(open.at(-1)!.seq).toBeGreaterThan(sent!.seq);
    const [moved] = await ctx.app.db.select().from(tasks).where(eq(tasks.id, waiting!.id));
    expect(Date.parse(toIso(moved!.plannedStart))).toBe(Date.parse(pushed!.start));
  });

  it('refuses, writing nothing, when not one piece can be cut from stock and offcuts', async () => {
    const long = await draftOrder('RU-L', 17_900, 3);
    const refused = await rush(long.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('order_rush_no_stock');
    expect(await order(long.id)).toMatchObject({ status: 'draft', priority: 'normal' });
    expect((await inject('POST', `demandOrder/${long.id}/rush`, admin, { days: 0 })).statusCode).toBe(400);
    expect((await inject('POST', `demandOrder/00000000-0000-4000-8000-000000000000/rush`, admin)).statusCode).toBe(404);
  });
});
