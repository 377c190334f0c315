import { randomBytes } from 'node:crypto';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import type { TelemetryConfig } from '../../src/config/env.ts';

export type BrokerKind = 'embedded' | 'external';

/** The embedded broker always; the external one too when TEST_MQTT_URL names it (Mosquitto in CI). */
export function testBrokers(): BrokerKind[] {
  return process.env.TEST_MQTT_URL ? ['embedded', 'external'] : ['embedded'];
}

/**
 * Telemetry on for a test app: the embedded broker on a free port, or the external broker with a
 * shared-subscription group of its own (test files running at once each get every message).
 */
export function testTelemetry(broker: BrokerKind): TelemetryConfig {
  return {
    enabled: true,
    url: broker === 'external' ? process.env.TEST_MQTT_URL : undefined,
    username: undefined,
    password: undefined,
    shareGroup: `test${randomBytes(4).toString('hex')}`,
    host: '127.0.0.1',
    port: 0,
    publicUrl: undefined,
    retentionDays: 90,
  };
}

/**
 * A machine's connection, as a PLC gateway makes it (no reconnection: a refused login is an error), with
 * a client id of its own (`<user name>/<suffix>`) unless the options name one.
 */
export function connectMachine(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  return connectAsync(url, {
    clientId: `${options.username ?? 'anonymous'}/${randomBytes(5).toString('hex')}`,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    protocolVersion: 4,
    ...options,
  });
}

export async function publishJson(client: MqttClient, topic: string, payload: unknown, retain = false) {
  await client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), {
    qos: 1,
    retain,
  });
}

/** Resolves when the broker ends the connection (a refused publish ends it on MQTT 3.1.1). */
export function closed(client: MqttClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.disconnected || !client.connected) resolve();
    client.once('close', () => resolve());
  });
}
