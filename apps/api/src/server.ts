import { eq } from 'drizzle-orm';
import { buildApp, DEFAULT_WEB_DIST_DIR } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { users } from './core/auth/users.table.ts';
import { openDatabase } from './core/db/client.ts';
import { serveBackups } from './setup/backup/backup-control.ts';
import { prepareDatabase } from './setup/prepare.ts';
import { SetupError } from './setup/setup-error.ts';
import { startupPhases } from './setup/startup-phases.ts';

// Imports are evaluated before this line: what Node's start and loading the modules cost.
const phases = startupPhases();

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // A clear one-line message, not a stack trace, for a mistyped variable.
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
const handle = openDatabase(config);
try {
  await prepareDatabase(handle, { adminPassword: config.adminPassword, demo: config.demo }, phases);
} catch (error) {
  if (!(error instanceof SetupError)) throw error;
  // A database of a newer version, a production start without a usable admin password: said plainly.
  console.error(error.message);
  await handle.close();
  process.exit(1);
}
const app = await buildApp({
  db: handle.db,
  dbKind: handle.kind,
  config,
  logger: true,
  webDistDir: process.env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
  // Background jobs and live events; the worker inside runs unless WORKER=off.
  background: { handle },
});

// `npm run backup` asks this process: only the process that opened an embedded database may read it.
const closeBackups = 'client' in handle ? await serveBackups(handle.client, config.dataDir, app.log) : undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await closeBackups?.();
  // Ends open event streams, stops the worker (running jobs go back to the queue) and UNLISTENs.
  await app.close();
  await handle.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

phases.mark('app');
const address = await app.listen({ port: config.port, host: config.host });
phases.mark('listen');
app.log.info(
  { database: handle.kind, dataDir: config.dataDir, worker: config.worker ?? 'inline', startup: phases.done() },
  `Armature listening on ${address} (API docs at ${address}/api/docs)`,
);
// On PostgreSQL other processes may serve the same users: what each would otherwise keep in its own DATA_DIR.
if (config.databaseUrl && !process.env.JWT_SECRET)
  app.log.warn(
    'JWT_SECRET is not set: the secret is kept in DATA_DIR, so every API process must share that directory (or set JWT_SECRET) for tokens to work across them',
  );
if (config.databaseUrl && !config.s3)
  app.log.warn(
    'S3_* is not set: stored files are kept in DATA_DIR/files, so every API process must share that directory (or use a bucket)',
  );
// Said of the database, not of this start's environment: a production admin set its own password long ago.
const [onDemoPassword] = await handle.db
  .select({ userName: users.userName })
  .from(users)
  .where(eq(users.usesDemoPassword, true))
  .limit(1);
if (onDemoPassword)
  app.log.warn(
    `the account ${onDemoPassword.userName} still uses the documented demo password: change it before anyone else can sign in`,
  );
