import { asc, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Equipment,
  equipmentSchema,
  ingestStatsSchema,
  mqttCredentialsSchema,
  twinBoardSchema,
} from '@armature/domain';
import { buildApp, type App } from '../src/app.ts';
import { equipmentCounterSamples, equipmentLive, equipmentStateIntervals } from '../src/modules/equipment/index.ts';
import { chooseProduct, loginAs, uniqueName } from './helpers/auth.ts';
import { connectMachine, publishJson, testBrokers, testTelemetry, type BrokerKind } from './helpers/mqtt.ts';
import { until } from './helpers/sse-client.ts';
import { openSeededDatabase, testConfig, testDatabases } from './helpers/test-app.ts';
import { answerOf } from './helpers/inject.ts';

// Every sample a machine sends is stored whatever the order it reaches the database in: with several
// API processes on one broker, the shared subscription deals a machine's messages to different
// processes, whose flushes commit in any order. Samples are keyed and ordered by the machine's time,
// and the card shows the newest.

type Headers = Record<string, string>;

const COMBINATIONS = testDatabases().flatMap((database) =>
  testBrokers().map((broker) => [database, broker] as [typeof database, BrokerKind]),
);

describe.each(COMBINATIONS)('telemetry out of order on %s with the %s broker', (kind, broker) => {
  let opened: Awaited<ReturnType<typeof openSeededDatabase>>;
  const apps: App[] = [];
  let admin: Headers;
  const clients: MqttClient[] = [];
  const telemetry = testTelemetry(broker);

  const inject = (app: App, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api/${url}`, headers: admin, payload });

  async function newMachine(app: App): Promise<{ machine: Equipment; client: MqttClient; prefix: string }> {
    const product = await chooseProduct(app, admin);
    const created = await inject(app, 'POST', 'equipment', {
      serialNumber: uniqueName('TO-'),
      name: '数控钢筋弯箍机',
      spec: 'WG12D-4 弯箍机',
      clientId: product.clientId,
      productId: product.id,
      saleStatus: 'sold',
    });
    expect(created.statusCode, created.body).toBe(201);
    const machine = answerOf(created, equipmentSchema);
    const issued = await inject(app, 'POST', `equipment/${machine.id}/mqtt-credentials`);
    expect(issued.statusCode, issued.body).toBe(201);
    const credentials = answerOf(issued, mqttCredentialsSchema);
    const client = await connectMachine(credentials.brokerUrl, {
      username: credentials.username,
      password: credentials.password,
    });
    clients.push(client);
    return { machine, client, prefix: credentials.topicPrefix };
  }

  const stats = async (app: App) => answerOf(await inject(app, 'GET', 'digitalTwin/ingest-stats'), ingestStatsSchema);
  const samplesOf = (id: string) =>
    opened.handle.db
      .select()
      .from(equipmentCounterSamples)
      .where(eq(equipmentCounterSamples.equipmentId, id))
      .orderBy(asc(equipmentCounterSamples.at));
  const cardOf = async (app: App, id: string) => {
    const board = answerOf(await inject(app, 'GET', 'digitalTwin/board'), twinBoardSchema);
    return board.items.find((card) => card.equipmentId === id)!;
  };

  beforeAll(async () => {
    opened = await openSeededDatabase(kind);
    // Two app instances over one database; on an external broker they share one subscription group.
    for (let i = 0; i < (broker === 'external' ? 2 : 1); i++)
      apps.push(
        await buildApp({ db: opened.handle.db, dbKind: opened.handle.kind, config: { ...testConfig, telemetry } }),
      );
    admin = await loginAs(apps[0]!, 'admin');
    for (const app of apps)
      await until(
        () => stats(app),
        (answer) => answer.connected,
        60_000,
      );
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
    for (const app of apps) await app.close();
    await opened?.handle.close();
    await opened?.drop();
  });

  it('stores counters and states sent out of order in their place; the card shows the newest', async () => {
    const app = apps[0]!;
    const { machine, client, prefix } = await newMachine(app);
    const t0 = Date.now() - 60_000;
    const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();
    await publishJson(client, `${prefix}/state`, { state: 'idle', ts: at(30) });
    await publishJson(client, `${prefix}/counters`, { pieces: 130, good: 128, scrap: 2, ts: at(30) });
    await until(
      () => samplesOf(machine.id),
      (rows) => rows.length === 1,
    );
    // Sent earlier, delivered later: below the newest.
    await publishJson(client, `${prefix}/counters`, { pieces: 100, good: 100, scrap: 0, ts: at(10) });
    await publishJson(client, `${prefix}/counters`, { pieces: 120, good: 119, scrap: 1, ts: at(20) });
    await publishJson(client, `${prefix}/state`, { state: 'running', mode: 'processing', ts: at(5) });
    // And the newest again (QoS 1 delivers at least once): stored once.
    await publishJson(client, `${prefix}/counters`, { pieces: 130, good: 128, scrap: 2, ts: at(30) });

    const samples = await until(
      () => samplesOf(machine.id),
      (rows) => rows.length === 3,
    );
    expect(samples.map((row) => [row.pieces, row.deltaPieces, row.deltaGood, row.deltaScrap, row.reset])).toEqual([
      [100, 0, 0, 0, false],
      [120, 20, 19, 1, false],
      [130, 10, 9, 1, false],
    ]);
    const intervals = await until(
      () =>
        opened.handle.db
          .select()
          .from(equipmentStateIntervals)
          .where(eq(equipmentStateIntervals.equipmentId, machine.id))
          .orderBy(asc(equipmentStateIntervals.startedAt)),
      (rows) => rows.length === 2,
    );
    expect(
      intervals.map((row) => [row.state, Date.parse(row.startedAt), row.endedAt && Date.parse(row.endedAt)]),
    ).toEqual([
      ['running', Date.parse(at(5)), Date.parse(at(30))],
      ['idle', Date.parse(at(30)), null],
    ]);
    const [live] = await opened.handle.db.select().from(equipmentLive).where(eq(equipmentLive.equipmentId, machine.id));
    expect([live?.pieces, live?.countersAt && Date.parse(live.countersAt)]).toEqual([130, Date.parse(at(30))]);
    const card = await cardOf(app, machine.id);
    expect(card.operationStatus).toBe('idle');
    // The last 15 minutes' deltas (20 + 10 pieces) per hour: the late samples counted once, at their place.
    expect(card.rate).toBe(30 * 4);
    expect((await stats(app)).rejected.staleMessage).toBe(0);
  });

  // Two processes share one subscription on an external broker only (the embedded one belongs to one process).
  if (broker === 'external')
    it('stores every sample of a machine whose messages two app instances share, none dropped as stale', async () => {
      const { machine, client, prefix } = await newMachine(apps[0]!);
      const count = 120;
      const t0 = Date.now() - count * 1000;
      for (let i = 0; i < count; i++)
        await publishJson(client, `${prefix}/counters`, {
          pieces: 10 * (i + 1),
          good: 10 * (i + 1),
          scrap: 0,
          ts: new Date(t0 + i * 1000).toISOString(),
        });
      const samples = await until(
        () => samplesOf(machine.id),
        (rows) => rows.length === count,
      );
      // In the machine's order, each the step from the one before it (the first a baseline).
      expect(samples.map((row) => row.pieces)).toEqual(Array.from({ length: count }, (_, i) => 10 * (i + 1)));
      expect(samples.map((row) => row.deltaPieces)).toEqual([0, ...Array.from({ length: count - 1 }, () => 10)]);
      for (const app of apps) expect((await stats(app)).rejected.staleMessage).toBe(0);
      const card = await cardOf(apps[1]!, machine.id);
      expect(card.lastSeen).not.toBeNull();
      const [live] = await opened.handle.db
        .select()
        .from(equipmentLive)
        .where(eq(equipmentLive.equipmentId, machine.id));
      expect(live?.pieces).toBe(10 * count);
    });
});
