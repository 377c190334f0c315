import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineTopicPrefix } from '@armature/domain';
import { hashPassword } from '../src/core/auth/password.ts';
import {
  newInternalCredential,
  startEmbeddedBroker,
  type EmbeddedBroker,
} from '../src/modules/telemetry/embedded-broker.ts';
import type { MachineDirectory, MachineEntry } from '../src/modules/telemetry/machine-directory.ts';
import { connectMachine } from './helpers/mqtt.ts';

/**
 * aedes' emitter delivers at most 100 messages at once and starts the next queued one synchronously
 * from the release of the last; a message no subscriber takes finishes synchronously too. A burst that
 * queues thousands of such messages behind 100 slow deliveries used to recurse once per message and
 * end the process (`RangeError: Maximum call stack size exceeded` in aedes' `callPublished`). Here
 * the ingest's login subscribes to one machine's topic only, that machine fills the slots, and four
 * twenty others burst 1500 QoS 1 messages each that nobody takes: every message must be acknowledged and the
 * broker must serve on. No database: the machines come from a stand-in directory.
 */
describe('the embedded broker under a burst of QoS 1 messages queued behind slow deliveries', () => {
  const PASSWORD = 'burst-test-password';
  const PER_MACHINE = 1500;
  const serials = Array.from({ length: 21 }, (_, index) => `BURST-${index}`);
  const errors: unknown[] = [];
  const internal = newInternalCredential();
  let broker: EmbeddedBroker;
  const clients: MqttClient[] = [];
  const prefix = (serialNumber: string) =>
    machineTopicPrefix({ clientCode: 'BURST', productCode: 'LINE', serialNumber });

  beforeAll(async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const directory = {
      bySerial: (serialNumber: string): Promise<MachineEntry | null> =>
        Promise.resolve(
          serials.includes(serialNumber)
            ? {
                equipmentId: serialNumber,
                serialNumber,
                clientCode: 'BURST',
                productCode: 'LINE',
                productId: null,
                passwordHash,
              }
            : null,
        ),
    } as unknown as MachineDirectory;
    const quiet = () => {};
    const log = {
      error: (...args: unknown[]) => errors.push(args),
      warn: quiet,
      info: quiet,
      debug: quiet,
      trace: quiet,
      fatal: quiet,
      silent: quiet,
      level: 'info',
      child: () => log,
    } as unknown as FastifyBaseLogger;
    broker = (await startEmbeddedBroker({ host: '127.0.0.1', port: 0, directory, internal, log }))!;
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
    await broker?.close();
  });

  it('acknowledges every message and serves on', async () => {
    // The ingest's login, taking the first machine's messages only (and acknowledging them on a later tick).
    const ingest = await connectMachine(broker.url, { username: internal.username, password: internal.password });
    clients.push(ingest);
    let taken = 0;
    ingest.handleMessage = (_packet, done) => {
      taken++;
      setImmediate(() => done());
    };
    await ingest.subscribeAsync(`${prefix(serials[0]!)}/+`, { qos: 1 });

    const machines = await Promise.all(
      serials.map((serialNumber) => connectMachine(broker.url, { username: serialNumber, password: PASSWORD })),
    );
    clients.push(...machines);
    const payload = JSON.stringify({ pieces: 1, good: 1, scrap: 0, ts: new Date().toISOString() });
    // Every machine's messages written at once: the broker parses them in large batches.
    const acknowledged = machines.flatMap((machine, index) =>
      Array.from({ length: PER_MACHINE }, () =>
        machine.publishAsync(`${prefix(serials[index]!)}/counters`, payload, { qos: 1 }),
      ),
    );
    await Promise.all(acknowledged);
    expect(acknowledged).toHaveLength(serials.length * PER_MACHINE);
    await expect.poll(() => taken, { timeout: 30_000 }).toBe(PER_MACHINE);

    // Still serving: a new connection publishes and is acknowledged.
    const late = await connectMachine(broker.url, { username: serials[1]!, password: PASSWORD });
    clients.push(late);
    await late.publishAsync(`${prefix(serials[1]!)}/counters`, payload, { qos: 1 });
    expect(errors).toEqual([]);
    // The ingest's connection was never dropped.
    expect(ingest.connected).toBe(true);
  }, 120_000);
});
