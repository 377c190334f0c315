import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEFAULT_SHIFT_CALENDAR, type MqttCredentials } from '@armature/domain';
import { TELEMETRY_OFF } from '../src/config/env.ts';
import type { Db } from '../src/core/db/client.ts';
import { equipment } from '../src/modules/equipment/index.ts';
import type { SimulatedMachine } from '../src/modules/telemetry/simulator/simulator.ts';
import { testConfig } from '../test/helpers/test-app.ts';

// What the benches that run the real app in their own process share: its configuration, a count of the
// statements it sends, and cutting machines installed with their credentials for the simulator.

/** The app's configuration for a bench: the test configuration on the bench's database, no rate limit. */
export function benchConfig(dataDir: string | undefined, postgres: string | undefined) {
  return { ...testConfig, databaseUrl: postgres, dataDir: dataDir ?? tmpdir(), rateLimitPerMinute: 1_000_000 };
}

/**
 * Telemetry on `mqtt` (Mosquitto, in a share group of this run's own so that no other subscriber takes its
 * messages) or on the app's embedded broker.
 */
export function benchTelemetry(mqtt: string | undefined, group: string) {
  return mqtt
    ? { ...TELEMETRY_OFF, enabled: true, url: mqtt, shareGroup: `${group}${randomBytes(4).toString('hex')}` }
    : { ...TELEMETRY_OFF, enabled: true, port: 0 };
}

/** Counts the statements the app sends from now on, wherever they come from (drizzle runs each through `execute`). */
export function countStatements(db: Db): () => number {
  let statements = 0;
  const session = (
    db as unknown as {
      session: { prepareQuery: (...rest: unknown[]) => { execute: (...values: unknown[]) => unknown } };
    }
  ).session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (...rest: unknown[]) => {
    const query = prepare(...rest);
    const execute = query.execute.bind(query);
    // A prepared statement's placeholder values go through (`execute({ userId })`).
    query.execute = (...values: unknown[]) => {
      statements++;
      return execute(...values);
    };
    return query;
  };
  return () => statements;
}

export type BenchLine = { id: string; clientId: string };

/** The shears the benches install: cut, Φ6–40, 240 pieces an hour, 1 t an hour. */
export const BENCH_SHEAR = {
  idealRate: 240,
  throughput: [{ diameterFrom: 6, diameterTo: 40, rate: 1000, unit: 'kgPerHour' as const }],
};

/**
 * Installs `count` sold shears on `line` (serial numbers `<prefix><run>-001`…) and issues each its MQTT
 * credentials through the API, as an administrator would; answers the rows and the machines for the
 * simulator (with `capability` when they are to take jobs), and the broker the credentials name.
 */
export async function installShears(options: {
  db: Db;
  inject: (request: InjectOptions) => Promise<LightMyRequestResponse>;
  headers: { authorization: string };
  line: BenchLine;
  techniqueId: string;
  count: number;
  prefix: string;
  name: string;
  capability?: SimulatedMachine['capability'];
}) {
  const { db, inject, headers, line, count } = options;
  const run = randomBytes(2).toString('hex').toUpperCase();
  const rows = await db
    .insert(equipment)
    .values(
      Array.from({ length: count }, (_, index) => ({
        serialNumber: `${options.prefix}${run}-${String(index + 1).padStart(3, '0')}`,
        name: options.name,
        spec: 'BENCH-SHEAR',
        clientId: line.clientId,
        productId: line.id,
        saleStatus: 'sold' as const,
        techniqueIds: [options.techniqueId],
        diameterMin: 6,
        diameterMax: 40,
        idealRate: BENCH_SHEAR.idealRate,
        throughput: BENCH_SHEAR.throughput,
        shiftCalendar: DEFAULT_SHIFT_CALENDAR,
      })),
    )
    .returning({ id: equipment.id, serialNumber: equipment.serialNumber });
  const machines: SimulatedMachine[] = [];
  let brokerUrl = '';
  for (const row of rows) {
    const response = await inject({ method: 'POST', url: `/api/equipment/${row.id}/mqtt-credentials`, headers });
    if (response.statusCode !== 201) throw new Error(`credentials: ${response.statusCode} ${response.body}`);
    const credentials = response.json<MqttCredentials>();
    brokerUrl = credentials.brokerUrl;
    const [clientCode, productCode] = credentials.topicPrefix.split('/').slice(2, 4) as [string, string];
    machines.push({
      serialNumber: row.serialNumber,
      clientCode,
      productCode,
      password: credentials.password,
      idealRate: BENCH_SHEAR.idealRate,
      ...(options.capability ? { capability: options.capability } : {}),
    });
  }
  return { run, rows, machines, brokerUrl };
}
