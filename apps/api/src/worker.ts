// `npm run worker`: a background-job worker alone (no HTTP), beside API processes started with
// `npm start` (WORKER=off, or inline as well) on the same PostgreSQL. It runs every job kind of
// every area, and stops cleanly on SIGINT / SIGTERM: running jobs are asked to stop and go back to the
// queue for another worker.
import Fastify from 'fastify';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { openPostgres } from './core/db/client.ts';
import { migrateDatabase } from './core/db/migrate.ts';
import { loggerOptions } from './core/http/log-output.ts';
import { startBackground } from './core/jobs/background.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL (a PostgreSQL server). The embedded PGlite database belongs to the one ' +
      'process that opened it, so a separate worker cannot share it: `npm start` already runs a worker inside ' +
      'the API process (WORKER=inline, the default).',
  );
  process.exit(1);
}

// The API's logger (level, redaction, error serializer), without a server.
const { log } = Fastify({ logger: loggerOptions(config) });

// The areas (and their job kinds) load only once the configuration is known to be usable.
const { AREAS } = await import('./areas.ts');
const handle = openPostgres(config.databaseUrl, {
  applicationName: 'armature-worker',
  poolSize: config.databasePoolSize,
  timeouts: config.databaseTimeouts,
});
// A worker may start before any API process: the tables it writes must exist.
await handle.exclusive(() => migrateDatabase(handle));
const definitions = AREAS.flatMap((area) => area.jobs ?? []);
const background = await startBackground({ handle, config, log, definitions, worker: 'inline' });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker shutting down');
  await background.stop();
  await handle.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

log.info(
  { kinds: background.jobs.kinds },
  background.jobs.kinds.length
    ? `Armature worker running ${background.jobs.kinds.join(', ')}`
    : 'Armature worker running (no job kinds defined yet)',
);
