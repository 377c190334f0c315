import { z } from 'zod';
import { EventEmitter, once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { connect as connectMqtt, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cutPlanPageSchema,
  demandOrderDetailSchema,
  ingestStatsSchema,
  type MachineJob,
  type MachineJobMessage,
  machineJobMessageSchema,
  type MqttCredentials,
  mqttCredentialsSchema,
  productResource,
  resourceItemSchema,
  stockIntegritySchema,
  taskDetailSchema,
} from '@armature/domain';
import { buildApp } from '../src/app.ts';
import { equipment, equipmentCredentials } from '../src/modules/equipment/index.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { MACHINE_JOB_CHANNEL, machineJobs, tasks } from '../src/modules/processing/index.ts';
import { publishRoundSeam } from '../src/modules/telemetry/machine-job-publisher.ts';
import { JobStatusIntake } from '../src/modules/telemetry/machine-job-status.ts';
import { MachineDirectory } from '../src/modules/telemetry/machine-directory.ts';
import { IngestCounter } from '../src/modules/telemetry/ingest-stats.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { moveTasks } from './helpers/replan.ts';
import { answerOf, injectorFor, withId } from './helpers/inject.ts';
import { closed, connectMachine, publishJson, testBrokers, testTelemetry, type BrokerKind } from './helpers/mqtt.ts';
import { until } from './helpers/sse-client.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { testConfig, testDatabases, useTestApp } from './helpers/test-app.ts';
import type { Tx } from '../src/core/db/client.ts';
import { DEMO_SHIFT_LEAD } from '../src/modules/users/index.ts';
import { notificationParams } from './helpers/notifications.ts';

type Headers = Record<string, string>;

const PLANNED = Date.parse('2026-12-01T01:00:00Z');
const COMBINATIONS = testDatabases().flatMap((database) =>
  testBrokers().map((broker) => [database, broker] as [typeof database, BrokerKind]),
);

/**
 * Machines take their work: a dispatched task goes down the machine's `…/job` topic, what the
 * machine answers on `…/job-status` moves the task and books its production, once. A real MQTT client
 * plays the machine against the embedded broker (and Mosquitto with TEST_MQTT_URL).
 */
describe.each(COMBINATIONS)('machine jobs on %s with the %s broker', (kind, broker) => {
  // Background services on, as in `npm start`: a dispatch's commit wakes the job publisher through the event
  // bus (without it the publisher only finds new jobs on its 2 s timer, and every test waited for that).
  const ctx = useTestApp(kind, { config: { telemetry: testTelemetry(broker) }, background: {} });
  const inject = injectorFor(ctx);
  let admin: Headers;
  let credentials: MqttCredentials;
  let purchaseLength = 9300;
  const clients: MqttClient[] = [];
  /** Everything the machine received on its job topic, in order; `inbox` tells when another arrives. */
  const received: MachineJobMessage[] = [];
  const inbox = new EventEmitter();

  const fixture = (tag: string) =>
    createTaskFixture(ctx.app.db, { tag, purchaseLength: (purchaseLength += 10), plannedStart: PLANNED });
  const detail = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  const act = async (id: string, action: string, status = 200) => {
    const response = await inject('POST', `task/${id}/${action}`, admin);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(status);
    return response;
  };
  const stats = async () => answerOf(await inject('GET', 'digitalTwin/ingest-stats', admin), ingestStatsSchema);
  const integrity = async () => answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema);
  /** The first message of the task of this type after `after`, as soon as the machine has it. */
  async function jobOf(taskId: string, type: MachineJobMessage['type'] = 'job', after = 0) {
    const match = (message: MachineJobMessage) =>
      message.taskId === taskId && message.type === type && message.seq > after;
    let found = received.find(match);
    const signal = AbortSignal.timeout(20_000);
    while (!found) {
      await once(inbox, 'message', { signal });
      found = received.find(match);
    }
    return found;
  }
  const statusTopic = () => `${credentials.topicPrefix}/job-status`;

  /**
   * An intake of its own for the machine's messages, over the database with its transactions counted: one message
   * applied is one transaction. `after` runs at the end of each of them, in it (what it saw when it committed).
   */
  function countedIntake(after?: (tx: Tx) => Promise<void>) {
    const [clientCode, productCode] = credentials.topicPrefix.split('/').slice(2);
    let transactions = 0;
    const db = new Proxy(ctx.app.db, {
      get(target, property) {
        if (property === 'transaction') {
          transactions++;
          if (after)
            return <T>(work: (tx: Tx) => Promise<T>) =>
              target.transaction(async (tx) => {
                const result = await work(tx);
                await after(tx);
                return result;
              });
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const intake = new JobStatusIntake({
      db,
      directory: new MachineDirectory(ctx.app.db),
      counter: new IngestCounter(),
      log: ctx.app.log,
    });
    const topic = { clientCode: clientCode!, productCode: productCode!, serialNumber: credentials.username, raw: '' };
    return { intake, topic, transactions: () => transactions };
  }
  /**
   * A fixture's raw-bar cut dispatched, and its job's `words` handed to a counted intake together, before the first
   * is applied (what a busy database leaves waiting), then applied.
   */
  async function backlogOfOneJob(tag: string, words: Record<string, unknown>[]) {
    const { raw } = (await fixture(tag)).tasks;
    await act(raw.id, 'dispatch');
    const job = await jobOf(raw.id);
    const ids = { taskId: job.taskId, seq: job.seq, ts: new Date().toISOString() };
    const { intake, topic, transactions } = countedIntake();
    for (const word of words) intake.receive(topic, Buffer.from(JSON.stringify({ ...word, ...ids })));
    await intake.drain();
    return { raw, job, transactions };
  }
  /** Publishes job-status messages and waits until the ingest applied them (its `accepted` count). */
  async function answer(client: MqttClient, ...messages: Record<string, unknown>[]) {
    const before = (await stats()).accepted;
    for (const message of messages)
      await publishJson(client, statusTopic(), { ts: new Date().toISOString(), ...message });
    await until(stats, (now) => now.accepted >= before + messages.length);
  }

  /**
   * The machine as a PLC gateway connects: a persistent session (what was queued while it was away arrives
   * right after the connection, so it listens before connecting), subscribed to its own job topic.
   */
  async function connect(session: { clean: boolean } = { clean: false }): Promise<MqttClient> {
    const client = connectMqtt(credentials.brokerUrl, {
      username: credentials.username,
      password: credentials.password,
      clientId: `${credentials.username}/plc`,
      clean: session.clean,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    client.on('message', (_topic, payload) => {
      received.push(machineJobMessageSchema.parse(JSON.parse(String(payload))));
      inbox.emit('message');
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    await client.subscribeAsync(`${credentials.topicPrefix}/job`, { qos: 1 });
    clients.push(client);
    return client;
  }

  let machine: MqttClient;
  let cutter: string;

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    await selectProduct(
      ctx.app,
      admin,
      products.find((product) => product.code === 'LINE1')!,
    );
    cutter = (await fixture('J0')).cutter.id;
    const issued = await inject('POST', `equipment/${cutter}/mqtt-credentials`, admin);
    expect(issued.statusCode, issued.body).toBe(201);
    credentials = answerOf(issued, mqttCredentialsSchema);
    await until(stats, (answer) => answer.connected, 60_000);
    machine = await connect();
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
  });

  it('sends a dispatched cut task as a job: the bar, the cuts in order with their marks, the bars, the remainder', async () => {
    const { tasks } = await fixture('J1');
    await act(tasks.raw.id, 'dispatch');
    const job = (await jobOf(tasks.raw.id)) as MachineJob;
    expect(job).toMatchObject({
      type: 'job',
      taskId: tasks.raw.id,
      code: tasks.raw.code,
      grade: 'HRB400E',
      diameter: 12,
      work: {
        kind: 'cut',
        stock: { length: 12_000, source: 'stock', heatNo: 'J1R' },
        cuts: [{ length: 3000, count: 3, mark: 'J1-A' }],
        repetitions: 5,
        remainder: { length: 2990, action: 'keep' },
      },
    });
    const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, tasks.raw.id));
    expect(row).toMatchObject({ seq: job.seq, state: 'sent' });
    await act(tasks.raw.id, 'cancel');
  });

  it('books a machine’s completion exactly as a manual one, once, however often it is sent; the operator’s report and the machine’s never add up', async () => {
    const f = await fixture('J2');
    const { raw } = f.tasks;
    await act(raw.id, 'dispatch');
    const job = await jobOf(raw.id);
    const ids = { taskId: job.taskId, seq: job.seq };
    await answer(machine, { status: 'accepted', ...ids }, { status: 'started', ...ids });
    expect(await detail(raw.id)).toMatchObject({ status: 'running', startedAt: expect.any(String) });

    // Two bars cut by the machine; the operator reports three; the machine's count of three adds nothing.
    await answer(machine, { status: 'pieces', ...ids, good: 2, scrap: 0 });
    expect(await detail(raw.id)).toMatchObject({ done: 2, piecesDone: 6 });
    expect((await inject('POST', `task/${raw.id}/report`, admin, { done: 3 })).statusCode).toBe(200);
    await answer(
      machine,
      { status: 'pieces', ...ids, good: 3, scrap: 0 },
      { status: 'pieces', ...ids, good: 2, scrap: 0 },
    );
    const reported = await detail(raw.id);
    expect(reported).toMatchObject({ done: 3, piecesDone: 9 });
    expect(reported.stockMoves.filter((row) => row.kind === 'raw').map((row) => row.quantity)).toEqual([2, 1]);

    // Completed, then the same message again (QoS 1 is at least once).
    const completed = { status: 'completed', ...ids, good: 5, scrap: 0 };
    await answer(machine, completed, completed);
    const done = await detail(raw.id);
    expect(done).toMatchObject({ status: 'done', done: 5, piecesDone: 15, finishedAt: expect.any(String) });
    expect(done.stockMoves.filter((row) => row.kind === 'raw').map((row) => row.quantity)).toEqual([2, 1, 2]);
    expect(done.bundles.map((bundle) => bundle.pieces)).toEqual([8, 7]);
    expect(done.events.map((event) => [event.action, event.userName])).toEqual([
      ['dispatch', expect.any(String)],
      ['start', credentials.username],
      ['report', credentials.username],
      ['report', expect.any(String)],
      ['complete', credentials.username],
    ]);
    const order = answerOf(await inject('GET', `demandOrder/${f.orderId}`, admin), demandOrderDetailSchema);
    expect(order.lines.find((line) => line.id === f.lineA)!.producedQuantity).toBe(15);
    // A manual completion after the machine's is refused: nothing is booked twice.
    await act(raw.id, 'complete', 409);
    const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, job.seq));
    expect(row).toMatchObject({ state: 'completed', good: 5 });
    expect((await integrity()).ok).toBe(true);
  });

  it('a job-status too large, not JSON or not the schema is counted and dropped as telemetry is: nothing moves, nothing is booked', async () => {
    const { raw } = (await fixture('JP')).tasks;
    await act(raw.id, 'dispatch');
    const job = await jobOf(raw.id);
    const completed = { status: 'completed', taskId: job.taskId, seq: job.seq, good: 5, scrap: 0 };
    const before = await stats();
    const valid = JSON.stringify({ ts: new Date().toISOString(), ...completed });
    // A valid completion padded past 4096 bytes (JSON allows the blanks), a cut-off one, and two off the schema.
    await publishJson(machine, statusTopic(), valid + ' '.repeat(4097 - valid.length));
    await publishJson(machine, statusTopic(), valid.slice(0, -1));
    await publishJson(machine, statusTopic(), { ts: new Date().toISOString(), ...completed, good: -1 });
    await publishJson(machine, statusTopic(), { ts: new Date().toISOString(), ...completed, operator: 'x' });
    const counted = await until(stats, (now) => now.rejected.invalidPayload >= before.rejected.invalidPayload + 4);
    expect(counted.accepted).toBe(before.accepted);
    expect(counted.lastRejections.find((last) => last.reason === 'invalidPayload')?.serialNumber).toBe(
      credentials.username,
    );
    const untouched = await detail(raw.id);
    expect(untouched).toMatchObject({ status: 'dispatched', done: 0 });
    expect(untouched.stockMoves).toHaveLength(0);
    expect(untouched.bundles).toHaveLength(0);
    const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, job.seq));
    expect(row).toMatchObject({ state: 'sent', good: 0 });
    // The job is not spoilt: the machine's valid completion books it, once.
    await answer(machine, completed);
    expect(await detail(raw.id)).toMatchObject({ status: 'done', done: 5 });
    expect((await integrity()).ok).toBe(true);
  });

  it('a backlog of a job’s words ending in its completion books as the words one by one would: the accepted, started and counts behind it passed over', async () => {
    const { raw, job, transactions } = await backlogOfOneJob('JQ', [
      { status: 'accepted' },
      { status: 'started' },
      { status: 'pieces', good: 2, scrap: 1 },
      { status: 'completed', good: 5, scrap: 1 },
    ]);
    expect(transactions()).toBe(1);
    const done = await detail(raw.id);
    expect(done).toMatchObject({ status: 'done', done: 5, scrap: 1, startedAt: expect.any(String) });
    expect(done.events.map((event) => [event.action, event.userName])).toEqual([
      ['dispatch', expect.any(String)],
      ['start', credentials.username],
      ['complete', credentials.username],
    ]);
    expect(done.stockMoves.filter((row) => row.kind === 'raw').map((row) => row.quantity)).toEqual([5]);
    const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, job.seq));
    expect(row).toMatchObject({ state: 'completed', scrap: 1 });
    expect((await integrity()).ok).toBe(true);
  });

  it('an accepted waiting behind which the job’s started waits is passed over: the start alone, one transaction', async () => {
    const { raw, job, transactions } = await backlogOfOneJob('JA', [{ status: 'accepted' }, { status: 'started' }]);
    expect(transactions()).toBe(1);
    const running = await detail(raw.id);
    expect(running).toMatchObject({ status: 'running', startedAt: expect.any(String) });
    expect(running.events.map((event) => [event.action, event.userName])).toEqual([
      ['dispatch', expect.any(String)],
      ['start', credentials.username],
    ]);
    const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, job.seq));
    expect(row).toMatchObject({ state: 'started' });
    // The shear runs one task at a time: the next tests start theirs on it.
    await act(raw.id, 'complete');
  });

  it('a machine’s completion waiting behind its other jobs’ acceptances is booked first; they are recorded after', async () => {
    const { raw, tail, purchase } = (await fixture('JF')).tasks;
    const jobs: MachineJobMessage[] = [];
    for (const task of [raw, tail, purchase]) {
      await act(task.id, 'dispatch');
      jobs.push(await jobOf(task.id));
    }
    const seqs = jobs.map((job) => job.seq);
    // Each job's state as each transaction of the intake left it, seen at its end.
    const seen: string[][] = [];
    const { intake, topic, transactions } = countedIntake(async (tx) => {
      const rows = await tx.select().from(machineJobs).where(inArray(machineJobs.seq, seqs));
      seen.push(seqs.map((seq) => rows.find((row) => row.seq === seq)!.state));
    });
    const word = (job: (typeof jobs)[number], status: string, counts = {}) =>
      Buffer.from(
        JSON.stringify({ status, taskId: job.taskId, seq: job.seq, ts: new Date().toISOString(), ...counts }),
      );
    for (const job of jobs) intake.receive(topic, word(job, 'accepted'));
    intake.receive(topic, word(jobs[0]!, 'completed', { good: 5, scrap: 0 }));
    await intake.drain();
    // The raw-bar cut's acceptance went with its completion: three transactions, the booking first.
    expect(transactions()).toBe(3);
    expect(seen).toEqual([
      ['completed', 'sent', 'sent'],
      ['completed', 'accepted', 'sent'],
      ['completed', 'accepted', 'accepted'],
    ]);
    expect(await detail(raw.id)).toMatchObject({ status: 'done', done: 5 });
    for (const task of [tail, purchase]) await act(task.id, 'cancel');
    expect((await integrity()).ok).toBe(true);
  });

  it('a machine’s start the task refuses (the shear runs another) is recorded on the task; nothing moves', async () => {
    const { raw, tail } = (await fixture('JR')).tasks;
    for (const task of [raw, tail]) await act(task.id, 'dispatch');
    await jobOf(raw.id);
    const job = await jobOf(tail.id);
    await act(raw.id, 'start');
    const { intake, topic, transactions } = countedIntake();
    intake.receive(
      topic,
      Buffer.from(
        JSON.stringify({ status: 'started', taskId: job.taskId, seq: job.seq, ts: new Date().toISOString() }),
      ),
    );
    await intake.drain();
    // The move's transaction rolled back whole; the refusal recorded in a second.
    expect(transactions()).toBe(2);
    const refused = await detail(tail.id);
    expect(refused).toMatchObject({ status: 'dispatched', startedAt: null });
    expect(refused.events.at(-1)).toMatchObject({
      action: 'telemetry',
      userName: credentials.username,
      data: { seq: job.seq, job: 'started', refused: expect.any(String) },
    });
    const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, job.seq));
    expect(row).toMatchObject({ state: 'sent' });
    await act(raw.id, 'complete');
    await act(tail.id, 'cancel');
  });

  it('a backlog of several jobs’ words lets the event loop turn between one message applied and the next', async () => {
    const { raw, tail, purchase } = (await fixture('JY')).tasks;
    const jobs = [];
    for (const task of [raw, tail, purchase]) {
      await act(task.id, 'dispatch');
      jobs.push(await jobOf(task.id));
    }
    const { intake, topic, transactions } = countedIntake();
    // Each job's accepted: none passes another over, so each is a transaction of its own.
    for (const job of jobs)
      intake.receive(
        topic,
        Buffer.from(
          JSON.stringify({ status: 'accepted', taskId: job.taskId, seq: job.seq, ts: new Date().toISOString() }),
        ),
      );
    // What the event loop's turns saw applied: a socket read or written in between would have had its turn too.
    const seen: number[] = [];
    let turning = true;
    const turn = () => {
      seen.push(transactions());
      if (turning) setImmediate(turn);
    };
    setImmediate(turn);
    await intake.drain();
    turning = false;
    expect(transactions()).toBe(3);
    expect(seen).toEqual(expect.arrayContaining([1, 2]));
    for (const job of jobs) {
      const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, job.seq));
      expect(row).toMatchObject({ state: 'accepted' });
    }
  });

  it('a completion of a task already completed by hand books nothing', async () => {
    const { raw } = (await fixture('J3')).tasks;
    await act(raw.id, 'dispatch');
    const job = await jobOf(raw.id);
    await act(raw.id, 'start');
    await act(raw.id, 'complete');
    const before = await detail(raw.id);
    await answer(machine, { status: 'completed', taskId: job.taskId, seq: job.seq, good: 5, scrap: 1 });
    const after = await detail(raw.id);
    expect(after.stockMoves).toHaveLength(before.stockMoves.length);
    expect(after).toMatchObject({ status: 'done', scrap: 0 });
    expect((await integrity()).ok).toBe(true);
  });

  it('a bend job waits until its cut task has ended; a cut completed by hand withdraws the job its machine still held', async () => {
    const f = await fixture('J10');
    const { tail, bend } = f.tasks;
    const bender = await inject('POST', `equipment/${f.bender.id}/mqtt-credentials`, admin);
    expect(bender.statusCode, bender.body).toBe(201);
    const rowOf = async (taskId: string) =>
      (await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, taskId)))[0];
    // The bend first, then its cut: the round that sends the cut's job (a later sequence) passes the bend's by.
    await act(bend.id, 'dispatch');
    await act(tail.id, 'dispatch');
    const cutJob = await jobOf(tail.id);
    await until(
      () => rowOf(tail.id),
      (row) => row?.sentAt != null,
    );
    const waiting = await rowOf(bend.id);
    expect(waiting).toMatchObject({ state: 'sent', sentAt: null });
    expect(waiting!.seq).toBeLessThan(cutJob.seq);
    // The operator cuts by hand while the shear still holds the job queued: it is withdrawn as completed.
    await act(tail.id, 'start');
    await act(tail.id, 'complete');
    expect(await jobOf(tail.id, 'withdrawal', cutJob.seq - 1)).toMatchObject({ seq: cutJob.seq, reason: 'completed' });
    await answer(machine, { status: 'withdrawn', taskId: tail.id, seq: cutJob.seq });
    expect(await rowOf(tail.id)).toMatchObject({ state: 'withdrawn', withdrawReason: 'completed' });
    // The cut has ended: the bend's job goes to its machine.
    const sent = await until(
      () => rowOf(bend.id),
      (row) => row?.sentAt != null,
    );
    expect(sent).toMatchObject({
      withdrawnAt: null,
      payload: expect.objectContaining({ work: expect.objectContaining({ kind: 'bend' }) }),
    });
    // The machine's late completion of the withdrawn cut books nothing more.
    const booked = await detail(tail.id);
    await answer(machine, { status: 'completed', taskId: tail.id, seq: cutJob.seq, good: 5, scrap: 0 });
    expect((await detail(tail.id)).stockMoves).toHaveLength(booked.stockMoves.length);
    await act(bend.id, 'cancel');
    expect((await integrity()).ok).toBe(true);
  });

  it('a cut task that ends wakes the job publishers only when a bend job waits for it', async () => {
    const f = await fixture('J12');
    const { tail, bend, raw } = f.tasks;
    const bender = await inject('POST', `equipment/${f.bender.id}/mqtt-credentials`, admin);
    expect(bender.statusCode, bender.body).toBe(201);
    // The publishers' wake-ups, in commit order: a `queued` seen says every event committed before it was seen too.
    const events: string[] = [];
    const unsubscribe = ctx.app.events!.subscribe(MACHINE_JOB_CHANNEL, (event) => events.push(event.type));
    const queuedSeen = (count: number) =>
      until(
        async () => events.filter((type) => type === 'queued').length,
        (seen) => seen >= count,
      );
    try {
      // No bend job waits for the raw-bar cut (its bend was never dispatched): its end wakes nobody.
      await act(raw.id, 'dispatch');
      await act(raw.id, 'start');
      await act(raw.id, 'complete');
      await act(bend.id, 'dispatch');
      await queuedSeen(2);
      expect(events).not.toContain('released');
      // The bend's job now waits for its cut, the offcut's: that cut's end wakes the publishers, and the job goes.
      await act(tail.id, 'dispatch');
      await act(tail.id, 'start');
      await act(tail.id, 'complete');
      await until(
        async () => events,
        (seen) => seen.includes('released'),
      );
      const sent = await until(
        async () => (await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, bend.id)))[0],
        (row) => row?.sentAt != null,
      );
      expect(sent).toMatchObject({ withdrawnAt: null });
      expect(events.filter((type) => type === 'released')).toHaveLength(1);
      await act(bend.id, 'cancel');
    } finally {
      unsubscribe();
    }
  });

  it('a rejected job puts the task back in the queue and tells the shift lead; dispatched again, it is a new job', async () => {
    const { raw } = (await fixture('J4')).tasks;
    await act(raw.id, 'dispatch');
    const job = await jobOf(raw.id);
    await answer(machine, {
      status: 'rejected',
      taskId: job.taskId,
      seq: job.seq,
      code: 'DIAMETER_RANGE',
      text: 'Φ12 is outside the tooling fitted',
    });
    const rejected = await detail(raw.id);
    expect(rejected.status).toBe('pending');
    expect(rejected.events.at(-1)).toMatchObject({
      action: 'telemetry',
      fromStatus: 'dispatched',
      toStatus: 'pending',
      userName: credentials.username,
      data: { seq: job.seq, job: 'rejected', code: 'DIAMETER_RANGE', text: 'Φ12 is outside the tooling fitted' },
    });
    const told = await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'machineJobRejected');
    expect(told).toEqual([
      {
        params: expect.objectContaining({ code: raw.code, reason: 'DIAMETER_RANGE Φ12 is outside the tooling fitted' }),
      },
    ]);
    // The same rejection again changes nothing; a new dispatch is a new job with a later sequence.
    await answer(machine, { status: 'rejected', taskId: job.taskId, seq: job.seq, code: 'DIAMETER_RANGE', text: '' });
    expect((await detail(raw.id)).events).toHaveLength(rejected.events.length);
    const bulk = await inject('POST', 'task/bulk/dispatch', admin, { ids: [raw.id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const again = await jobOf(raw.id, 'job', job.seq);
    expect(again.seq).toBeGreaterThan(job.seq);
    await act(raw.id, 'cancel');
    await jobOf(raw.id, 'withdrawal', job.seq);
  });

  it('a cancelled task’s job is withdrawn; the machine’s answer is kept and its late start is recorded', async () => {
    const { raw } = (await fixture('J5')).tasks;
    await act(raw.id, 'dispatch');
    const job = await jobOf(raw.id);
    await act(raw.id, 'cancel');
    const withdrawal = await jobOf(raw.id, 'withdrawal');
    expect(withdrawal).toMatchObject({ type: 'withdrawal', taskId: raw.id, seq: job.seq, reason: 'cancelled' });
    await answer(machine, { status: 'started', taskId: job.taskId, seq: job.seq });
    const task = await detail(raw.id);
    expect(task.status).toBe('cancelled');
    expect(task.events.at(-1)).toMatchObject({ action: 'telemetry', data: { seq: job.seq, job: 'startedWithdrawn' } });
    await answer(machine, { status: 'withdrawn', taskId: job.taskId, seq: job.seq });
    const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, job.seq));
    expect(row).toMatchObject({
      state: 'withdrawn',
      withdrawReason: 'cancelled',
      withdrawalSentAt: expect.any(String),
    });
  });

  it('a failed task’s job is withdrawn (reason failed), whether the machine or the operator’s screen started it', async () => {
    const { raw, tail } = (await fixture('J8')).tasks;
    // Started on the machine: it stops the job and answers withdrawn.
    await act(raw.id, 'dispatch');
    const job = await jobOf(raw.id);
    await answer(machine, { status: 'started', taskId: raw.id, seq: job.seq });
    expect((await detail(raw.id)).status).toBe('running');
    const failed = await inject('POST', `task/${raw.id}/fail`, admin, { reason: 'blade broke' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await jobOf(raw.id, 'withdrawal', job.seq - 1)).toMatchObject({ seq: job.seq, reason: 'failed' });
    await answer(machine, { status: 'withdrawn', taskId: raw.id, seq: job.seq });
    // Started by the operator's screen while the machine still held it queued: it must not run it later.
    await act(tail.id, 'dispatch');
    const queued = await jobOf(tail.id);
    await act(tail.id, 'start');
    const byHand = await inject('POST', `task/${tail.id}/fail`, admin, { reason: 'wrong bars' });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(await jobOf(tail.id, 'withdrawal', queued.seq - 1)).toMatchObject({ seq: queued.seq, reason: 'failed' });
    // A late completion of the failed task books nothing.
    await answer(machine, { status: 'completed', taskId: tail.id, seq: queued.seq, good: 1, scrap: 0 });
    const rows = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, raw.id));
    expect(rows.map((row) => [row.state, row.withdrawReason])).toEqual([['withdrawn', 'failed']]);
    expect((await detail(tail.id)).status).toBe('failed');
    expect((await detail(tail.id)).done).toBe(0);
    expect((await integrity()).ok).toBe(true);
  });

  it('a task moved to another machine is withdrawn from the first', async () => {
    const { raw } = (await fixture('J7')).tasks;
    const [original] = await ctx.app.db.select().from(equipment).where(eq(equipment.id, cutter));
    const { id: _id, serialNumber, ...copy } = original!;
    // A machine that may cut the task (the fixture's is the line's first machine, whatever it does).
    const [cut] = await ctx.app.db.select({ id: techniques.id }).from(techniques).where(eq(techniques.code, 'CUT'));
    const [spare] = await ctx.app.db
      .insert(equipment)
      .values({ ...copy, serialNumber: `${serialNumber}-J7`, techniqueIds: [cut!.id], diameterMin: 6, diameterMax: 40 })
      .returning({ id: equipment.id });
    await act(raw.id, 'dispatch');
    const job = await jobOf(raw.id);
    // Moved by a re-plan (the task list's move): the job is withdrawn as `replanned`.
    const moved = await moveTasks(inject, admin, [raw.id], spare!.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await jobOf(raw.id, 'withdrawal')).toMatchObject({ seq: job.seq, reason: 'replanned' });
    // The spare machine has no credentials: it is worked from the operator's screen, no job is made for it.
    const rows = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, raw.id));
    expect(rows.map((row) => [row.equipmentId, row.withdrawReason])).toEqual([[cutter, 'replanned']]);
    await act(raw.id, 'cancel');
  });

  it('a schedule released on a line that dispatches on release sends each machine with credentials its jobs', async () => {
    const approved = answerOf(await inject('GET', 'cutPlan?status=approved', admin), cutPlanPageSchema);
    const created = await inject('POST', 'dailyPlan', admin, {
      firstDay: '2026-12-07',
      days: 3,
      cutPlanIds: [approved.items[0]!.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = answerOf(created, withId);
    const scheduled = await inject('POST', `dailyPlan/${plan.id}/auto-schedule`, admin, { clearPins: true });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const released = await inject('POST', `dailyPlan/${plan.id}/release`, admin);
    expect(released.statusCode, released.body).toBe(200);
    const rows = await ctx.app.db
      .select({
        id: tasks.id,
        kind: tasks.kind,
        equipmentId: tasks.equipmentId,
        status: tasks.status,
        credentials: equipmentCredentials.equipmentId,
      })
      .from(tasks)
      .leftJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, tasks.equipmentId))
      .where(eq(tasks.dailyPlanId, plan.id));
    expect(rows.length).toBeGreaterThan(0);
    const jobs = await ctx.app.db.select().from(machineJobs);
    for (const row of rows) {
      expect(row.status).toBe('dispatched');
      const made = jobs.filter((job) => job.taskId === row.id);
      // A machine without credentials is worked from the operator's screen: no job for it.
      expect(made.map((job) => job.equipmentId)).toEqual(row.credentials ? [row.equipmentId] : []);
      // A bend job waits for its cut task (the test above): only the cuts go down now.
      if (row.equipmentId === cutter && row.kind === 'cut') await jobOf(row.id);
    }
    expect(jobs.some((job) => rows.some((row) => row.id === job.taskId))).toBe(true);
  });

  it('a machine that was off gets its queue when it reconnects (persistent session)', async () => {
    await machine.endAsync();
    const { raw } = (await fixture('J6')).tasks;
    await act(raw.id, 'dispatch');
    await until(
      () => ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, raw.id)),
      (rows) => rows[0]?.sentAt != null,
    );
    expect(received.some((message) => message.taskId === raw.id)).toBe(false);
    machine = await connect();
    const job = await jobOf(raw.id);
    expect(job.type).toBe('job');
    await act(raw.id, 'cancel');
  });

  // The CI's Mosquitto runs without an ACL (docs/telemetry.md gives the one Mosquitto takes): the embedded broker's.
  if (broker === 'embedded')
    it('lets a machine read only its own jobs and write only its own job-status', async () => {
      const other = credentials.topicPrefix.replace(credentials.username, 'SOMEONE-ELSE');
      await expect(machine.subscribeAsync(`${other}/job`, { qos: 1 })).rejects.toThrow();
      await expect(machine.subscribeAsync(`${credentials.topicPrefix}/#`, { qos: 1 })).rejects.toThrow();
      // Publishing a job of its own is not a machine's to do: the broker ends that connection.
      const rogue = await connectMachine(credentials.brokerUrl, {
        username: credentials.username,
        password: credentials.password,
      });
      clients.push(rogue);
      rogue.publish(`${credentials.topicPrefix}/job`, '{}', { qos: 1 });
      await closed(rogue);
      expect(machine.connected).toBe(true);
    });

  // Only the embedded broker re-sends on a subscription (Mosquitto keeps its sessions across our restarts).
  if (broker === 'embedded')
    it('a machine that subscribes again while a round is between publish and mark gets its job again; nothing is lost', async () => {
      await machine.endAsync();
      const { raw } = (await fixture('J8')).tasks;
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      publishRoundSeam.beforeMark = async (taskIds) => {
        if (!taskIds.includes(raw.id)) return;
        held();
        await released;
      };
      try {
        await act(raw.id, 'dispatch');
        // The broker acknowledged the job into the machine's session while it was away; the round is not marked yet.
        await holding;
        expect(received.some((message) => message.taskId === raw.id)).toBe(false);
        // The machine comes back without its session, so the broker's copy is gone; it subscribes (the broker
        // acknowledges after the publisher heard of it) and the held round goes on.
        machine = await connect({ clean: true });
        release();
        const job = await jobOf(raw.id);
        await until(
          () => ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, raw.id)),
          (rows) => rows.length === 1 && rows[0]!.sentAt !== null,
        );
        const ids = { taskId: raw.id, seq: job.seq };
        const { repetitions } = await detail(raw.id);
        await answer(
          machine,
          { status: 'accepted', ...ids },
          { status: 'started', ...ids },
          { status: 'completed', ...ids, good: repetitions, scrap: 0 },
        );
        expect(await detail(raw.id)).toMatchObject({ status: 'done', done: repetitions });
        expect((await integrity()).ok).toBe(true);
      } finally {
        publishRoundSeam.beforeMark = null;
        release();
      }
    });

  // The embedded broker keeps persistent sessions in memory; Mosquitto keeps its own across our restarts.
  if (broker === 'embedded')
    it('after Armature restarts, a machine that was off gets its queue when it subscribes again, in order', async () => {
      await machine.endAsync();
      const { raw, tail } = (await fixture('J9')).tasks;
      await act(raw.id, 'dispatch');
      await act(tail.id, 'dispatch');
      // Both sent into the machine's session on the broker, which ends with the process.
      await until(
        () =>
          ctx.app.db
            .select()
            .from(machineJobs)
            .where(inArray(machineJobs.taskId, [raw.id, tail.id])),
        (rows) => rows.length === 2 && rows.every((row) => row.sentAt !== null),
      );
      await ctx.app.close();
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      // A new process on the same database, its broker on a new port: the machine comes back there.
      ctx.app = await buildApp({
        db: ctx.handle.db,
        dbKind: ctx.handle.kind,
        config: { ...testConfig, telemetry: { ...testTelemetry(broker), port } },
        logger: false,
        background: { handle: ctx.handle },
      });
      await ctx.app.ready();
      credentials = { ...credentials, brokerUrl: `mqtt://127.0.0.1:${port}` };
      await until(stats, (now) => now.connected, 60_000);
      expect(received.some((message) => message.taskId === raw.id || message.taskId === tail.id)).toBe(false);
      machine = await connect();
      const first = await jobOf(raw.id);
      const second = await jobOf(tail.id);
      expect(received.indexOf(first)).toBeLessThan(received.indexOf(second));
      expect(first.seq).toBeLessThan(second.seq);
      // The machine's answers reach the new process as they would have the old one.
      await answer(machine, { status: 'accepted', taskId: raw.id, seq: first.seq });
      const [row] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.seq, first.seq));
      expect(row!.state).toBe('accepted');
      await act(raw.id, 'cancel');
      await act(tail.id, 'cancel');
    });
});
