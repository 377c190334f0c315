import { z } from 'zod';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Equipment,
  equipmentSchema,
  ingestStatsSchema,
  productResource,
  resourceItemSchema,
} from '@armature/domain';
import { equipmentStateIntervals } from '../src/modules/equipment/index.ts';
import { writeMosquittoFiles, type MosquittoFiles } from '../src/modules/telemetry/mosquitto-files.ts';
import { loginAs, uniqueName } from './helpers/auth.ts';
import { connectMachine, publishJson, testTelemetry } from './helpers/mqtt.ts';
import { until } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { injectorFor, answerOf } from './helpers/inject.ts';

type Headers = Record<string, string>;
type Product = { id: string; code: string; clientId: string };

const MOSQUITTO = '/usr/sbin/mosquitto';
const INGEST = { username: 'armature', password: 'ingest-secret-for-tests' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A private Mosquitto with the files `npm run mqtt:mosquitto-acl` writes (no anonymous login), and
 * Armature ingesting from it through its shared subscription with its own login.
 */
describe.each(testDatabases())('Mosquitto with the generated password, ACL and configuration files, on %s', (kind) => {
  // The ingest's listener (Armature's MQTT_URL) and the machines' one.
  let port: number;
  let machinePort: number;
  const url = () => `mqtt://127.0.0.1:${port}`;
  const machineUrl = () => `mqtt://127.0.0.1:${machinePort}`;
  // Before the app's own hook, which reads the configuration (the getter below).
  beforeAll(async () => {
    port = await freePort();
    machinePort = await freePort();
  });
  const ctx = useTestApp(kind, {
    config: {
      get telemetry() {
        return { ...testTelemetry('external'), url: url(), ...INGEST };
      },
    },
  });
  let admin: Headers;
  let mosquitto: ChildProcess | undefined;
  let files: MosquittoFiles;
  let machine: Equipment;
  let other: Equipment;
  const clients: MqttClient[] = [];

  const inject = injectorFor(ctx);
  const equipmentOf = async (id: string) => answerOf(await inject('GET', `equipment/${id}`, admin), equipmentSchema);

  async function createMachine(line: Product): Promise<Equipment> {
    const response = await inject('POST', 'equipment', admin, {
      serialNumber: uniqueName('MQ-'),
      name: '数控钢筋剪切生产线',
      spec: 'GJW-16 剪切生产线',
      clientId: line.clientId,
      productId: line.id,
      saleStatus: 'sold',
    });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, equipmentSchema);
  }

  const credentialsOf = (serial: string) => files.issued.find((issued) => issued.username === serial)!;

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const line1 = answerOf(
      await inject('GET', 'product/all', admin),
      z.array(resourceItemSchema(productResource)),
    ).find((p) => p.code === 'LINE1')!;
    machine = await createMachine(line1);
    other = await createMachine(line1);
    const out = mkdtempSync(path.join(tmpdir(), 'armature-mosquitto-'));
    files = await writeMosquittoFiles(ctx.handle.db, {
      out,
      serials: [machine.serialNumber, other.serialNumber],
      all: false,
      ingestUser: INGEST.username,
      ingestPassword: INGEST.password,
      brokerUrl: machineUrl(),
      listeners: { machinePort, ingest: { host: '127.0.0.1', port } },
    });
    // The generated configuration as it is, with what this private broker needs besides.
    const conf = path.join(out, 'test.conf');
    writeFileSync(conf, `${readFileSync(files.confFile!, 'utf8')}\npersistence false\nuser ${userInfo().username}\n`);
    mosquitto = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
    // Armature's ingest reconnects every 2 s: it finds the broker once it listens.
    await until(
      async () => answerOf(await inject('GET', 'digitalTwin/ingest-stats', admin), ingestStatsSchema),
      (stats) => stats.connected,
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
    mosquitto?.kill('SIGTERM');
  });

  it('writes Mosquitto’s $7$ password lines for the ingest and each machine, and write-only ACLs per machine topic', () => {
    const passwd = readFileSync(files.passwordFile, 'utf8');
    expect(passwd).toMatch(new RegExp(`^${INGEST.username}:\\$7\\$101\\$`, 'm'));
    expect(passwd).toMatch(new RegExp(`^${machine.serialNumber}:\\$7\\$101\\$`, 'm'));
    expect(passwd).not.toContain(credentialsOf(machine.serialNumber).password);
    expect(statSync(files.passwordFile).mode & 0o777).toBe(0o600);
    const acl = readFileSync(files.aclFile, 'utf8');
    expect(acl).toContain(`user ${INGEST.username}\ntopic read armature/v1/#`);
    expect(acl).toContain(
      `user ${machine.serialNumber}\ntopic write armature/v1/DEMO/LINE1/${machine.serialNumber}/state\n`,
    );
    // The job topics: Armature writes every machine's jobs; a machine reads its own and answers.
    expect(acl).toContain(`topic read armature/v1/#\ntopic write armature/v1/+/+/+/job\n`);
    const prefix = `armature/v1/DEMO/LINE1/${machine.serialNumber}`;
    expect(acl).toContain(`topic write ${prefix}/job-status\ntopic read ${prefix}/job\n`);
  });

  it('refuses anonymous and wrong logins', async () => {
    await expect(connectMachine(machineUrl())).rejects.toThrow(/Not authorized|Bad username/i);
    await expect(
      connectMachine(machineUrl(), { username: machine.serialNumber, password: 'not-the-password' }),
    ).rejects.toThrow(/Not authorized|Bad username/i);
  });

  it('drops a machine’s message under another serial, and ingests its own', async () => {
    const own = credentialsOf(machine.serialNumber);
    const client = await connectMachine(machineUrl(), { username: own.username, password: own.password });
    clients.push(client);
    const otherPrefix = credentialsOf(other.serialNumber).topicPrefix;
    // Mosquitto acknowledges a refused publish on MQTT 3.1.1 and drops it; the machine's next message,
    // sent after it on the same connection, reaches Armature after it would have.
    await publishJson(client, `${otherPrefix}/state`, { state: 'fault', ts: new Date().toISOString() });
    await publishJson(client, `${own.topicPrefix}/state`, { state: 'running', ts: new Date().toISOString() });
    await until(
      () => equipmentOf(machine.id),
      (seen) => seen.operationStatus === 'running',
    );
    const forged = await ctx.handle.db
      .select()
      .from(equipmentStateIntervals)
      .where(eq(equipmentStateIntervals.equipmentId, other.id));
    expect(forged).toEqual([]);
    expect((await equipmentOf(other.id)).operationStatus).toBe('offline');
  });

  it('keeps a machine connected when another machine’s login uses its client id', async () => {
    const own = credentialsOf(machine.serialNumber);
    const intruder = credentialsOf(other.serialNumber);
    const victim = await connectMachine(machineUrl(), {
      clientId: own.username,
      username: own.username,
      password: own.password,
      will: { topic: `${own.topicPrefix}/state`, payload: Buffer.from('{"state":"offline"}'), qos: 1, retain: true },
    });
    clients.push(victim);
    let thrownOff = false;
    victim.on('close', () => (thrownOff = true));
    // Mosquitto lets it in under its own user name as client id, which ends no one else's connection.
    const taker = await connectMachine(machineUrl(), {
      clientId: own.username,
      username: intruder.username,
      password: intruder.password,
    });
    clients.push(taker);
    await publishJson(taker, `${intruder.topicPrefix}/state`, { state: 'idle', ts: new Date().toISOString() });
    await until(
      () => equipmentOf(other.id),
      (seen) => seen.operationStatus === 'idle',
    );
    // The other login's message was ingested, so a takeover's disconnect would have arrived before it.
    expect(thrownOff).toBe(false);
    // Acknowledged on the victim's connection after the other login was in: it was never ended.
    await publishJson(victim, `${own.topicPrefix}/state`, { state: 'maintenance', ts: new Date().toISOString() });
    await until(
      () => equipmentOf(machine.id),
      (seen) => seen.operationStatus === 'maintenance',
    );
  });
});
