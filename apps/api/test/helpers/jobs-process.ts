// A child process of the multi-process job tests (`node --import tsx jobs-process.ts api|worker`) on
// DATABASE_URL, already migrated and seeded by the test:
// - `api`: an API process (WORKER from the environment, `off` by default) with the test job routes,
//   listening on a free port; prints `LISTENING <url>`;
// - `worker`: a worker alone, as `npm run worker` runs one, knowing the test job kinds; prints `WORKING`.
// Both stop cleanly on SIGTERM.
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openPostgres } from '../../src/core/db/client.ts';
import { startBackground } from '../../src/core/jobs/background.ts';
import { TEST_JOBS, testJobRoutes } from './test-jobs.ts';

const role = process.argv[2];
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || (role !== 'api' && role !== 'worker')) {
  console.error('usage: DATABASE_URL=… jobs-process.ts api|worker');
  process.exit(2);
}
// Telemetry is not what these processes test, and port 1883 may belong to a Mosquitto on the machine.
const config = {
  ...loadConfig({ ...process.env, WORKER: process.env.WORKER ?? 'off', TELEMETRY: 'off' }),
  logLevel: 'warn' as const,
};
const handle = openPostgres(databaseUrl);
const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };
// The handoff kind belongs to the in-process tests' own workers.
const jobs = TEST_JOBS.filter((job) => job.kind !== 'test.handoff');

let stop: () => Promise<void>;
if (role === 'api') {
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    config,
    logger: true,
    background: { handle, jobs, tuning },
    extraRoutes: testJobRoutes,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  stop = () => app.close();
  console.log(`LISTENING ${address}`);
} else {
  const { log } = await import('fastify').then(({ default: Fastify }) => Fastify({ logger: { level: 'warn' } }));
  const background = await startBackground({
    handle,
    config,
    log,
    definitions: jobs,
    worker: 'inline',
    tuning,
  });
  stop = background.stop;
  console.log('WORKING');
}

process.once('SIGTERM', () => {
  void stop()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
