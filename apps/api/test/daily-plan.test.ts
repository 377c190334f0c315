import { z } from 'zod';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CutPlan,
  type CutPlanDetail,
  cutPlanDetailSchema,
  cutPlanSchema,
  type DailyPlanDetail,
  dailyPlanDetailSchema,
  type DailyPlanJob,
  dailyPlanSchema,
  equipmentSchema,
  pagedResultSchema,
  productResource,
  resourceItemSchema,
} from '@armature/domain';
import { createUser, loginAs, selectProduct } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { taskOutputs, tasks } from '../src/modules/processing/index.ts';
import { answerOf, counted, errorOf, injectorFor } from './helpers/inject.ts';
import { demandOrderLines } from '../src/modules/planning/index.ts';

type Headers = Record<string, string>;
type Product = { id: string; code: string; clientId: string };
type Machine = { id: string; techniqueIds: string[]; diameterMin: number | null; diameterMax: number | null };

/** A Monday: the demo machines work two shifts Monday to Saturday. */
const FIRST_DAY = '2026-12-07';

describe.each(testDatabases())('daily schedules on %s', (kind) => {
  const ctx = useTestApp(kind);
  let planner: Headers;
  /** An administrator working in LINE2: another product's schedules. */
  let other: Headers;
  /** A LINE1 user holding no permission. */
  let nobody: Headers;
  let demoPlan: CutPlan;
  let line1Machines: Machine[];

  const inject = injectorFor(ctx);

  const select = (headers: Headers, product: Product) => selectProduct(ctx.app, headers, product);

  const detail = async (id: string) => {
    const response = await inject('GET', `dailyPlan/${id}`, planner);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, dailyPlanDetailSchema);
  };

  async function create(body: object = {}, headers: Headers = planner) {
    const response = await inject('POST', 'dailyPlan', headers, {
      firstDay: FIRST_DAY,
      days: 3,
      cutPlanIds: [demoPlan.id],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, dailyPlanDetailSchema);
  }

  /**
   * The tasks release wrote, read from the database (the task API is another's): one per job, on its
   * machine, over its work; a cut makes its pattern's pieces — `wip` for a bent line, else finished.
   */
  async function expectTasks(plan: DailyPlanDetail, cutPlan: CutPlanDetail) {
    const db = ctx.handle.db;
    const rows = await db.select().from(tasks).where(eq(tasks.dailyPlanId, plan.id));
    expect(rows).toHaveLength(plan.jobs.length);
    const outputs = await db
      .select()
      .from(taskOutputs)
      .where(
        inArray(
          taskOutputs.taskId,
          rows.map((row) => row.id),
        ),
      );
    for (const job of plan.jobs) {
      const task = rows.find((row) => row.id === job.taskId)!;
      const work = plan.slots.filter((slot) => slot.jobId === job.id && slot.kind === 'work');
      // The demo line dispatches on release (its product setting's default).
      expect(task).toMatchObject({ kind: job.kind, status: 'dispatched', repetitions: job.repetitions, done: 0 });
      expect(task.equipmentId).toBe(work[0]!.machineId);
      expect(Date.parse(task.plannedStart)).toBe(Math.min(...work.map((slot) => slot.from)));
      expect(Date.parse(task.plannedEnd)).toBe(Math.max(...work.map((slot) => slot.to)));
      const made = outputs.filter((output) => output.taskId === task.id);
      if (job.kind === 'bend') {
        expect(made).toEqual([
          expect.objectContaining({ orderLineId: job.orderLineId, perRepetition: 1, finished: 'finished' }),
        ]);
        continue;
      }
      const pattern = cutPlan.groups[job.groupIndex]!.patterns[job.patternIndex]!;
      expect(made.reduce((sum, output) => sum + output.perRepetition, 0)).toBe(
        pattern.cuts.reduce((sum, cut) => sum + cut.count, 0),
      );
      const bentLines = new Set(plan.jobs.filter((each) => each.after === job.id).map((each) => each.orderLineId));
      for (const output of made) expect(output.finished).toBe(bentLines.has(output.orderLineId) ? 'wip' : 'finished');
    }
  }

  const firstWork = (plan: DailyPlanDetail, jobId: string) =>
    plan.slots.filter((slot) => slot.jobId === jobId && slot.kind === 'work').sort((a, b) => a.from - b.from)[0]!;

  beforeAll(async () => {
    const admin = { ...(await loginAs(ctx.app, 'admin')) };
    planner = { ...(await loginAs(ctx.app, 'planner')) };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    const line1 = products.find((product) => product.code === 'LINE1')!;
    const line2 = products.find((product) => product.code === 'LINE2')!;
    await select(planner, line1);
    await select(admin, line1);
    const second = await createUser(ctx.app, admin, { roleNames: ['admin'] });
    other = { ...(await loginAs(ctx.app, second.userName, second.password)) };
    await select(other, line2);
    const bare = await createUser(ctx.app, admin, { productIds: [line1.id] });
    nobody = { ...(await loginAs(ctx.app, bare.userName, bare.password)) };
    await select(nobody, line1);
    const plans = answerOf(await inject('GET', 'cutPlan?status=approved', planner), pagedResultSchema(cutPlanSchema));
    demoPlan = plans.items[0]!;
    expect(demoPlan, 'the demo has an approved LINE1 cutting plan').toBeDefined();
    // The planner does not read the equipment centre; the machines are the product's all the same.
    line1Machines = answerOf(await inject('GET', 'equipment/normal/all', admin), z.array(equipmentSchema));
    expect(line1Machines.length).toBeGreaterThan(0);
  });

  it('schedules the demo plan: a cut job per pattern, bends after their cuts, every job placed, no problem', async () => {
    const cutPlan = answerOf(await inject('GET', `cutPlan/${demoPlan.id}`, planner), cutPlanDetailSchema);
    const plan = await create();
    expect(plan.code).toMatch(/^DP\d{8}-\d{4}$/);
    expect(plan.status).toBe('draft');
    expect(plan.timeZone).toBe('Asia/Shanghai');
    expect(plan.cutPlans).toEqual([{ id: cutPlan.id, code: cutPlan.code, specs: cutPlan.specs }]);
    expect(plan.machines.map((machine) => machine.id).sort()).toEqual(line1Machines.map((m) => m.id).sort());

    const patterns = cutPlan.groups.flatMap((group) => group.patterns);
    const cuts = plan.jobs.filter((job) => job.kind === 'cut');
    expect(cuts).toHaveLength(patterns.length);
    expect(cuts.map((job) => job.repetitions).sort()).toEqual(patterns.map((pattern) => pattern.count).sort());
    for (const job of cuts) {
      const pattern = cutPlan.groups[job.groupIndex]!.patterns[job.patternIndex]!;
      expect(job.pieces).toBe(pattern.cuts.reduce((sum, cut) => sum + cut.count, 0) * pattern.count);
    }
    // A cut's label names the marks it serves, as the shop floor knows its pieces.
    const lineMarks = new Map(
      (
        await ctx.app.db
          .select({ id: demandOrderLines.id, mark: demandOrderLines.mark })
          .from(demandOrderLines)
          .where(inArray(demandOrderLines.id, [...new Set(cuts.flatMap((job) => job.orderLineIds))]))
      ).map((line) => [line.id, line.mark]),
    );
    for (const job of cuts) {
      const marks = [...new Set(job.orderLineIds.map((id) => lineMarks.get(id)!))];
      const [head, tail] = [`${job.id} `, ` ×${job.repetitions}`];
      expect(job.label.startsWith(head) && job.label.endsWith(tail), job.label).toBe(true);
      const named = job.label.slice(head.length, -tail.length);
      expect(named, job.label).toBe(
        marks.length > 4 ? `${marks.slice(0, 4).join(',')}+${marks.length - 4}` : marks.join(','),
      );
    }

    const bends = plan.jobs.filter((job) => job.kind === 'bend');
    expect(bends.length, 'the demo orders have bent bars').toBeGreaterThan(0);
    const byId = new Map(plan.jobs.map((job) => [job.id, job]));
    for (const bend of bends) {
      const cut = byId.get(bend.after!)!;
      expect(cut.kind).toBe('cut');
      expect(cut.orderLineIds).toContain(bend.orderLineId);
      expect(firstWork(plan, bend.id).from).toBeGreaterThanOrEqual(
        Math.max(...plan.slots.filter((slot) => slot.jobId === cut.id).map((slot) => slot.to)),
      );
    }

    expect(plan.unscheduled).toEqual([]);
    expect(plan.unscheduledCount).toBe(0);
    expect(plan.evaluation.problems).toEqual([]);
    expect(plan.evaluation.loads.some((load) => load.overload)).toBe(false);
    for (const job of plan.jobs) {
      const machineIds = new Set(plan.slots.filter((slot) => slot.jobId === job.id).map((slot) => slot.machineId));
      expect(machineIds.size, job.id).toBe(1);
      const machine = line1Machines.find((each) => machineIds.has(each.id))!;
      expect(machine.techniqueIds).toContain(job.techniqueId);
      expect(job.diameter).toBeGreaterThanOrEqual(machine.diameterMin ?? 0);
      expect(job.diameter).toBeLessThanOrEqual(machine.diameterMax ?? 99);
    }
    expect(plan.history.map((entry) => entry.toStatus)).toEqual(['draft']);
    expect(plan.jobs.every((job) => job.taskId === null)).toBe(true);

    // The plan is taken: a second schedule of it is refused, naming the first.
    const twice = await inject('POST', 'dailyPlan', planner, { firstDay: FIRST_DAY, cutPlanIds: [demoPlan.id] });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json()).toMatchObject({ error: { code: 'daily_plan_cut_plan_taken' } });
    expect(errorOf(twice).message).toContain(plan.code);

    // Cancelling frees it.
    const cancelled = await inject('POST', `dailyPlan/${plan.id}/cancel`, planner);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(answerOf(cancelled, dailyPlanDetailSchema)).toMatchObject({ status: 'cancelled' });
    const notEditable = await inject('POST', `dailyPlan/${plan.id}/auto-schedule`, planner, {});
    expect(notEditable.statusCode).toBe(409);
    expect(notEditable.json()).toMatchObject({ error: { code: 'daily_plan_not_editable' } });
  });

  it('applies a create retried with its idempotency key once, and deleting a draft frees its plans', async () => {
    const count = async () => answerOf(await inject('GET', 'dailyPlan', planner), counted).totalCount;
    const before = await count();
    const key = { 'idempotency-key': `dp-${Date.now()}` };
    const first = await create({}, { ...planner, ...key });
    const again = await create({}, { ...planner, ...key });
    expect(again.id).toBe(first.id);
    expect(await count()).toBe(before + 1);

    // Two schedules of the plan at once: the plan's row lock lets one in, the other finds it taken.
    const deletedFirst = await inject('DELETE', `dailyPlan/${first.id}`, planner);
    expect(deletedFirst.statusCode, deletedFirst.body).toBe(204);
    const racing = await Promise.all(
      [1, 2].map(() => inject('POST', 'dailyPlan', planner, { firstDay: FIRST_DAY, cutPlanIds: [demoPlan.id] })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const loser = racing.find((response) => response.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ error: { code: 'daily_plan_cut_plan_taken' } });
    const winner = answerOf(
      racing.find((response) => response.statusCode === 201)!,
      dailyPlanDetailSchema,
    );

    const deleted = await inject('DELETE', `dailyPlan/${winner.id}`, planner);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await inject('GET', `dailyPlan/${winner.id}`, planner)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('leaves what no chosen machine can do unscheduled, with its reason, and will not release it', async () => {
    const shear = line1Machines.find((machine) => machine.diameterMin === 12 && machine.techniqueIds.length === 1)!;
    const plan = await create({ machineIds: [shear.id] });
    expect(plan.machines.map((machine) => machine.id)).toEqual([shear.id]);
    const bends = plan.jobs.filter((job) => job.kind === 'bend');
    expect(plan.unscheduled).toEqual(
      expect.arrayContaining(bends.map((job) => ({ jobId: job.id, reason: 'noEligibleMachine' }))),
    );
    expect(plan.unscheduledCount).toBe(plan.unscheduled.length);
    expect(plan.evaluation.lateness.some((order) => !order.complete)).toBe(true);
    const refused = await inject('POST', `dailyPlan/${plan.id}/release`, planner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'daily_plan_unscheduled' } });
    expect(errorOf(refused).message).toContain(String(plan.unscheduled.length));
    expect((await detail(plan.id)).status).toBe('draft');
    expect((await inject('DELETE', `dailyPlan/${plan.id}`, planner)).statusCode).toBe(204);
  });

  it('checks access: 403 without the permission, 404 for another product, 400 on bad input', async () => {
    expect((await inject('GET', 'dailyPlan', nobody)).statusCode).toBe(403);
    const refused = await inject('POST', 'dailyPlan', nobody, { firstDay: FIRST_DAY, cutPlanIds: [demoPlan.id] });
    expect(refused.statusCode).toBe(403);

    const plan = await create();
    expect((await inject('GET', `dailyPlan/${plan.id}`, other)).statusCode).toBe(404);
    const foreignMove = await inject('POST', `dailyPlan/${plan.id}/move`, other, {
      jobId: plan.jobs[0]!.id,
      machineId: plan.machines[0]!.id,
      start: plan.slots[0]!.from,
    });
    expect(foreignMove.statusCode).toBe(404);
    expect(answerOf(await inject('GET', 'dailyPlan', other), pagedResultSchema(dailyPlanSchema)).items).toEqual([]);
    // Another product's cutting plan is as if it did not exist.
    const foreignPlan = await inject('POST', 'dailyPlan', other, { firstDay: FIRST_DAY, cutPlanIds: [demoPlan.id] });
    expect(foreignPlan.statusCode, foreignPlan.body).toBe(404);

    const invalid = await inject('POST', 'dailyPlan', planner, { firstDay: '2026-13-01', days: 0, cutPlanIds: [] });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(errorOf(invalid).details ?? {}).sort()).toEqual(['cutPlanIds', 'days', 'firstDay']);
    const otherMachines = answerOf(await inject('GET', 'equipment/normal/all', other), z.array(equipmentSchema));
    const wrongMachine = await inject('POST', 'dailyPlan', planner, {
      firstDay: FIRST_DAY,
      cutPlanIds: [demoPlan.id],
      machineIds: [otherMachines[0]!.id],
    });
    expect(wrongMachine.statusCode, wrongMachine.body).toBe(400);
    expect(wrongMachine.json()).toMatchObject({ error: { details: { machineIds: expect.any(Array) } } });
    const unknownJob = await inject('POST', `dailyPlan/${plan.id}/move`, planner, {
      jobId: 'nothing',
      machineId: plan.machines[0]!.id,
      start: plan.slots[0]!.from,
    });
    expect(unknownJob.statusCode).toBe(400);
    expect(unknownJob.json()).toMatchObject({ error: { details: { jobId: expect.any(Array) } } });

    expect((await inject('DELETE', `dailyPlan/${plan.id}`, planner)).statusCode).toBe(204);
  });

  it('auto-schedules by the list schedule again (the optimiser is a background job of its own); a bad mode is a 400', async () => {
    const plan = await create({ days: 5 });
    const badMode = await inject('POST', `dailyPlan/${plan.id}/auto-schedule`, planner, { mode: 'fastest' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json()).toMatchObject({ error: { details: { mode: expect.any(Array) } } });

    const listed = await inject('POST', `dailyPlan/${plan.id}/auto-schedule`, planner, { mode: 'list' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(answerOf(listed, dailyPlanDetailSchema).slots).toEqual(plan.slots);
    expect((await inject('DELETE', `dailyPlan/${plan.id}`, planner)).statusCode).toBe(204);
  });

  it('moves a job onto another: the overlap shows, release is refused, auto-schedule resolves it, release makes the tasks', async () => {
    const plan = await create({ days: 5 });
    // Two cut jobs on one machine: the later one dropped where the earlier one starts.
    const byMachine = new Map<string, DailyPlanJob[]>();
    for (const job of plan.jobs.filter((each) => each.kind === 'cut')) {
      const machineId = firstWork(plan, job.id).machineId;
      byMachine.set(machineId, [...(byMachine.get(machineId) ?? []), job]);
    }
    const [machineId, [first, second]] = [...byMachine].find(([, jobs]) => jobs.length >= 2) as [
      string,
      DailyPlanJob[],
    ];
    const start = firstWork(plan, first!.id).from;

    const stale = await inject('POST', `dailyPlan/${plan.id}/move`, planner, {
      jobId: second!.id,
      machineId,
      start,
      concurrencyStamp: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'stale_update' } });

    const moved = await inject('POST', `dailyPlan/${plan.id}/move`, planner, {
      jobId: second!.id,
      machineId,
      start,
      concurrencyStamp: plan.lastModificationTime,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = answerOf(moved, dailyPlanDetailSchema);
    expect(afterMove.jobs.find((job) => job.id === second!.id)!.pinned).toEqual({ machineId, start });
    expect(firstWork(afterMove, second!.id).from).toBe(start);
    expect(afterMove.evaluation.problems).toContainEqual(
      expect.objectContaining({ code: 'overlap', machineId, jobId: expect.any(String) }),
    );
    // The others' work did not move.
    const untouched = plan.jobs.filter((job) => job.id !== second!.id);
    for (const job of untouched) expect(firstWork(afterMove, job.id).from, job.id).toBe(firstWork(plan, job.id).from);

    const refused = await inject('POST', `dailyPlan/${plan.id}/release`, planner);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'daily_plan_has_problems' } });

    const rescheduled = await inject('POST', `dailyPlan/${plan.id}/auto-schedule`, planner, { clearPins: true });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    const clean = answerOf(rescheduled, dailyPlanDetailSchema);
    expect(clean.evaluation.problems).toEqual([]);
    expect(clean.jobs.every((job) => job.pinned === null)).toBe(true);

    const key = { 'idempotency-key': `release-${Date.now()}` };
    const released = await inject('POST', `dailyPlan/${plan.id}/release`, { ...planner, ...key });
    expect(released.statusCode, released.body).toBe(200);
    const retried = await inject('POST', `dailyPlan/${plan.id}/release`, { ...planner, ...key });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(released.json());

    const done = answerOf(released, dailyPlanDetailSchema);
    expect(done.status).toBe('released');
    expect(done.history.map((entry) => entry.toStatus)).toEqual(['draft', 'released']);
    expect(new Set(done.jobs.map((job) => job.taskId)).size).toBe(done.jobs.length);
    for (const job of done.jobs) {
      expect(job.taskCode).toMatch(/^TK\d{8}-\d{4}$/);
      expect(job.taskStatus).toBe('dispatched');
    }
    const cutPlan = answerOf(await inject('GET', `cutPlan/${demoPlan.id}`, planner), cutPlanDetailSchema);
    await expectTasks(done, cutPlan);
    expect(cutPlan.status).toBe('scheduled');
    expect(cutPlan.history.at(-1)).toMatchObject({ fromStatus: 'approved', toStatus: 'scheduled', note: done.code });

    const again = await inject('POST', `dailyPlan/${plan.id}/release`, planner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'daily_plan_transition' } });
    const scheduledPlan = await inject('POST', 'dailyPlan', planner, {
      firstDay: FIRST_DAY,
      cutPlanIds: [demoPlan.id],
    });
    expect(scheduledPlan.statusCode).toBe(409);
    expect(scheduledPlan.json()).toMatchObject({ error: { code: 'daily_plan_cut_plan_not_approved' } });

    const listed = answerOf(
      await inject('GET', 'dailyPlan?status=released', planner),
      pagedResultSchema(dailyPlanSchema),
    );
    expect(listed.items.map((item) => item.id)).toEqual([plan.id]);
    expect(listed.items[0]).toMatchObject({ jobCount: done.jobs.length, unscheduledCount: 0, tasksDone: 0 });
    expect((await detail(plan.id)).jobs.map((job) => job.taskId)).toEqual(done.jobs.map((job) => job.taskId));
    // The day filters take the schedules whose days (7–11 December) meet the range.
    const onDays = async (query: string) =>
      answerOf(
        await inject('GET', `dailyPlan?status=released&${query}`, planner),
        pagedResultSchema(dailyPlanSchema),
      ).items.map((item) => item.id);
    expect(await onDays('dayFrom=2026-12-11&dayTo=2026-12-20')).toEqual([plan.id]);
    expect(await onDays('dayFrom=2026-12-12')).toEqual([]);
    expect(await onDays('dayTo=2026-12-06')).toEqual([]);
  });
});
