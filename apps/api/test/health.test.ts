import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { TELEMETRY_OFF, type TelemetryConfig } from '../src/config/env.ts';
import type { DatabaseKind } from '../src/core/db/client.ts';
import { until } from './helpers/sse-client.ts';
import { openSeededDatabase, testConfig, testDatabases } from './helpers/test-app.ts';

// `/api/health` is what a load balancer or monitor asks: 200 only while this process can do its work,
// 503 with the reason while its database, or the MQTT broker of a process that ingests telemetry,
// cannot be reached.

const BROKER_DOWN_FR =
  'Le broker MQTT est injoignable ; la télémétrie des machines ne peut pas être reçue pour le moment';
const DATABASE_DOWN_EN = 'The database is unreachable for the moment; please try again shortly';

/** A port nothing listens on (taken from the system, then let go). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const health = (app: App, locale = 'en-US') =>
  app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': locale } });

describe.each(testDatabases())('/api/health on %s', (kind: DatabaseKind) => {
  let opened: Awaited<ReturnType<typeof openSeededDatabase>>;
  let app: App;

  beforeAll(async () => {
    opened = await openSeededDatabase(kind);
    app = await buildApp({ db: opened.handle.db, dbKind: opened.handle.kind, config: testConfig });
  });

  afterAll(async () => {
    await app?.close();
    await opened?.drop();
  });

  it('answers 200 while the database answers and telemetry is off, and documents 200 and 503', async () => {
    const response = await health(app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });

    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const responses = document.paths['/api/health'].get.responses;
    expect(Object.keys(responses).sort()).toEqual(['200', '503']);
    const error = responses['503'].content['application/json'].schema.properties.error;
    expect(error.properties.code.enum).toEqual(['database_unavailable', 'broker_unavailable']);
  });

  it('answers 503 database_unavailable once its database is closed, never a 500', async () => {
    await opened.handle.close();
    const response = await health(app);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: { code: 'database_unavailable', message: DATABASE_DOWN_EN } });
  });
});

describe('/api/health with telemetry on and a broker nobody listens on', () => {
  let opened: Awaited<ReturnType<typeof openSeededDatabase>>;
  let app: App;

  beforeAll(async () => {
    opened = await openSeededDatabase('pglite');
    const telemetry: TelemetryConfig = {
      ...TELEMETRY_OFF,
      enabled: true,
      url: `mqtt://127.0.0.1:${await deadPort()}`,
    };
    app = await buildApp({ db: opened.handle.db, dbKind: opened.handle.kind, config: { ...testConfig, telemetry } });
  });

  afterAll(async () => {
    await app?.close();
    await opened?.handle.close();
  });

  it('answers 503 broker_unavailable, localized, once the ingest has been cut off past its grace', async () => {
    const response = await until(
      () => health(app, 'fr-FR'),
      (answer) => answer.statusCode !== 200,
    );
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'broker_unavailable', message: BROKER_DOWN_FR } });
  });
});
