import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineCanDo, machineLabel, taskDetailSchema } from '@armature/domain';
import { equipment, equipmentCredentials, equipmentLive } from '../src/modules/equipment/index.ts';
import { dailyPlanJobs, proposeFaultReplans, tasks } from '../src/modules/processing/index.ts';
import { machineJobs } from '../src/modules/processing/machine-job.table.ts';
import { DEMO_SHIFT_LEAD } from '../src/modules/users/index.ts';
import { listedProductsSchema, loginAs, selectProduct } from './helpers/auth.ts';
import { answerOf, injectorFor, pageOf, wholeRecord, withId } from './helpers/inject.ts';
import { notificationParams } from './helpers/notifications.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = { authorization: string; 'accept-language'?: string };
const MINUTE = 60_000;
// A Monday a week ahead: the fixture's cuts wait on its first machine.
const PLANNED = Date.parse('2026-12-07T01:00:00Z');

describe.each(testDatabases())('a machine in fault has its re-plan applied by itself, by setting, on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);
  let admin: Headers;
  let lead: Headers;
  let fixture: TaskFixture;
  let cuts: TaskFixture['tasks']['raw'][];

  const faultSince = async (machineId = fixture.cutter.id) => {
    const [live] = await ctx.app.db
      .select({ state: equipmentLive.state, since: equipmentLive.since })
      .from(equipmentLive)
      .where(eq(equipmentLive.equipmentId, machineId));
    expect(live?.state).toBe('fault');
    return Date.parse(live!.since!);
  };
  const setStatus = async (operationStatus: string, machineId = fixture.cutter.id) => {
    const response = await inject('POST', `equipment/normal/${machineId}/status`, admin, { operationStatus });
    expect(response.statusCode, response.body).toBe(200);
  };
  const detail = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  const waitingOnCutter = async () =>
    ctx.app.db.$count(
      tasks,
      and(eq(tasks.equipmentId, fixture.cutter.id), inArray(tasks.status, ['pending', 'dispatched'])),
    );
  const setReplanOnFault = async (value: string) => {
    const [row] = answerOf(await inject('GET', 'product-setting/normal', admin), pageOf(withId.loose())).items;
    return inject('PUT', `product-setting/normal/${row!.id}`, admin, { ...row, replanOnFault: value });
  };

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    lead = {
      ...(await loginAs(ctx.app, DEMO_SHIFT_LEAD.userName, DEMO_SHIFT_LEAD.password)),
      'accept-language': 'en-US',
    };
    const products = answerOf(await inject('GET', 'product/all', admin), listedProductsSchema);
    const line1 = products.find((product) => product.code === 'LINE1')!;
    for (const headers of [admin, lead]) await selectProduct(ctx.app, headers, line1);
    fixture = await createTaskFixture(ctx.app.db, { tag: 'FA', purchaseLength: 9040, plannedStart: PLANNED });
    cuts = [fixture.tasks.raw, fixture.tasks.tail, fixture.tasks.purchase];
  });

  it('is a product setting, propose by default, refusing any other value', async () => {
    const [row] = answerOf(await inject('GET', 'product-setting/normal', admin), pageOf(wholeRecord)).items;
    expect(row).toMatchObject({ replanOnFault: 'propose' });
    const bad = await setReplanOnFault('sometimes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toHaveProperty('replanOnFault');
    const good = await setReplanOnFault('apply');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ replanOnFault: 'apply' });
  });

  it('moves the waiting tasks to eligible machines, withdraws the sent job, tells it, and applies once', async () => {
    // One cut is already in the machine's queue: its job was sent to the machine now in fault.
    const dispatched = await inject('POST', `task/${cuts[0]!.id}/dispatch`, lead);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    // Its status is set by hand from now on, as for a machine without telemetry.
    await ctx.app.db.delete(equipmentCredentials).where(eq(equipmentCredentials.equipmentId, fixture.cutter.id));
    await setStatus('fault');
    const since = await faultSince();
    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 9 * MINUTE))).toBe(0);
    expect(await waitingOnCutter()).toBe(cuts.length);

    // The default 10 minutes passed: applied, not proposed.
    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 10 * MINUTE))).toBeGreaterThan(0);
    expect(await waitingOnCutter()).toBe(0);
    const machines = await ctx.app.db.select().from(equipment);
    const moved = await Promise.all(cuts.map((cut) => detail(cut.id)));
    for (const task of moved) {
      const [job] = await ctx.app.db
        .select({ techniqueId: dailyPlanJobs.techniqueId, diameter: dailyPlanJobs.diameter })
        .from(dailyPlanJobs)
        .innerJoin(tasks, eq(tasks.jobId, dailyPlanJobs.id))
        .where(eq(tasks.id, task.id));
      // Really eligible: the technique and the diameter of its job.
      expect(
        machineCanDo(
          machines.find((m) => m.id === task.equipmentId)!,
          job!,
        ),
      ).toBe(true);
      expect(task.events.at(-1)).toMatchObject({ action: 'replan', userName: null });
    }
    const jobs = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, cuts[0]!.id));
    expect(jobs.find((job) => job.equipmentId === fixture.cutter.id)?.withdrawReason).toBe('replanned');
    expect(jobs.some((job) => job.equipmentId === moved[0]!.equipmentId && job.withdrawReason === null)).toBe(true);

    expect(await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplan')).toEqual([]);
    const told = await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplanApplied');
    const names = new Set(moved.map((task) => machineLabel(machines.find((m) => m.id === task.equipmentId)!)));
    expect(told).toEqual([
      {
        params: expect.objectContaining({
          serialNumber: fixture.cutter.serialNumber,
          minutes: 10,
          moved: cuts.length,
          to: [...names].join(', '),
          daysLateBefore: 0,
          daysLateAfter: 0,
        }),
      },
    ]);

    // The next tick of the same fault applies nothing again and tells nobody.
    const starts = moved.map((task) => [task.equipmentId, task.plannedStart]);
    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 11 * MINUTE))).toBe(0);
    const again = await Promise.all(cuts.map((cut) => detail(cut.id)));
    expect(again.map((task) => [task.equipmentId, task.plannedStart])).toEqual(starts);
    expect(again.map((task) => task.events.length)).toEqual(moved.map((task) => task.events.length));
    expect(await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplanApplied')).toHaveLength(1);
  });

  it('does not apply a re-plan that leaves work without a place, and says why once per fault', async () => {
    await setStatus('running');
    // Back on the machine, and made of a diameter no machine of the line takes.
    await ctx.app.db
      .update(tasks)
      .set({ equipmentId: fixture.cutter.id })
      .where(
        inArray(
          tasks.id,
          cuts.map((cut) => cut.id),
        ),
      );
    const ofCuts = await ctx.app.db
      .select({ jobId: tasks.jobId })
      .from(tasks)
      .where(
        inArray(
          tasks.id,
          cuts.map((cut) => cut.id),
        ),
      );
    const jobIds = ofCuts.map((task) => task.jobId);
    await ctx.app.db.update(dailyPlanJobs).set({ diameter: 50 }).where(inArray(dailyPlanJobs.id, jobIds));
    await setStatus('fault');
    const since = await faultSince();
    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 10 * MINUTE))).toBeGreaterThan(0);
    expect(await waitingOnCutter()).toBe(cuts.length);
    const told = await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplanNotApplied');
    expect(told).toEqual([
      {
        params: expect.objectContaining({
          serialNumber: fixture.cutter.serialNumber,
          tasks: cuts.length,
          // The bend after its cut has no place either.
          unplaced: cuts.length + 1,
        }),
      },
    ]);
    // Tried again the next minute, still without a place: nothing moved, nobody told twice.
    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 11 * MINUTE))).toBe(0);
    expect(await waitingOnCutter()).toBe(cuts.length);
    expect(await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplanNotApplied')).toHaveLength(1);
  });

  it("rolls back one machine's failed re-plan alone, keeping another's applied in the same scan", async () => {
    expect((await setReplanOnFault('apply')).statusCode).toBe(200);
    // A second machine able to cut Φ12, without telemetry: its status is set by hand, as the cutter's.
    const [other] = await ctx.app.db.select().from(equipment).where(eq(equipment.serialNumber, 'WG12D-2405-0343'));
    await ctx.app.db.delete(equipmentCredentials).where(eq(equipmentCredentials.equipmentId, fixture.cutter.id));
    await setStatus('running');
    // The earlier tests' cuts (made of a diameter nobody takes) are out of the way: cancelled.
    await ctx.app.db
      .update(tasks)
      .set({ status: 'cancelled' })
      .where(
        inArray(
          tasks.id,
          cuts.map((cut) => cut.id),
        ),
      );
    const second = await createTaskFixture(ctx.app.db, {
      tag: 'FI',
      purchaseLength: 9050,
      plannedStart: PLANNED + 86_400_000,
    });
    // Two cuts wait on the cutter, the third on the other machine.
    const onCutter = [second.tasks.raw.id, second.tasks.tail.id];
    const onOther = second.tasks.purchase.id;
    await ctx.app.db.update(tasks).set({ equipmentId: other!.id }).where(eq(tasks.id, onOther));
    // The other machine's re-plan fails when it writes its cut's new machine: a database error, not unplaced work.
    await ctx.app.db.execute(
      sql.raw(`create function refuse_cut_move() returns trigger language plpgsql as $$
      begin
        if new.id = '${onOther}' and new.equipment_id is distinct from old.equipment_id then
          raise exception 'the cut may not move';
        end if;
        return new;
      end $$`),
    );
    await ctx.app.db.execute(
      sql.raw('create trigger refuse_cut_move before update on task for each row execute function refuse_cut_move()'),
    );
    try {
      await setStatus('fault');
      await setStatus('fault', other!.id);
      // Both machines' faults long enough: the later one's start counts.
      const since = Math.max(await faultSince(), await faultSince(other!.id));
      const failures: object[] = [];
      await proposeFaultReplans(ctx.app.db, new Date(since + 10 * MINUTE), {
        warn: (context) => failures.push(context),
      });
      expect(failures).toEqual([expect.objectContaining({ equipmentId: other!.id })]);
      // The cutter's re-plan is applied: its cuts left it, with their events and its notification.
      expect(await waitingOnCutter()).toBe(0);
      for (const id of onCutter) {
        const task = await detail(id);
        expect(task.equipmentId).not.toBe(fixture.cutter.id);
        expect(task.events.at(-1)).toMatchObject({ action: 'replan', userName: null });
      }
      const applied = (await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplanApplied')).map(
        (told) => told.params,
      );
      expect(applied).toContainEqual(expect.objectContaining({ serialNumber: fixture.cutter.serialNumber }));
      // The other machine's is rolled back alone: its cut waits where it was, and nobody was told it moved.
      const kept = await detail(onOther);
      expect(kept.equipmentId).toBe(other!.id);
      expect(kept.events.some((event) => event.action === 'replan')).toBe(false);
      expect(applied).not.toContainEqual(expect.objectContaining({ serialNumber: other!.serialNumber }));
    } finally {
      await ctx.app.db.execute(sql.raw('drop trigger if exists refuse_cut_move on task'));
      await ctx.app.db.execute(sql.raw('drop function if exists refuse_cut_move()'));
    }
  });
});
