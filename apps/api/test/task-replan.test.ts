import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cutPlanPageSchema,
  dailyPlanDetailSchema,
  productResource,
  replanProposalSchema,
  resourceItemSchema,
  taskDetailSchema,
} from '@armature/domain';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { answerOf, errorOf, injectorFor } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { equipment } from '../src/modules/equipment/index.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { machineJobs } from '../src/modules/processing/machine-job.table.ts';
import { DEMO_OPERATOR, DEMO_SHIFT_LEAD } from '../src/modules/users/index.ts';

type Headers = { authorization: string; 'accept-language'?: string };
type Product = { id: string; code: string; clientId: string };

// A Monday a week ahead: plant day 2026-12-07 in Asia/Shanghai, 09:00 there.
const PLANNED = Date.parse('2026-12-07T01:00:00Z');

describe.each(testDatabases())('re-planning released work on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);
  let admin: Headers;
  let lead: Headers;
  let fixture: TaskFixture;
  /** A LINE1 machine that cuts Φ12, made for this file. */
  let spareCutter: string;
  let line1: Product;
  let line2: Product;

  const preview = async (body: object) => {
    const response = await inject('POST', 'task/replan/preview', lead, body);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, replanProposalSchema);
  };
  /** A preview refused with this status: its error. */
  const refusedPreview = async (body: object, status: number) => {
    const response = await inject('POST', 'task/replan/preview', lead, body);
    expect(response.statusCode, response.body).toBe(status);
    return errorOf(response);
  };
  const apply = (body: object) => inject('POST', 'task/replan/apply', lead, body);
  const detail = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    lead = {
      ...(await loginAs(ctx.app, DEMO_SHIFT_LEAD.userName, DEMO_SHIFT_LEAD.password)),
      'accept-language': 'en-US',
    };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    line2 = products.find((product) => product.code === 'LINE2')!;
    for (const headers of [admin, lead]) await selectProduct(ctx.app, headers, line1);
    fixture = await createTaskFixture(ctx.app.db, { tag: 'RP', purchaseLength: 9030, plannedStart: PLANNED });
    const [cutter] = await ctx.app.db.select().from(equipment).where(eq(equipment.id, fixture.cutter.id));
    const { id: _id, serialNumber, ...machine } = cutter!;
    const [cut] = await ctx.app.db.select({ id: techniques.id }).from(techniques).where(eq(techniques.code, 'CUT'));
    const [copy] = await ctx.app.db
      .insert(equipment)
      .values({
        ...machine,
        techniqueIds: [cut!.id],
        diameterMin: 6,
        diameterMax: 40,
        serialNumber: `${serialNumber}-R`,
      })
      .returning({ id: equipment.id });
    spareCutter = copy!.id;
  });

  it('proposes a broken machine’s queue for other machines with its cost, and applies it: jobs withdrawn and sent again', async () => {
    const cuts = [fixture.tasks.raw, fixture.tasks.tail, fixture.tasks.purchase];
    // One of them is already in the machine's queue: its job was sent to the broken machine.
    const dispatched = await inject('POST', `task/${cuts[0]!.id}/dispatch`, lead);
    expect(dispatched.statusCode, dispatched.body).toBe(200);

    const proposal = await preview({ kind: 'breakdown', equipmentId: fixture.cutter.id });
    const asked = proposal.moves.filter((move) => move.asked);
    expect(asked.map((move) => move.code).sort()).toEqual(cuts.map((task) => task.code).sort());
    for (const move of asked) {
      expect(move.fromMachineId).toBe(fixture.cutter.id);
      expect(move.machineId).not.toBe(fixture.cutter.id);
      // Never earlier than planned, never over another task of the machine it goes to.
      expect(Date.parse(move.start)).toBeGreaterThanOrEqual(Date.parse(move.fromStart!));
      expect(Date.parse(move.end)).toBeGreaterThan(Date.parse(move.start));
    }
    expect(proposal.unplaced).toEqual([]);
    const order = proposal.orders.find((o) => o.orderId === fixture.orderId)!;
    expect(order).toMatchObject({
      dueDate: '2026-12-20',
      daysLateBefore: 0,
      daysLateAfter: 0,
      lateDueBefore: null,
      lateDueAfter: null,
    });
    const broken = proposal.machines.find((m) => m.machineId === fixture.cutter.id)!;
    expect(broken.workMinutesAfter).toBeLessThan(broken.workMinutesBefore);
    // The same request gives the same proposal until the work changes.
    expect((await preview({ kind: 'breakdown', equipmentId: fixture.cutter.id })).stamp).toBe(proposal.stamp);

    const stale = await apply({ kind: 'breakdown', equipmentId: fixture.cutter.id, stamp: 'not-the-stamp' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('replan_stale');
    expect((await detail(cuts[0]!.id)).equipmentId).toBe(fixture.cutter.id);

    const applied = await apply({ kind: 'breakdown', equipmentId: fixture.cutter.id, stamp: proposal.stamp });
    expect(applied.statusCode, applied.body).toBe(200);
    for (const move of asked) {
      const task = await detail(move.taskId!);
      expect(task.equipmentId).toBe(move.machineId);
      expect(task.plannedStart).toBe(move.start);
      expect(task.plannedEnd).toBe(move.end);
    }
    const jobs = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, cuts[0]!.id));
    expect(jobs.find((job) => job.equipmentId === fixture.cutter.id)?.withdrawReason).toBe('replanned');
    expect(jobs.some((job) => job.equipmentId !== fixture.cutter.id && job.withdrawReason === null)).toBe(true);
    // Nothing is left to move off the broken machine.
    expect(await refusedPreview({ kind: 'breakdown', equipmentId: fixture.cutter.id }, 409)).toMatchObject({
      code: 'replan_nothing',
    });
  });

  it('moves one task by hand to a chosen machine, and refuses a machine that cannot do it', async () => {
    const task = fixture.tasks.purchase;
    const before = await detail(task.id);
    const proposal = await preview({ kind: 'move', taskIds: [task.id], equipmentId: spareCutter });
    expect(proposal.moves.filter((move) => move.asked)).toEqual([
      expect.objectContaining({ taskId: task.id, fromMachineId: before.equipmentId, machineId: spareCutter }),
    ]);
    const applied = await apply({ kind: 'move', taskIds: [task.id], equipmentId: spareCutter, stamp: proposal.stamp });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await detail(task.id)).equipmentId).toBe(spareCutter);
    // The event names both machines and both starts.
    expect((await detail(task.id)).events.at(-1)).toMatchObject({
      action: 'replan',
      data: { fromStart: before.plannedStart, start: proposal.moves[0]!.start, to: expect.stringContaining('-R') },
    });
    // Its schedule's board draws it where it went, the new machine with a row of its own.
    const board = answerOf(await inject('GET', `dailyPlan/${fixture.dailyPlanId}`, admin), dailyPlanDetailSchema);
    const job = board.jobs.find((row) => row.taskId === task.id)!;
    expect(board.machines.map((machine) => machine.id)).toContain(spareCutter);
    const work = board.slots.filter((slot) => slot.jobId === job.id && slot.kind === 'work');
    expect(work.length).toBeGreaterThan(0);
    expect(work.every((slot) => slot.machineId === spareCutter)).toBe(true);
    expect(Math.min(...work.map((slot) => slot.from))).toBe(Date.parse(proposal.moves[0]!.start));

    // The bend cannot go to a cutting machine: no place, and applying is refused.
    const bend = fixture.tasks.bend;
    const refused = await preview({ kind: 'move', taskIds: [bend.id], equipmentId: spareCutter });
    expect(refused.unplaced).toEqual([{ code: bend.code, reason: 'noEligibleMachine' }]);
    const notApplied = await apply({
      kind: 'move',
      taskIds: [bend.id],
      equipmentId: spareCutter,
      stamp: refused.stamp,
    });
    expect(notApplied.statusCode).toBe(409);
    expect(notApplied.json().error.code).toBe('replan_unplaced');
  });

  it('moves a task to another day on its machine, later or earlier than planned', async () => {
    const task = fixture.tasks.purchase;
    const machine = (await detail(task.id)).equipmentId;
    /** The task moved to `day` on its own machine: the proposal applied, its new planned start answered. */
    const moveTo = async (day: string) => {
      const request = { kind: 'move', taskIds: [task.id], equipmentId: machine, day };
      const proposal = await preview(request);
      expect(proposal.moves.filter((move) => move.asked)).toEqual([
        expect.objectContaining({ taskId: task.id, fromMachineId: machine, machineId: machine }),
      ]);
      const applied = await apply({ ...request, stamp: proposal.stamp });
      expect(applied.statusCode, applied.body).toBe(200);
      return (await detail(task.id)).plannedStart;
    };
    // The plant's days are Asia/Shanghai's: 2026-12-08 starts at 2026-12-07T16:00Z.
    const later = await moveTo('2026-12-08');
    expect(Date.parse(later)).toBeGreaterThanOrEqual(Date.parse('2026-12-07T16:00:00Z'));
    expect(Date.parse(later)).toBeLessThan(Date.parse('2026-12-08T16:00:00Z'));
    const earlier = await moveTo('2026-12-04');
    expect(Date.parse(earlier)).toBeGreaterThanOrEqual(Date.parse('2026-12-03T16:00:00Z'));
    expect(Date.parse(earlier)).toBeLessThan(Date.parse('2026-12-04T16:00:00Z'));
    expect(
      await refusedPreview({ kind: 'move', taskIds: [task.id], equipmentId: machine, day: '4.12.2026' }, 400),
    ).toMatchObject({ code: 'validation_failed' });
  });

  it('puts a draft schedule holding a rush order in front of released work, and releases it', async () => {
    const planner = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    await selectProduct(ctx.app, planner, line1);
    const plans = answerOf(await inject('GET', 'cutPlan?status=approved', planner), cutPlanPageSchema);
    const draft = await inject('POST', 'dailyPlan', planner, {
      firstDay: '2026-12-07',
      cutPlanIds: [plans.items[0]!.id],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const plan = answerOf(draft, dailyPlanDetailSchema);

    const proposal = await preview({ kind: 'rush', dailyPlanId: plan.id });
    const rushMoves = proposal.moves.filter((move) => move.taskId === null);
    expect(rushMoves).toHaveLength(plan.jobs.length);
    expect(rushMoves.every((move) => move.asked && move.fromMachineId === null)).toBe(true);
    // Whatever it pushes is a released task that keeps its machine and only goes later.
    for (const pushed of proposal.moves.filter((move) => move.taskId !== null)) {
      expect(pushed.machineId).toBe(pushed.fromMachineId);
      expect(Date.parse(pushed.start)).toBeGreaterThan(Date.parse(pushed.fromStart!));
    }
    expect(proposal.unplaced).toEqual([]);

    const applied = await apply({ kind: 'rush', dailyPlanId: plan.id, stamp: proposal.stamp });
    expect(applied.statusCode, applied.body).toBe(200);
    const released = answerOf(await inject('GET', `dailyPlan/${plan.id}`, planner), dailyPlanDetailSchema);
    expect(released.status).toBe('released');
    // A task only pushed later keeps its machine and says so in its events too.
    for (const pushed of proposal.moves.filter((move) => move.taskId !== null)) {
      const task = await detail(pushed.taskId!);
      expect(task.plannedStart).toBe(pushed.start);
      expect(task.events.at(-1)).toMatchObject({ action: 'replan', data: { fromStart: pushed.fromStart } });
    }
    expect(released.jobs.every((job) => job.taskId !== null)).toBe(true);
    const again = await inject('POST', 'task/replan/preview', lead, { kind: 'rush', dailyPlanId: plan.id });
    expect(again.json().error.code).toBe('daily_plan_not_editable');
  });

  it('answers 404 for another line’s machine or an unknown task, 400 on bad input, 403 without the permission', async () => {
    const [foreign] = await ctx.app.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.productId, line2.id)));
    await refusedPreview({ kind: 'breakdown', equipmentId: foreign!.id }, 404);
    await refusedPreview(
      { kind: 'move', taskIds: ['00000000-0000-4000-8000-000000000000'], equipmentId: spareCutter },
      404,
    );
    const bad = await inject('POST', 'task/replan/preview', lead, { kind: 'breakdown' });
    expect(bad.statusCode).toBe(400);
    const operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    await selectProduct(ctx.app, operator, line1);
    const forbidden = await inject('POST', 'task/replan/preview', operator, {
      kind: 'breakdown',
      equipmentId: fixture.cutter.id,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
