import { z } from 'zod';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SILENCE_AFTER_MS,
  type Equipment,
  type MqttCredentials,
  equipmentSchema,
  ingestStatsSchema,
  mqttCredentialsSchema,
  productResource,
  resourceItemSchema,
} from '@armature/domain';
import {
  equipmentAlarms,
  equipmentCounterSamples,
  equipmentCredentials,
  equipmentLive,
  equipmentStateIntervals,
} from '../src/modules/equipment/index.ts';
import { idempotencyKeys } from '../src/core/http/idempotency.table.ts';
import { markSilentMachines } from '../src/modules/telemetry/telemetry-writer.ts';
import { loginAs, uniqueName } from './helpers/auth.ts';
import { closed, connectMachine, publishJson, testBrokers, testTelemetry, type BrokerKind } from './helpers/mqtt.ts';
import { until } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { injectorFor, answerOf } from './helpers/inject.ts';

type Headers = Record<string, string>;
type Product = { id: string; code: string; clientId: string };

const COMBINATIONS = testDatabases().flatMap((database) =>
  testBrokers().map((broker) => [database, broker] as [typeof database, BrokerKind]),
);
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(COMBINATIONS)('telemetry on %s with the %s broker', (kind, broker) => {
  const logLines: string[] = [];
  const ctx = useTestApp(kind, {
    config: { telemetry: testTelemetry(broker), logLevel: 'warn' },
    logStream: { write: (line) => logLines.push(line) },
  });
  let admin: Headers;
  let line1: Product;
  let machine: Equipment;
  let other: Equipment;
  let credentials: MqttCredentials;
  const clients: MqttClient[] = [];

  const inject = injectorFor(ctx);

  async function createMachine(): Promise<Equipment> {
    const response = await inject('POST', 'equipment', admin, {
      serialNumber: uniqueName('TM-'),
      name: '数控钢筋弯箍机',
      spec: 'WG12D-4 弯箍机',
      clientId: line1.clientId,
      productId: line1.id,
      saleStatus: 'sold',
    });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, equipmentSchema);
  }

  async function issue(id: string, headers: Headers = admin): Promise<MqttCredentials> {
    const response = await inject('POST', `equipment/${id}/mqtt-credentials`, headers);
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, mqttCredentialsSchema);
  }

  async function connect(given: MqttCredentials, will = true): Promise<MqttClient> {
    const client = await connectMachine(given.brokerUrl, {
      username: given.username,
      password: given.password,
      will: will
        ? { topic: `${given.topicPrefix}/state`, payload: Buffer.from('{"state":"offline"}'), qos: 1, retain: true }
        : undefined,
    });
    clients.push(client);
    return client;
  }

  const equipmentOf = async (id: string) => answerOf(await inject('GET', `equipment/${id}`, admin), equipmentSchema);
  const stats = async () => {
    const response = await inject('GET', 'digitalTwin/ingest-stats', admin);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, ingestStatsSchema);
  };
  const samplesOf = (id: string) =>
    ctx.handle.db
      .select()
      .from(equipmentCounterSamples)
      .where(eq(equipmentCounterSamples.equipmentId, id))
      .orderBy(asc(equipmentCounterSamples.at));
  const intervalsOf = (id: string) =>
    ctx.handle.db
      .select()
      .from(equipmentStateIntervals)
      .where(eq(equipmentStateIntervals.equipmentId, id))
      .orderBy(asc(equipmentStateIntervals.startedAt), asc(equipmentStateIntervals.id));

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    machine = await createMachine();
    other = await createMachine();
    await until(stats, (answer) => answer.connected, 60_000);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
  });

  it('issues credentials shown once: the serial number, a random password of 192 bits, only its hash kept', async () => {
    expect((await inject('POST', `equipment/${crypto.randomUUID()}/mqtt-credentials`, admin)).statusCode).toBe(404);
    const key = uniqueName('cred');
    const response = await inject('POST', `equipment/${machine.id}/mqtt-credentials`, {
      ...admin,
      'idempotency-key': key,
    });
    expect(response.statusCode, response.body).toBe(201);
    credentials = answerOf(response, mqttCredentialsSchema);
    expect(credentials.username).toBe(machine.serialNumber);
    expect(credentials.password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(credentials.topicPrefix).toBe(`armature/v1/DEMO/LINE1/${machine.serialNumber}`);
    expect(credentials.brokerUrl).toMatch(
      broker === 'external' ? /^mqtt:\/\/127\.0\.0\.1:1883$/ : /^mqtt:\/\/127\.0\.0\.1:\d+$/,
    );

    const [stored] = await ctx.handle.db
      .select()
      .from(equipmentCredentials)
      .where(eq(equipmentCredentials.equipmentId, machine.id));
    expect(stored?.username).toBe(machine.serialNumber);
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.passwordHash).not.toContain(credentials.password);
    // A retry with the same key answers the same credentials, but the password was never kept to replay.
    const replay = await inject('POST', `equipment/${machine.id}/mqtt-credentials`, {
      ...admin,
      'idempotency-key': key,
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(answerOf(replay, mqttCredentialsSchema)).toMatchObject({ username: machine.serialNumber, password: '' });
    const [kept] = await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.body}::text like ${`%${credentials.password}%`}`);
    expect(kept?.n).toBe(0);
    expect((await equipmentOf(machine.id)).telemetry).toBe(true);
  });

  it('stores a state, counters and alarm sequence published by the machine, and shows it on the equipment', async () => {
    const client = await connect(credentials);
    const topic = (channel: string) => `${credentials.topicPrefix}/${channel}`;
    const oldest = Date.parse(ago(3000));
    await publishJson(
      client,
      topic('state'),
      { state: 'running', mode: 'processing', ts: new Date(oldest).toISOString() },
      true,
    );
    await publishJson(client, topic('counters'), { pieces: 100, good: 98, scrap: 2, ts: ago(2000) });
    await publishJson(client, topic('counters'), { pieces: 110, good: 107, scrap: 3, ts: ago(1000) });
    await publishJson(client, topic('alarm'), {
      code: 'E42',
      text: 'Bar jam at the shear',
      severity: 'error',
      active: true,
      ts: ago(500),
    });

    const shown = await until(
      () => equipmentOf(machine.id),
      (seen) => seen.activeAlarm?.code === 'E42',
    );
    // An error alarm by itself does not change the state: the machine's state message does.
    expect(shown).toMatchObject({ operationStatus: 'running', mode: 'processing' });
    expect(shown.activeAlarm).toMatchObject({ text: 'Bar jam at the shear', severity: 'error' });
    // Seen at one of these messages or after: compared with what was sent, not with how long the test took.
    expect(Date.parse(shown.lastSeen!)).toBeGreaterThanOrEqual(oldest);
    const samples = await samplesOf(machine.id);
    expect(samples.map((s) => [s.pieces, s.deltaPieces, s.deltaGood, s.deltaScrap, s.reset])).toEqual([
      [100, 0, 0, 0, false],
      [110, 10, 9, 1, false],
    ]);
    expect((await intervalsOf(machine.id)).at(-1)).toMatchObject({
      state: 'running',
      mode: 'processing',
      endedAt: null,
      source: 'telemetry',
    });

    // The counter going backwards is a reset: what it shows now was made since, never negative.
    const resetsBefore = (await stats()).counterResets;
    await publishJson(client, topic('counters'), { pieces: 5, good: 5, scrap: 0, ts: ago(0) });
    await publishJson(client, topic('alarm'), { code: 'E42', text: '', severity: 'error', active: false, ts: ago(0) });
    await until(
      () => equipmentOf(machine.id),
      (seen) => seen.activeAlarm === null,
    );
    const after = await until(samplesOf.bind(null, machine.id), (rows) => rows.length === 3);
    expect(after[2]).toMatchObject({ pieces: 5, deltaPieces: 5, deltaGood: 5, deltaScrap: 0, reset: true });
    expect(after.every((s) => s.deltaPieces >= 0 && s.deltaGood >= 0 && s.deltaScrap >= 0)).toBe(true);
    const [alarm] = await ctx.handle.db
      .select()
      .from(equipmentAlarms)
      .where(eq(equipmentAlarms.equipmentId, machine.id));
    expect(alarm?.clearedAt).not.toBeNull();
    expect((await until(stats, (answer) => answer.counterResets > resetsBefore)).accepted).toBeGreaterThanOrEqual(6);
  });

  it('counts bad input and drops it: bad JSON, bad payloads, oversized ones; bad topics, unknown serials and other lines on an external broker', async () => {
    const before = await stats();
    const client = await connect(credentials, false);
    const topic = (channel: string) => `${credentials.topicPrefix}/${channel}`;
    await publishJson(client, topic('counters'), '{"pieces": 1,');
    await publishJson(client, topic('counters'), { pieces: -1, good: 0, scrap: 0, ts: ago(0) });
    await publishJson(client, topic('counters'), { pieces: 1, good: 2, scrap: 0, ts: ago(0) });
    await publishJson(client, topic('state'), { state: 'exploded', ts: ago(0) });
    await publishJson(client, topic('alarm'), {
      code: 'E1',
      text: 'x'.repeat(5000),
      severity: 'info',
      active: true,
      ts: ago(0),
    });
    const external = broker === 'external';
    if (external) {
      await publishJson(client, topic('temperature'), { celsius: 40 });
      await publishJson(client, `armature/v1/DEMO/LINE1/${uniqueName('NOPE-')}/state`, { state: 'idle', ts: ago(0) });
      await publishJson(client, `armature/v1/DEMO/LINE2/${machine.serialNumber}/state`, { state: 'idle', ts: ago(0) });
    }
    // A timestamp far ahead of the server's clock is not believed.
    await publishJson(client, topic('counters'), {
      pieces: 9,
      good: 9,
      scrap: 0,
      ts: new Date(Date.now() + 3_600_000).toISOString(),
    });

    const counted = await until(
      stats,
      (answer) =>
        answer.rejected.invalidPayload >= before.rejected.invalidPayload + 5 &&
        answer.rejected.staleMessage >= before.rejected.staleMessage + 1 &&
        (!external ||
          (answer.rejected.invalidTopic > before.rejected.invalidTopic &&
            answer.rejected.unknownEquipment > before.rejected.unknownEquipment &&
            answer.rejected.wrongScope > before.rejected.wrongScope)),
    );
    expect(counted.received).toBeGreaterThanOrEqual(before.received + (external ? 9 : 6));
    expect(counted.lastRejections.find((last) => last.reason === 'invalidPayload')?.serialNumber).toBe(
      machine.serialNumber,
    );
    expect(await samplesOf(machine.id)).toHaveLength(3);
    expect((await equipmentOf(machine.id)).operationStatus).toBe('running');
    // Five bad payloads from one machine within the minute: one log line, with the reason and the detail.
    const logged = logLines
      .map((line) => JSON.parse(line) as { msg: string; reason?: string; serialNumber?: string; detail?: string })
      .filter((line) => line.reason === 'invalidPayload' && line.serialNumber === machine.serialNumber);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'telemetry message dropped', detail: 'not JSON' });
  });

  it('marks a machine with credentials that went silent for three minutes offline', async () => {
    expect(await markSilentMachines(ctx.handle.db, Date.now() + SILENCE_AFTER_MS + 1000)).toBeGreaterThanOrEqual(1);
    const [live] = await ctx.handle.db.select().from(equipmentLive).where(eq(equipmentLive.equipmentId, machine.id));
    expect(live?.state).toBe('offline');
    expect((await intervalsOf(machine.id)).at(-1)).toMatchObject({
      state: 'offline',
      source: 'silence',
      endedAt: null,
    });
    expect(Date.parse(live!.since!)).toBe(Date.parse(live!.lastSeen!));
  });

  it('turns the broker’s last will into offline when the machine drops off', async () => {
    const client = await connect(credentials);
    await publishJson(client, `${credentials.topicPrefix}/state`, { state: 'idle', ts: ago(0) }, true);
    await until(
      () => equipmentOf(machine.id),
      (seen) => seen.operationStatus === 'idle',
    );
    client.stream.destroy();
    await until(
      () => equipmentOf(machine.id),
      (seen) => seen.operationStatus === 'offline',
    );
    const [last] = await ctx.handle.db
      .select()
      .from(equipmentStateIntervals)
      .where(eq(equipmentStateIntervals.equipmentId, machine.id))
      .orderBy(desc(equipmentStateIntervals.id))
      .limit(1);
    expect(last).toMatchObject({ state: 'offline', source: 'will', endedAt: null });
  });

  // The embedded broker's own checks; Mosquitto's are proven by telemetry-mosquitto.test.ts.
  if (broker === 'embedded') {
    it('refuses anonymous and wrong logins, and a machine publishing or subscribing under another serial', async () => {
      await expect(connectMachine(credentials.brokerUrl)).rejects.toThrow(/Not authorized/i);
      await expect(
        connectMachine(credentials.brokerUrl, { username: machine.serialNumber, password: 'wrong-password' }),
      ).rejects.toThrow(/Bad username or password/i);

      const otherCredentials = await issue(other.id);
      const client = await connect(credentials, false);
      // The broker answers the subscription with the failure code (128).
      await expect(client.subscribeAsync(`${otherCredentials.topicPrefix}/#`, { qos: 1 })).rejects.toThrow(
        /Subscribe error/,
      );
      const ended = closed(client);
      client.publish(`${otherCredentials.topicPrefix}/state`, JSON.stringify({ state: 'fault', ts: ago(0) }), {
        qos: 1,
      });
      await ended;
      // Its own connection still works, and the other machine's history never saw the forged state.
      const own = await connect(otherCredentials, false);
      await publishJson(own, `${otherCredentials.topicPrefix}/state`, { state: 'idle', ts: ago(0) });
      await until(
        () => equipmentOf(other.id),
        (seen) => seen.operationStatus === 'idle',
      );
      expect((await intervalsOf(other.id)).map((interval) => interval.state)).toEqual(['idle']);
    });

    it('refuses a login with another machine’s client id, and the machine using it stays connected', async () => {
      const otherCredentials = await issue(other.id);
      const victim = await connectMachine(credentials.brokerUrl, {
        clientId: credentials.username,
        username: credentials.username,
        password: credentials.password,
      });
      clients.push(victim);
      let thrownOff = false;
      victim.on('close', () => (thrownOff = true));
      for (const clientId of [credentials.username, `${credentials.username}/plc`, `${otherCredentials.username}-2`])
        await expect(
          connectMachine(otherCredentials.brokerUrl, {
            clientId,
            username: otherCredentials.username,
            password: otherCredentials.password,
          }),
          clientId,
        ).rejects.toThrow(/Not authorized/i);
      // Acknowledged on the same connection after the refusals: the broker never ended it.
      await publishJson(victim, `${credentials.topicPrefix}/state`, { state: 'running', ts: ago(0) });
      expect(thrownOff).toBe(false);
      const own = await connectMachine(otherCredentials.brokerUrl, {
        clientId: `${otherCredentials.username}/gateway`,
        username: otherCredentials.username,
        password: otherCredentials.password,
      });
      clients.push(own);
      expect(own.connected).toBe(true);
      await victim.endAsync();
    });

    it('re-issuing credentials ends the old password and its connections', async () => {
      const connected = await connect(credentials, false);
      const ended = closed(connected);
      const renewed = await issue(machine.id);
      expect(renewed.password).not.toBe(credentials.password);
      await ended;
      await expect(
        connectMachine(renewed.brokerUrl, { username: renewed.username, password: credentials.password }),
      ).rejects.toThrow(/Bad username or password/i);
      const client = await connect(renewed, false);
      expect(client.connected).toBe(true);
      const [row] = await ctx.handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(equipmentCredentials)
        .where(and(eq(equipmentCredentials.equipmentId, machine.id)));
      expect(row?.n).toBe(1);
    });
  }
});
