import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CutPlanDetail,
  type DemandOrderDetail,
  type MqttCredentials,
  rebarResource,
  resourceItemSchema,
  stockIntegritySchema,
  taskDetailSchema,
} from '@armature/domain';
import { equipment } from '../src/modules/equipment/index.ts';
import { machineJobs, tasks } from '../src/modules/processing/index.ts';
import { stockLogs } from '../src/modules/stock/stock.table.ts';
import type { MachineMemory } from '../src/modules/telemetry/simulator/job-machine.ts';
import type { JobCapability } from '../src/modules/telemetry/simulator/job-runner.ts';
import { startSimulator, type SimulatedMachine, type Simulator } from '../src/modules/telemetry/simulator/simulator.ts';
import { DEMO_SHIFT_LEAD } from '../src/modules/users/index.ts';
import { notificationParams } from './helpers/notifications.ts';
import { listedProductsSchema, loginAs, selectProduct } from './helpers/auth.ts';
import { answerOf, injectorFor, wholeRecord } from './helpers/inject.ts';
import { moveTasks } from './helpers/replan.ts';
import { testTelemetry } from './helpers/mqtt.ts';
import { until } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = Record<string, string>;
type Spec = { id: string; grade: string; diameter: number };

const SHEAR = 'GJW16-2403-0117';
const STIRRUP_A = 'WG12D-2405-0342';
/** Its tooling is fitted for Φ6–10 only (the equipment list says Φ6–12): it rejects Φ12. */
const STIRRUP_B = 'WG12D-2405-0343';
const SERIALS = [SHEAR, STIRRUP_A, STIRRUP_B];
/** Straight bars, one a bar (each length its own pattern, so its own task): 24 tasks over the three machines. */
const LENGTHS = [6500, 7100, 7700, 8300, 8900, 9500, 10_100, 11_700];
const DIAMETERS = [10, 16, 20];
const BARS_PER_LINE = 2;
/** Simulated time per real time: a job of two bars takes well under a second. */
const SPEED = 40;
const LONG = 120_000;

/**
 * The simulator is a real machine: a schedule released on a line whose machines have MQTT
 * credentials is run by the simulated machines with no further call — every job received, run at the
 * model's speed, completed and booked once, also across a power cut of the simulator in the middle of
 * the run; a job a machine cannot do is rejected back to the shift lead, a withdrawn one dropped.
 */
describe.each(testDatabases())('the simulated machines work a released schedule on %s', (kind) => {
  const ctx = useTestApp(kind, {
    config: { telemetry: testTelemetry('embedded') },
    // The cutting plans are optimised by a background job.
    background: { tuning: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 } },
  });
  const inject = injectorFor(ctx);
  let admin: Headers;
  let specs: Spec[];
  const machines: (SimulatedMachine & { id: string })[] = [];
  let brokerUrl = '';
  const memory = new Map<string, MachineMemory>();
  let simulator: Simulator | null = null;
  const answers: { serial: string; status: string; seq: number }[] = [];
  /** The simulator's power goes the moment its machines sent this many completions. */
  let powerCut: { after: number; completions: number; cut: () => void } | null = null;

  const ok = async (
    method: 'GET' | 'POST',
    url: string,
    body?: object,
    status = method === 'POST' ? [200, 201] : [200],
  ) => {
    const response = await inject(method, url, admin, body);
    expect(status, `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    return answerOf(response, wholeRecord);
  };
  const detail = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  const integrity = async () => answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema);
  const tasksOf = (planId: string) =>
    ctx.app.db.select().from(tasks).where(eq(tasks.dailyPlanId, planId)).orderBy(tasks.plannedStart);

  async function start(speed = SPEED, scrapRate = 0) {
    simulator = await startSimulator({
      brokerUrl,
      machines,
      intervalMs: 200,
      jobs: {
        speed,
        scrapRate,
        memory,
        onAnswer: (serial, answer) => {
          answers.push({ serial, status: answer.status, seq: answer.seq });
          if (answer.status === 'completed' && powerCut && ++powerCut.completions === powerCut.after) powerCut.cut();
        },
      },
    });
  }

  /** Straight bars of these diameters, cut from raw 12 m bars received for them, in one approved cutting plan. */
  async function approvedPlan(tag: string, lines: { diameter: number; length: number }[]) {
    const order = (await ok('POST', 'demandOrder', {
      project: `Simulator ${tag}`,
      element: 'B1',
      customer: null,
      demandDate: '2026-12-20',
      priority: 'normal',
      remark: null,
      lines: lines.map((line, index) => ({
        mark: `${tag}${index + 1}`,
        rebarId: specs.find((spec) => spec.grade === 'HRB400E' && spec.diameter === line.diameter)!.id,
        length: line.length,
        members: 1,
        barsPerMember: BARS_PER_LINE,
      })),
    })) as unknown as DemandOrderDetail;
    await ok('POST', `demandOrder/${order.id}/confirm`);
    const created = (await ok('POST', 'cutPlan', {
      demandOrderIds: [order.id],
      timeLimitS: 1,
      sources: { raw: true, tails: false, purchase: false },
    })) as unknown as CutPlanDetail;
    const settled = await until(
      async () => (await ok('GET', `cutPlan/${created.id}`)) as unknown as CutPlanDetail,
      (plan) => ['succeeded', 'failed', 'cancelled'].includes(plan.job.state),
      LONG,
    );
    expect(settled.job.state).toBe('succeeded');
    await ok('POST', `cutPlan/${created.id}/approve`, {});
    return { orderId: order.id, cutPlanId: created.id };
  }

  /** A daily schedule of the plan on these machines, auto-scheduled and released: the line dispatches on release. */
  async function release(cutPlanId: string, serials: string[], firstDay: string) {
    const plan = (await ok('POST', 'dailyPlan', {
      firstDay,
      days: 5,
      cutPlanIds: [cutPlanId],
      machineIds: machines.filter((m) => serials.includes(m.serialNumber)).map((m) => m.id),
    })) as { id: string };
    await ok('POST', `dailyPlan/${plan.id}/auto-schedule`, { clearPins: true });
    await ok('POST', `dailyPlan/${plan.id}/release`);
    return plan.id;
  }

  const statusesOf = async (planId: string) => (await tasksOf(planId)).map((task) => task.status);

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    const products = answerOf(await inject('GET', 'product/all', admin), listedProductsSchema);
    await selectProduct(
      ctx.app,
      admin,
      products.find((product) => product.code === 'LINE1')!,
    );
    specs = answerOf(await inject('GET', 'rebar/all', admin), z.array(resourceItemSchema(rebarResource)));
    for (const diameter of [...DIAMETERS, 12])
      await ok('POST', 'rebarReceive', {
        rebarId: specs.find((spec) => spec.grade === 'HRB400E' && spec.diameter === diameter)!.id,
        supplier: '沙钢',
        heatNo: `SIM-${diameter}`,
        length: 12_000,
        bundles: 1,
        barCount: 60,
        receiveDate: '2026-11-20',
      });
    const rows = await ctx.app.db.select().from(equipment).where(inArray(equipment.serialNumber, SERIALS));
    await until(
      async () => (await ok('GET', 'digitalTwin/ingest-stats')) as { connected: boolean },
      (stats) => stats.connected,
      60_000,
    );
    for (const serial of SERIALS) {
      const row = rows.find((each) => each.serialNumber === serial)!;
      const credentials = (await ok('POST', `equipment/${row.id}/mqtt-credentials`)) as unknown as MqttCredentials;
      const capability: JobCapability = {
        kinds: serial === SHEAR ? ['cut'] : ['cut', 'bend'],
        diameterMin: row.diameterMin,
        diameterMax: serial === STIRRUP_B ? 10 : row.diameterMax,
        idealRate: row.idealRate,
        throughput: row.throughput,
      };
      const [clientCode, productCode] = credentials.topicPrefix.split('/').slice(2, 4) as [string, string];
      machines.push({
        id: row.id,
        serialNumber: serial,
        clientCode,
        productCode,
        password: credentials.password,
        idealRate: row.idealRate ?? 240,
        capability,
      });
      brokerUrl = credentials.brokerUrl;
    }
  }, LONG);

  afterAll(async () => {
    await simulator?.stop();
  });

  it('runs every task of a released schedule of 24 and books each once, across a power cut of the simulator', async () => {
    const lines = DIAMETERS.flatMap((diameter) => LENGTHS.map((length) => ({ diameter, length })));
    const { orderId, cutPlanId } = await approvedPlan('S', lines);
    // In the middle of the run — 6 jobs completed, the others queued or half-way — the power goes.
    const cutDone = new Promise<void>((resolve) => {
      powerCut = {
        after: 6,
        completions: 0,
        cut: () => {
          simulator!.kill();
          resolve();
        },
      };
    });
    await start();
    const planId = await release(cutPlanId, SERIALS, '2026-12-07');
    const released = await tasksOf(planId);
    expect(released.length).toBeGreaterThanOrEqual(20);
    expect(new Set(released.map((task) => task.equipmentId)).size).toBe(3);

    await cutDone;
    powerCut = null;
    const cut = await statusesOf(planId);
    expect(cut.filter((status) => status !== 'done').length, 'cut in the middle').toBeGreaterThan(0);
    expect([...memory.values()].some((machine) => machine.jobs.queue[0]?.started)).toBe(true);
    expect([...memory.values()].reduce((sum, machine) => sum + machine.jobs.queue.length, 0)).toBeGreaterThan(0);
    await start();

    const finished = await until(
      () => tasksOf(planId),
      (rows) => rows.every((task) => task.status === 'done'),
      LONG,
    );
    // Every job was completed by its machine, once: each task's raw bars out of stock once, its pieces made once.
    const jobs = await ctx.app.db
      .select()
      .from(machineJobs)
      .where(
        inArray(
          machineJobs.taskId,
          finished.map((task) => task.id),
        ),
      );
    expect(jobs).toHaveLength(finished.length);
    expect(jobs.every((job) => job.state === 'completed')).toBe(true);
    let bundles = 0;
    const kinds = new Set<string>();
    for (const task of finished) {
      const row = await detail(task.id);
      expect(row.done, row.code).toBe(task.repetitions);
      const rawOut = row.stockMoves.filter((move) => move.kind === 'raw' && move.direction === 'out');
      expect(
        rawOut.reduce((sum, move) => sum + move.quantity, 0),
        row.code,
      ).toBe(task.repetitions);
      for (const move of row.stockMoves) kinds.add(`${move.kind}:${move.direction}`);
      bundles += row.bundles.length;
      expect(row.events.find((event) => event.action === 'complete')?.userName).toBe(
        machines.find((m) => m.id === task.equipmentId)!.serialNumber,
      );
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['raw:out', 'finished:in', 'tail:in', 'waste:in']));
    expect(bundles).toBeGreaterThan(0);
    const tags = await inject('GET', `task/${finished[0]!.id}/tags?format=zpl&dpi=203`, admin);
    expect(tags.statusCode, tags.body).toBe(200);
    const order = (await ok('GET', `demandOrder/${orderId}`)) as unknown as DemandOrderDetail & {
      lines: { quantity: number; producedQuantity: number }[];
    };
    expect(order.status).toBe('completed');
    for (const line of order.lines) expect(line.producedQuantity).toBe(BARS_PER_LINE);
    const ledger = await ctx.app.db
      .select({ id: stockLogs.id })
      .from(stockLogs)
      .where(
        and(
          eq(stockLogs.sourceType, 'task'),
          inArray(
            stockLogs.sourceId,
            finished.map((task) => task.id),
          ),
        ),
      );
    const moves = finished.length;
    expect(ledger.length).toBeGreaterThanOrEqual(moves);
    expect((await integrity()).ok).toBe(true);
    // The machines' answers were sent again after the cut (a resent completion applies nothing twice).
    expect(answers.filter((answer) => answer.status === 'completed').length).toBeGreaterThanOrEqual(finished.length);
  }, 300_000);

  it('a job the machine cannot do is rejected back to the shift lead; re-assigned and dispatched, it is made', async () => {
    const { cutPlanId } = await approvedPlan('R', [{ diameter: 12, length: 9000 }]);
    const planId = await release(cutPlanId, [STIRRUP_B], '2026-12-14');
    const [task] = await tasksOf(planId);
    const rejected = await until(
      () => detail(task!.id),
      (row) => row.status === 'pending',
      LONG,
    );
    expect(rejected.events.at(-1)).toMatchObject({
      action: 'telemetry',
      toStatus: 'pending',
      userName: STIRRUP_B,
      data: { job: 'rejected', code: 'DIAMETER_RANGE' },
    });
    const told = await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'machineJobRejected');
    expect(told).toEqual([{ params: expect.objectContaining({ code: task!.code }) }]);

    const shear = machines.find((m) => m.serialNumber === SHEAR)!;
    const moved = await moveTasks(inject, admin, [task!.id], shear.id);
    expect(moved.statusCode, moved.body).toBe(200);
    await ok('POST', `task/${task!.id}/dispatch`);
    const done = await until(
      () => detail(task!.id),
      (row) => row.status === 'done',
      LONG,
    );
    expect(done.events.at(-1)).toMatchObject({ action: 'complete', userName: SHEAR });
    expect((await integrity()).ok).toBe(true);
  }, 180_000);

  it('a cancelled task’s job is withdrawn: the machine drops it and says so', async () => {
    await simulator?.stop();
    simulator = null;
    const { cutPlanId } = await approvedPlan('W', [
      { diameter: 16, length: 9000 },
      { diameter: 16, length: 9500 },
    ]);
    const planId = await release(cutPlanId, [SHEAR], '2026-12-21');
    const [first, second] = await tasksOf(planId);
    // Sent to the machine's session while it is off, then withdrawn: both wait for it in order.
    await until(
      () => ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, second!.id)),
      (rows) => rows[0]?.sentAt != null,
      LONG,
    );
    await ok('POST', `task/${second!.id}/cancel`);
    await until(
      () => ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, second!.id)),
      (rows) => rows[0]?.withdrawalSentAt != null,
      LONG,
    );
    await start(5);
    const withdrawn = await until(
      () => ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, second!.id)),
      (rows) => rows[0]?.state === 'withdrawn',
      LONG,
    );
    expect(withdrawn[0]).toMatchObject({ withdrawReason: 'cancelled' });
    expect((await detail(second!.id)).status).toBe('cancelled');
    await until(
      () => detail(first!.id),
      (row) => row.status === 'done',
      LONG,
    );
    expect((await integrity()).ok).toBe(true);
  });

  it('a machine that scraps says so: the scrapped pieces are booked to waste once, the order line short by them', async () => {
    await simulator?.stop();
    // One piece in two comes out scrap: a task of two bars, one piece a bar, scraps one.
    await start(SPEED, 0.5);
    const { orderId, cutPlanId } = await approvedPlan('X', [{ diameter: 16, length: 9100 }]);
    const planId = await release(cutPlanId, [SHEAR], '2026-12-28');
    const [task] = await tasksOf(planId);
    const done = await until(
      () => detail(task!.id),
      (row) => row.status === 'done',
      LONG,
    );
    expect(done).toMatchObject({ done: BARS_PER_LINE, scrap: 1 });
    expect(done.events.at(-1)).toMatchObject({ action: 'complete', userName: SHEAR });
    const [job] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, task!.id));
    expect(job).toMatchObject({ state: 'completed', good: BARS_PER_LINE, scrap: 1 });
    const order = (await ok('GET', `demandOrder/${orderId}`)) as unknown as DemandOrderDetail & {
      lines: { quantity: number; producedQuantity: number }[];
    };
    expect(order.lines[0]!.producedQuantity).toBe(BARS_PER_LINE - 1);
    expect((await integrity()).ok).toBe(true);
  });
});
