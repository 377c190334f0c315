import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  machineJobSchema,
  equipmentSchema,
  ingestStatsSchema,
  mqttCredentialsSchema,
  productResource,
  resourceItemSchema,
  stockIntegritySchema,
  taskDetailSchema,
} from '@armature/domain';
import { equipmentCounterSamples } from '../src/modules/equipment/index.ts';
import { machineJobs } from '../src/modules/processing/index.ts';
import { parseGatewayConfig } from '../src/modules/telemetry/opcua-gateway/gateway-config.ts';
import { startOpcuaGateway, type OpcuaGateway } from '../src/modules/telemetry/opcua-gateway/gateway.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { injectorFor, answerOf } from './helpers/inject.ts';
import { testTelemetry } from './helpers/mqtt.ts';
import { JOB_STATE, startOpcuaMachine, type OpcuaMachine } from './helpers/opcua-machine.ts';
import { until } from './helpers/sse-client.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = Record<string, string>;

const PLANNED = Date.parse('2026-12-01T01:00:00Z');

/**
 * The OPC UA gateway between a machine that speaks OPC UA — a node-opcua server playing a shear,
 * started once for the file — and the app's embedded broker: the machine's OPC 40001-1 state, counters and
 * alarm arrive as its telemetry; a dispatched task's job reaches its job method; its job nodes' progress and
 * completion come back and book the task; a withdrawal reaches its withdrawal variables.
 */
let shear: OpcuaMachine;
beforeAll(async () => {
  shear = await startOpcuaMachine();
});
afterAll(async () => {
  await shear?.stop();
});

describe.each(testDatabases())('the OPC UA gateway on %s', (kind) => {
  const ctx = useTestApp(kind, { config: { telemetry: testTelemetry('embedded') }, background: {} });
  const inject = injectorFor(ctx);
  let admin: Headers;
  let cutter: string;
  let gateway: OpcuaGateway | undefined;
  let purchaseLength = 9700;
  const logged: string[] = [];

  const fixture = (tag: string) =>
    createTaskFixture(ctx.app.db, { tag, purchaseLength: (purchaseLength += 10), plannedStart: PLANNED });
  const detail = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  const equipmentOf = async (id: string) => answerOf(await inject('GET', `equipment/${id}`, admin), equipmentSchema);
  const stats = async () => answerOf(await inject('GET', 'digitalTwin/ingest-stats', admin), ingestStatsSchema);
  const jobRow = async (seq: number) =>
    (await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, seq)))[0]!;
  const act = async (id: string, action: string) => {
    const response = await inject('POST', `task/${id}/${action}`, admin);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
  };
  /** The job the shear's AddJob method received for a task. */
  const jobOnMachine = (taskId: string) =>
    until(
      async () => shear.jobs.find((job) => job.taskId === taskId),
      (job) => job !== undefined,
    ).then((job) => job!);
  /** Plays the shear's PLC moving its current job. */
  const jobState = (taskId: string, seq: number, state: keyof typeof JOB_STATE, good = 0, scrap = 0) => {
    shear.set('Job.TaskId', taskId);
    shear.set('Job.Seq', seq);
    shear.set('Job.Good', good);
    shear.set('Job.Scrap', scrap);
    shear.set('Job.State', JOB_STATE[state]);
  };

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    await selectProduct(
      ctx.app,
      admin,
      products.find((product) => product.code === 'LINE1')!,
    );
    cutter = (await fixture('G0')).cutter.id;
    const issued = await inject('POST', `equipment/${cutter}/mqtt-credentials`, admin);
    expect(issued.statusCode, issued.body).toBe(201);
    const credentials = answerOf(issued, mqttCredentialsSchema);
    await until(stats, (answer) => answer.connected, 60_000);

    // The shear as the gateway finds it: ready, no job, no alarm (the other database's run may have left it otherwise).
    shear.set('ItemState', 'NotExecuting');
    shear.set('OperationMode', 3);
    shear.set('BarJam', false);
    jobState('', 0, 'idle');
    const [, , clientCode, productCode] = credentials.topicPrefix.split('/');
    // Through the file format's own check, as the command line reads it; the password from the environment.
    const config = parseGatewayConfig(
      JSON.parse(
        JSON.stringify({
          samplingIntervalMs: 50,
          countersIntervalMs: 200,
          models: { 'TEST-SHEAR': shear.nodeMap },
          machines: [
            {
              serialNumber: credentials.username,
              clientCode,
              productCode,
              model: 'TEST-SHEAR',
              endpoint: shear.endpoint,
              mqtt: { password: { env: 'TEST_SHEAR_MQTT_PASSWORD' } },
            },
          ],
        }),
      ),
    );
    gateway = startOpcuaGateway(config, {
      brokerUrl: credentials.brokerUrl,
      env: { TEST_SHEAR_MQTT_PASSWORD: credentials.password },
      log: (level, serial, message) => {
        logged.push(`${level} ${serial} ${message}`);
        if (process.env.DEBUG_OPCUA_GATEWAY) console.error(`gateway: ${level} ${serial} ${message}`);
      },
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    // Never a secret in what the gateway said.
    expect(logged.join('\n')).not.toMatch(/password/i);
  });

  it('sends the machine’s OPC 40001-1 state, its counters and its alarm bit as its telemetry', async () => {
    expect(
      await until(
        () => equipmentOf(cutter),
        (seen) => seen.operationStatus === 'idle',
      ),
    ).toMatchObject({
      mode: 'processing',
    });
    shear.set('ItemState', 'Executing');
    shear.set('Pieces', 120);
    shear.set('Good', 118);
    shear.set('Scrap', 2);
    await until(
      () => equipmentOf(cutter),
      (seen) => seen.operationStatus === 'running',
    );
    const samples = await until(
      () =>
        ctx.app.db
          .select()
          .from(equipmentCounterSamples)
          .where(eq(equipmentCounterSamples.equipmentId, cutter))
          .orderBy(asc(equipmentCounterSamples.at)),
      (rows) => rows.some((row) => row.pieces === 120),
    );
    expect(samples.at(-1)).toMatchObject({ pieces: 120, good: 118, scrap: 2 });

    shear.set('BarJam', true);
    const jammed = await until(
      () => equipmentOf(cutter),
      (seen) => seen.activeAlarm?.code === 'E42',
    );
    expect(jammed.activeAlarm).toMatchObject({ text: 'Bar jam at the shear', severity: 'error' });
    // Out of service in maintenance mode is maintenance; the alarm cleared.
    shear.set('ItemState', 'OutOfService');
    shear.set('OperationMode', 1);
    shear.set('BarJam', false);
    await until(
      () => equipmentOf(cutter),
      (seen) => seen.operationStatus === 'maintenance' && seen.activeAlarm === null,
    );
    shear.set('ItemState', 'NotExecuting');
    shear.set('OperationMode', 3);
    await until(
      () => equipmentOf(cutter),
      (seen) => seen.operationStatus === 'idle',
    );
  });

  it('hands a dispatched task’s job to the machine’s method; its job nodes’ progress and completion book the task once', async () => {
    const f = await fixture('G1');
    const { raw } = f.tasks;
    await act(raw.id, 'dispatch');
    const handed = await jobOnMachine(raw.id);
    const job = machineJobSchema.parse(JSON.parse(handed.json));
    expect(job).toMatchObject({
      taskId: raw.id,
      seq: handed.seq,
      code: raw.code,
      work: { kind: 'cut', repetitions: 5 },
    });

    jobState(raw.id, job.seq, 'accepted');
    await until(
      () => jobRow(job.seq),
      (row) => row.state === 'accepted',
    );
    jobState(raw.id, job.seq, 'started');
    await until(
      () => detail(raw.id),
      (task) => task.status === 'running',
    );
    jobState(raw.id, job.seq, 'started', 2);
    await until(
      () => detail(raw.id),
      (task) => task.done === 2,
    );
    jobState(raw.id, job.seq, 'completed', 5);
    const done = await until(
      () => detail(raw.id),
      (task) => task.status === 'done',
    );
    expect(done).toMatchObject({ done: 5, piecesDone: 15 });
    expect(done.stockMoves.filter((row) => row.kind === 'raw').map((row) => row.quantity)).toEqual([2, 3]);
    expect(done.events.filter((event) => event.action === 'complete')).toHaveLength(1);
    expect(await jobRow(job.seq)).toMatchObject({ state: 'completed', good: 5 });
    expect(answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema).ok).toBe(true);
  });

  it('writes a withdrawal into the machine’s withdrawal variables; the machine’s answer comes back', async () => {
    const { raw } = (await fixture('G2')).tasks;
    await act(raw.id, 'dispatch');
    const handed = await jobOnMachine(raw.id);
    await act(raw.id, 'cancel');
    const withdrawal = await until(
      async () => shear.withdrawals.find((row) => row.taskId === raw.id),
      (row) => row !== undefined,
    );
    expect(withdrawal).toEqual({ taskId: raw.id, seq: handed.seq, reason: 'cancelled' });
    jobState(raw.id, handed.seq, 'withdrawn');
    await until(
      () => jobRow(handed.seq),
      (row) => row.state === 'withdrawn',
    );
  });

  it('a job the machine refuses to take (a Bad status from its method) is rejected: the task goes back to the queue', async () => {
    const { raw } = (await fixture('G3')).tasks;
    shear.refuseJobs = true;
    try {
      await act(raw.id, 'dispatch');
      const task = await until(
        () => detail(raw.id),
        (seen) => seen.status === 'pending',
      );
      expect(task.events.at(-1)).toMatchObject({ data: { job: 'rejected', code: 'OPCUA_BadInvalidState' } });
    } finally {
      shear.refuseJobs = false;
    }
  });
});
