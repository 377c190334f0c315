import { z } from 'zod';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  cutPlanDetailSchema,
  demandOrderDetailSchema,
  equipmentPageSchema,
  equipmentSchema,
  mqttCredentialsSchema,
  type NotificationKind,
  notificationPageSchema,
  productResource,
  rebarResource,
  receiptInspectionResultSchema,
  resourceItemSchema,
} from '@armature/domain';
import { loginAs, uniqueName } from './helpers/auth.ts';
import { until } from './helpers/sse-client.ts';
import { connectMachine, publishJson, testTelemetry } from './helpers/mqtt.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { optimizeCutPlanJob, optimizeSolver } from '../src/modules/planning/cut-plan.job.ts';
import { scanDueOrders } from '../src/modules/planning/index.ts';
import { DEMO_INSPECTOR, DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { answerOf, injectorFor, withId } from './helpers/inject.ts';

type Headers = { authorization: string };
type Product = { id: string; code: string; clientId: string };

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

/**
 * Each event of the product raises its kind, through the real commands and routes, for the people it
 * concerns: a plan optimised, failed and approved, a task failed, a machine into fault, an order due,
 * an inspection failed. (Low stock and the fan-out rules: notifications.test.ts.)
 */
describe.each(testDatabases())('notification events on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning }, config: { telemetry: testTelemetry('embedded') } });
  let admin: Headers;
  let planner: Headers;
  let operator: Headers;
  let inspector: Headers;
  let line1: Product;

  const inject = injectorFor(ctx);

  /** The caller's notifications of a kind about one record. */
  async function told(headers: Headers, notificationKind: NotificationKind, subjectId?: string | null) {
    const response = await inject('GET', `notifications?kind=${notificationKind}&maxResultCount=100`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, notificationPageSchema).items.filter(
      (item) => subjectId === undefined || item.subject.id === subjectId,
    );
  }

  async function confirmedOrder(demandDate: string) {
    const specs = answerOf(await inject('GET', 'rebar/all', planner), z.array(resourceItemSchema(rebarResource)));
    const spec = specs.find((each) => each.diameter === 12 && each.grade === 'HRB400E')!;
    const created = await inject('POST', 'demandOrder', planner, {
      project: uniqueName('Notice'),
      element: 'B1',
      customer: null,
      demandDate,
      priority: 'normal',
      remark: null,
      lines: [{ mark: 'M1', rebarId: spec.id, length: 3000, members: 1, barsPerMember: 4 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const confirmed = await inject(
      'POST',
      `demandOrder/${answerOf(created, demandOrderDetailSchema).id}/confirm`,
      planner,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return answerOf(confirmed, demandOrderDetailSchema);
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    planner = await loginAs(ctx.app, 'planner');
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    inspector = await loginAs(ctx.app, DEMO_INSPECTOR.userName, DEMO_INSPECTOR.password);
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    for (const headers of [admin, planner, operator, inspector]) {
      const selected = await inject('PUT', 'client/set-currentUser-productId', headers, {
        clientId: line1.clientId,
        productId: line1.id,
      });
      expect(selected.statusCode, selected.body).toBe(200);
    }
  });

  it('tells of an approved plan and of a failed task, naming the machine and the reason', async () => {
    // The fixture approves its plan with the approve command, as the demo planner.
    const fixture = await createTaskFixture(ctx.app.db, {
      tag: 'NE',
      purchaseLength: 9030,
      plannedStart: Date.parse('2026-12-01T01:00:00Z'),
    });
    const [approved] = await told(planner, 'planApproved', fixture.cutPlanId);
    expect(approved).toMatchObject({
      params: { code: fixture.cutPlanCode },
      subject: { page: 'productionPlan.plan.cutPlan', id: fixture.cutPlanId },
    });

    const task = fixture.tasks.raw;
    expect((await inject('POST', `task/${task.id}/dispatch`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `task/${task.id}/start`, operator)).statusCode).toBe(200);
    const failed = await inject('POST', `task/${task.id}/fail`, operator, { reason: 'blade broke' });
    expect(failed.statusCode, failed.body).toBe(200);
    // The operator (who failed it, and reads tasks) and the planner (reads tasks) are told.
    for (const headers of [operator, planner]) {
      const [notice] = await told(headers, 'taskFailed', task.id);
      expect(notice).toMatchObject({
        params: { code: task.code, machine: expect.stringMatching(/./), reason: 'blade broke' },
        subject: { page: 'intelligentProcess.taskCenter.task', id: task.id },
      });
    }
  });

  it('tells of a machine going into fault by hand, once per fault', async () => {
    const machines = answerOf(await inject('GET', 'equipment?maxResultCount=100', admin), equipmentPageSchema).items;
    const manual = machines.find((machine) => machine.serialNumber === 'WG12D-2405-0343')!;
    const status = (operationStatus: string) =>
      inject('POST', `equipment/${manual.id}/status`, admin, { operationStatus, remark: null });
    expect((await status('fault')).statusCode).toBe(200);
    expect((await status('fault')).statusCode).toBe(200);
    const notices = await told(operator, 'machineFault', manual.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      params: { machine: manual.name, serialNumber: manual.serialNumber },
      subject: { page: 'intelligentProcess.taskCenter.digitalTwinOverview', id: manual.id },
    });
    // The maker's staff who set it is told as the actor.
    expect(await told(admin, 'machineFault', manual.id)).toHaveLength(1);
    expect((await status('running')).statusCode).toBe(200);
    expect((await status('fault')).statusCode).toBe(200);
    expect(await told(operator, 'machineFault', manual.id)).toHaveLength(2);
  });

  it('tells of a machine reporting a fault by telemetry, not of its repeated fault messages', async () => {
    const made = await inject('POST', 'equipment', admin, {
      serialNumber: uniqueName('NF-'),
      name: 'Telemetry bender',
      spec: 'WG12D-4',
      clientId: line1.clientId,
      productId: line1.id,
      saleStatus: 'sold',
    });
    expect(made.statusCode, made.body).toBe(201);
    const machine = answerOf(made, equipmentSchema);
    const issued = await inject('POST', `equipment/${machine.id}/mqtt-credentials`, admin);
    expect(issued.statusCode, issued.body).toBe(201);
    const credentials = answerOf(issued, mqttCredentialsSchema);
    const client = await connectMachine(credentials.brokerUrl, {
      username: credentials.username,
      password: credentials.password,
    });
    onTestFinished(() => client.endAsync(true).catch(() => {}));
    const state = (value: string, offsetMs: number) =>
      publishJson(client, `${credentials.topicPrefix}/state`, {
        state: value,
        ts: new Date(Date.now() - 10_000 + offsetMs).toISOString(),
      });
    const statusOf = async () =>
      answerOf(await inject('GET', `equipment/${machine.id}`, admin), equipmentSchema).operationStatus;
    await state('running', 0);
    await state('fault', 1000);
    await state('fault', 2000);
    await until(statusOf, (status) => status === 'fault', 20_000);
    await state('running', 3000);
    await until(statusOf, (status) => status === 'running', 20_000);
    const notices = await told(operator, 'machineFault', machine.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      params: { machine: 'Telemetry bender', serialNumber: machine.serialNumber },
      actorName: null,
    });
  });

  it('tells of confirmed orders due soon and not planned, once a plant day however often it scans', async () => {
    const soon = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
    const order = await confirmedOrder(soon);
    const later = await confirmedOrder('2099-12-31');
    await scanDueOrders(ctx.app.db);
    await scanDueOrders(ctx.app.db);
    const notices = await told(planner, 'orderDue', order.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      params: { code: order.code, dueDate: soon, days: expect.any(Number) },
      subject: { page: 'productionPlan.plan.demandOrder', id: order.id },
      actorName: null,
    });
    expect(await told(planner, 'orderDue', later.id)).toEqual([]);
  });

  it('tells of a failed receipt inspection', async () => {
    const created = async (url: string, payload: object) => {
      const response = await inject('POST', url, admin, payload);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
      return answerOf(response, withId);
    };
    const spec = await created('rebar', { grade: uniqueName('Q').slice(0, 16), diameter: 25, unitWeight: 4 });
    const technique = await created('technique', { code: uniqueName('T'), name: 'Receiving', stage: 'receipt' });
    const bend = await created('ispectionType', {
      code: uniqueName('C'),
      name: 'Bend',
      techniqueId: technique.id,
      method: 'passFail',
    });
    const receipt = await created('rebarReceive', {
      rebarId: spec.id,
      supplier: 'Mill',
      heatNo: uniqueName('H'),
      length: 9000,
      bundles: 1,
      barCount: 10,
      receiveDate: '2026-11-22',
    });
    const inspected = await inject('POST', `inspection/receipt/${receipt.id}`, admin, {
      checks: [{ inspectionTypeId: bend.id, passed: false }],
    });
    expect(inspected.statusCode, inspected.body).toBe(201);
    const { inspection } = answerOf(inspected, receiptInspectionResultSchema);
    const [notice] = await told(inspector, 'inspectionFailed', inspection.id);
    expect(notice).toMatchObject({
      params: { code: inspection.code, characteristic: 'Bend' },
      subject: { page: 'intelligentProcess.quality.inspection', id: inspection.id },
    });
  });

  it('tells the approvers when a run finishes and the optimisers when it fails for good', async () => {
    const settled = (id: string) =>
      until(
        async () => answerOf(await inject('GET', `cutPlan/${id}`, planner), cutPlanDetailSchema),
        (plan) => ['succeeded', 'failed', 'cancelled'].includes(plan.job.state),
        30_000,
      );
    const order = await confirmedOrder('2099-12-30');
    const made = await inject('POST', 'cutPlan', planner, { timeLimitS: 1, demandOrderIds: [order.id] });
    expect(made.statusCode, made.body).toBe(201);
    const plan = answerOf(made, cutPlanDetailSchema);
    expect((await settled(plan.id)).job.state).toBe('succeeded');
    const [optimised] = await told(planner, 'planOptimised', plan.id);
    expect(optimised).toMatchObject({ params: { code: plan.code, wasteRate: expect.any(Number) } });

    const real = optimizeSolver.solve;
    optimizeSolver.solve = async () => {
      throw new Error('solver crashed');
    };
    onTestFinished(() => {
      optimizeSolver.solve = real;
    });
    const again = await inject('POST', `cutPlan/${plan.id}/optimize`, planner, { timeLimitS: 1 });
    expect(again.statusCode, again.body).toBe(202);
    // Retried once (retryLimit), then failed: told once, after the last attempt.
    expect(optimizeCutPlanJob.retryLimit).toBe(1);
    expect((await settled(plan.id)).job.state).toBe('failed');
    const failed = await told(planner, 'planFailed', plan.id);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ params: { code: plan.code, message: 'solver crashed' } });
  });
});
