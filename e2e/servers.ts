import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product the browser tests drive: one API server per Playwright worker (the built server of `npm start`, on a
 * fresh embedded database of its own), so two workers never see each other's data and each file runs as it did on
 * a server of its own. Worker `i` (Playwright's `parallelIndex`, 0 … workers − 1) uses port `E2E_PORT + i` and its
 * embedded MQTT broker `E2E_PORT + 10 000 + i`. A worker starts its server the first time a test asks for it (a
 * one-file run starts one), and a worker that replaces a failed one finds it running: the server outlives its worker
 * and `stopServers` (global teardown) ends them all.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
export const basePort = Number(process.env.E2E_PORT ?? 3190);

/** The run's folder (made by the global setup): the web app's copy, a folder per server (database, pid, log). */
function runDir(): string {
  const dir = process.env.ARMATURE_E2E_RUN_DIR;
  if (!dir) throw new Error('ARMATURE_E2E_RUN_DIR is not set: run the browser tests through playwright.config.ts');
  return dir;
}

export type Server = { baseURL: string; mqttUrl: string };

/** Where worker `index`'s server listens. */
function addressOf(index: number): Server & { port: number; mqttPort: number } {
  const port = basePort + index;
  const mqttPort = basePort + 10_000 + index;
  return { port, mqttPort, baseURL: `http://127.0.0.1:${port}`, mqttUrl: `mqtt://127.0.0.1:${mqttPort}` };
}

async function healthy(baseURL: string): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/api/health`)).ok;
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pidOf = (dir: string) => Number(readFileSync(join(dir, 'pid'), 'utf8'));

/**
 * Worker `index`'s server: the one already running for it, else a new one on an empty data folder (it migrates and
 * seeds the demo as `npm start` does on a new folder). Answers once `/api/health` is ok; a server that exits before
 * fails the worker with its log.
 */
export async function serverFor(index: number): Promise<Server> {
  const address = addressOf(index);
  const dir = join(runDir(), String(index));
  if (existsSync(join(dir, 'pid')) && alive(pidOf(dir)) && (await healthy(address.baseURL))) return address;

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Detached: the server belongs to the run, not to this worker process (which ends after a failed test). Its log
  // (stdout, at `warn`) is read when it fails to start; what it writes to stderr is shown after the run, as
  // Playwright's own web server did.
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', openSync(join(dir, 'stdout.log'), 'a'), openSync(join(dir, 'stderr.log'), 'a')],
    env: {
      ...process.env,
      PORT: String(address.port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      WEB_DIST_DIR: join(runDir(), 'web'),
      LOG_LEVEL: 'warn',
      TELEMETRY: 'on',
      MQTT_HOST: '127.0.0.1',
      MQTT_PORT: String(address.mqttPort),
    },
  });
  writeFileSync(join(dir, 'pid'), String(child.pid));
  child.unref();
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  // Its health is asked until it answers: the migration and the demo seed take a minute or more on a busy machine.
  while (!(await healthy(address.baseURL))) {
    if (exited !== undefined) {
      const output = ['stdout', 'stderr'].map((name) => readFileSync(join(dir, `${name}.log`), 'utf8').slice(-4000));
      throw new Error(
        `the e2e server on port ${address.port} exited (${exited}) before it was ready:\n${output.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return address;
}

/** Ends every server of the run (SIGTERM, then SIGKILL after 30 s), prints their stderr, removes the folder. */
export async function stopServers(): Promise<void> {
  const dir = process.env.ARMATURE_E2E_RUN_DIR;
  if (!dir || !existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const serverDir = join(dir, name);
    if (!existsSync(join(serverDir, 'pid'))) continue;
    const pid = pidOf(serverDir);
    if (alive(pid)) {
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 30_000;
      while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
    const output = readFileSync(join(serverDir, 'stderr.log'), 'utf8').trim();
    if (output) console.error(`e2e server ${name} (port ${basePort + Number(name)}):\n${output}`);
  }
  rmSync(dir, { recursive: true, force: true });
}
