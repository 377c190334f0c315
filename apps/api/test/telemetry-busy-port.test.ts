import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestStatsSchema } from '@armature/domain';
import { loginAs } from './helpers/auth.ts';
import { testTelemetry } from './helpers/mqtt.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf } from './helpers/inject.ts';

/** Something else (Mosquitto, on this machine) holds MQTT_PORT: the app must start and serve anyway. */
describe.each(testDatabases())('the embedded broker on a busy MQTT_PORT, on %s', (kind) => {
  const squatter: Server = createServer();
  let port = 0;
  const lines: string[] = [];
  beforeAll(async () => {
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    port = (squatter.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => squatter.close(() => resolve())));
  const ctx = useTestApp(kind, {
    config: {
      logLevel: 'warn',
      get telemetry() {
        return { ...testTelemetry('embedded'), port };
      },
    },
    logStream: { write: (line) => lines.push(line) },
  });

  it('logs one clear error naming MQTT_PORT and MQTT_URL, serves on, and says the ingest is not connected', async () => {
    const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toContain(`127.0.0.1:${port}`);
    expect(errors[0]!.msg).toMatch(/EADDRINUSE.*MQTT_PORT.*MQTT_URL/);
    const admin = await loginAs(ctx.app, 'admin');
    const stats = await ctx.app.inject({ method: 'GET', url: '/api/digitalTwin/ingest-stats', headers: admin });
    expect(stats.statusCode).toBe(200);
    expect(answerOf(stats, ingestStatsSchema)).toMatchObject({ connected: false, broker: 'embedded', received: 0 });
  });
});
