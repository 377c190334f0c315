import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHIFT_CALENDAR,
  ingestStatsSchema,
  mqttCredentialsSchema,
  type TwinBoard,
  twinBoardSchema,
  type TwinCard,
} from '@armature/domain';
import { eq } from 'drizzle-orm';
import type { TelemetryConfig } from '../src/config/env.ts';
import { equipment, equipmentCredentials, equipmentLive } from '../src/modules/equipment/index.ts';
import { LINK_GRACE_MS } from '../src/modules/telemetry/telemetry-service.ts';
import { chooseProduct, loginAs, uniqueName } from './helpers/auth.ts';
import { connectMachine, publishJson } from './helpers/mqtt.ts';
import { openSse, until, type ReadEvent } from './helpers/sse-client.ts';
import { buildApp, type App } from '../src/app.ts';
import type { DatabaseKind } from '../src/core/db/client.ts';
import { openSeededDatabase, testConfig, testDatabases } from './helpers/test-app.ts';
import { answerOf, withId } from './helpers/inject.ts';

// The ingest's link to an external broker (MQTT_URL): no embedded broker then, and while the link is
// down the board shows the machines that report telemetry offline, then their states again once it is
// back. The broker goes away through a TCP proxy this test opens and closes in front of it.

type Headers = Record<string, string>;
const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether anything accepts TCP connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A TCP proxy on a fixed port to `upstream`, closed (connections cut) and opened again at will. */
function tcpProxy(port: number, upstream: URL) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  return {
    open: () =>
      new Promise<void>((resolve) => {
        server = createServer((inbound) => {
          const outbound = connectTcp(Number(upstream.port || 1883), upstream.hostname);
          track(inbound);
          track(outbound);
          inbound.pipe(outbound).pipe(inbound);
          inbound.once('close', () => outbound.destroy());
          outbound.once('close', () => inbound.destroy());
        });
        server.listen(port, '127.0.0.1', resolve);
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
  };
}

function externalTelemetry(brokerPort: number, embeddedPort: number): TelemetryConfig {
  return {
    enabled: true,
    url: `mqtt://127.0.0.1:${brokerPort}`,
    username: undefined,
    password: undefined,
    shareGroup: `test${randomBytes(4).toString('hex')}`,
    host: '127.0.0.1',
    port: embeddedPort,
    publicUrl: undefined,
    retentionDays: 90,
    // Deaf half a second after losing the broker, and trying it again every 200 ms: the tests wait for
    // those states, not for the product's 5 s grace and 2 s reconnection period.
    linkGraceMs: 500,
    reconnectMs: 200,
  };
}

/** An app on a fresh database whose telemetry settings are known only once the test's ports are. */
function useTelemetryApp(kind: DatabaseKind, telemetry: () => Promise<TelemetryConfig>, withBackground = false) {
  const context = {} as { app: App };
  let database: Awaited<ReturnType<typeof openSeededDatabase>> | undefined;
  beforeAll(async () => {
    database = await openSeededDatabase(kind);
    context.app = await buildApp({
      db: database.handle.db,
      dbKind: database.handle.kind,
      config: { ...testConfig, telemetry: await telemetry() },
      background: withBackground ? { handle: database.handle, tuning } : undefined,
    });
  });
  afterAll(async () => {
    await context.app?.close();
    await database?.handle.close();
    await database?.drop();
  });
  return context;
}

const cardOf = (board: TwinBoard, id: string) => board.items.find((card) => card.equipmentId === id);

describe.each(testDatabases())('an unreachable external broker, on %s', (kind) => {
  const ports = { broker: 0, embedded: 0 };
  const ctx = useTelemetryApp(kind, async () => {
    // Nothing listens on either: the broker is unreachable, and the embedded one must not start.
    ports.broker = await freePort();
    ports.embedded = await freePort();
    return externalTelemetry(ports.broker, ports.embedded);
  });
  let admin: Headers;
  let reporting: string;
  let manual: string;

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    const line1 = await chooseProduct(ctx.app, admin);
    const add = async () => {
      const [row] = await ctx.app.db
        .insert(equipment)
        .values({
          serialNumber: uniqueName('BL-'),
          name: 'Stirrup bender',
          spec: 'GW-12 CNC',
          clientId: line1.clientId,
          productId: line1.id,
          saleStatus: 'sold',
          shiftCalendar: DEFAULT_SHIFT_CALENDAR,
        })
        .returning({ id: equipment.id });
      await ctx.app.db.insert(equipmentLive).values({ equipmentId: row!.id, state: 'running', mode: 'processing' });
      return row!.id;
    };
    reporting = await add();
    manual = await add();
    await ctx.app.db
      .insert(equipmentCredentials)
      .values({ equipmentId: reporting, username: uniqueName('bl'), passwordHash: 'x' });
  });

  it('runs no embedded broker when MQTT_URL is set', async () => {
    expect(await listening(ports.embedded)).toBe(false);
    const stats = answerOf(
      await ctx.app.inject({ method: 'GET', url: '/api/digitalTwin/ingest-stats', headers: admin }),
      ingestStatsSchema,
    );
    expect(stats).toMatchObject({ connected: false, broker: 'external' });
  });

  it('shows the machines that report telemetry offline while it cannot hear them, their stored state untouched', async () => {
    const board = await until(
      async () =>
        answerOf(
          await ctx.app.inject({ method: 'GET', url: '/api/digitalTwin/board', headers: admin }),
          twinBoardSchema,
        ),
      (answer) => cardOf(answer, reporting)?.operationStatus === 'offline',
      LINK_GRACE_MS + 10_000,
    );
    expect(cardOf(board, reporting)).toMatchObject({ operationStatus: 'offline', mode: null, telemetry: true });
    // A machine without telemetry is shown as it was set by hand.
    expect(cardOf(board, manual)).toMatchObject({ operationStatus: 'running', telemetry: false });
    const [stored] = await ctx.app.db.select().from(equipmentLive).where(eq(equipmentLive.equipmentId, reporting));
    expect(stored).toMatchObject({ state: 'running', mode: 'processing' });
  });
});

describe.skipIf(!process.env.TEST_MQTT_URL).each(testDatabases())('the broker going away and back, on %s', (kind) => {
  const upstream = new URL(process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883');
  let proxy: ReturnType<typeof tcpProxy> | undefined;
  const ctx = useTelemetryApp(
    kind,
    async () => {
      const port = await freePort();
      proxy = tcpProxy(port, upstream);
      await proxy.open();
      return externalTelemetry(port, 0);
    },
    true,
  );
  let admin: Headers;
  let machine: MqttClient | undefined;
  let base: string;

  afterAll(async () => {
    await machine?.endAsync(true).catch(() => {});
    await proxy?.close();
  });

  it('shows the machines offline while the broker is gone, then as they report again', async () => {
    admin = await loginAs(ctx.app, 'admin');
    const line1 = await chooseProduct(ctx.app, admin);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/equipment',
      headers: admin,
      payload: {
        serialNumber: uniqueName('BR-'),
        name: 'Stirrup bender',
        spec: 'GW-12 CNC',
        clientId: line1.clientId,
        productId: line1.id,
        saleStatus: 'sold',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = answerOf(created, withId).id;
    const issued = await ctx.app.inject({
      method: 'POST',
      url: `/api/equipment/${id}/mqtt-credentials`,
      headers: admin,
    });
    const credentials = answerOf(issued, mqttCredentialsSchema);
    const stats = () =>
      ctx.app
        .inject({ method: 'GET', url: '/api/digitalTwin/ingest-stats', headers: admin })
        .then((r) => answerOf(r, ingestStatsSchema));
    await until(stats, (answer) => answer.connected, 30_000);

    // The machine connects to the broker itself, not through the proxy: only Armature's link breaks.
    machine = await connectMachine(upstream.toString(), {
      username: credentials.username,
      password: credentials.password,
    });
    const state = (value: string) =>
      publishJson(machine!, `${credentials.topicPrefix}/state`, { state: value, ts: new Date().toISOString() });
    await state('running');
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${base}/api/digitalTwin/events`, admin);
    const isCard = (status: string) => (event: ReadEvent) =>
      (event.event === 'card' &&
        (event.data as TwinCard).equipmentId === id &&
        (event.data as TwinCard).operationStatus === status) ||
      (event.event === 'board' && cardOf(event.data as TwinBoard, id)?.operationStatus === status);
    try {
      await stream.next(isCard('running'), 20_000);

      await proxy!.close();
      await stream.next(isCard('offline'), LINK_GRACE_MS + 10_000);

      await proxy!.open();
      // Heard again: the stored state first, then what the machine reports.
      await stream.next(isCard('running'), 20_000);
      await until(stats, (answer) => answer.connected, 20_000);
      await state('idle');
      await stream.next(isCard('idle'), 20_000);
    } finally {
      await stream.close();
    }
  });
});
