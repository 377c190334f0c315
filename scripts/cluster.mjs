#!/usr/bin/env node
// `npm run cluster`: a plant group's topology on one machine (docs/deployment.md). N API processes and M
// workers on one PostgreSQL, the cluster's own Mosquitto and an nginx load balancer in front, supervised in
// the foreground like systemd's Restart=always (RestartSec=1); Ctrl-C stops everything it started.
// `npm run cluster -- --rolling-restart`, beside a running cluster, restarts its API processes one by one.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nginxMainConf, nginxSite } from './cluster/nginx.mjs';
import { buildServerIfStale, builtEntry } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const clusterDir = join(root, 'data/cluster');
const logDir = join(clusterDir, 'logs');
const mosquittoDir = join(clusterDir, 'mosquitto');
const stateFile = join(clusterDir, 'state.json');
const RESTART_DELAY_MS = 1000;
const STOP_GRACE_MS = 20_000;
const NGINX = '/usr/sbin/nginx';
const MOSQUITTO = '/usr/sbin/mosquitto';

const USAGE = `usage: npm run cluster -- [--api N] [--api-port P] [--workers M] [--port P] [--database-url URL] [--mqtt-port P] [--redis-url URL]
       npm run cluster -- --rolling-restart`;

function options() {
  const integer = (name, value, min) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) fail(`--${name} must be an integer of at least ${min}\n${USAGE}`);
    return number;
  };
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        api: { type: 'string', default: '3' },
        'api-port': { type: 'string', default: '3101' },
        workers: { type: 'string', default: '2' },
        port: { type: 'string', default: '3000' },
        'database-url': { type: 'string' },
        'mqtt-port': { type: 'string', default: '1884' },
        'redis-url': { type: 'string' },
        'rolling-restart': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail(`${error.message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    rollingRestart: values['rolling-restart'],
    apis: integer('api', values.api, 1),
    apiPort: integer('api-port', values['api-port'], 1),
    workers: integer('workers', values.workers, 0),
    port: integer('port', values.port, 1),
    mqttPort: integer('mqtt-port', values['mqtt-port'], 1),
    databaseUrl:
      values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/armature_cluster',
    redisUrl: values['redis-url'] ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

const log = (message) => console.log(`[cluster ${new Date().toISOString().slice(11, 23)}] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A secret made once and kept (mode 600), so restarts and every process share it. */
function keptSecret(name) {
  const file = join(clusterDir, name);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function writeAtomically(file, text) {
  const scratch = `${file}.${process.pid}.tmp`;
  writeFileSync(scratch, text);
  renameSync(scratch, file);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function healthy(url) {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readState() {
  if (!existsSync(stateFile)) return null;
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Restarts the running cluster's API processes one at a time: SIGTERM (the process drains and stops),
 * the supervisor starts it again a second later, and the next goes once this one answers /api/health.
 */
async function rollingRestart() {
  const initial = readState();
  if (!initial || !isAlive(initial.supervisorPid)) fail('No cluster is running (data/cluster/state.json).');
  const apis = initial.processes.filter((process) => process.role === 'api');
  // The supervisor restarts each process from the build: the code changed since the start is built first.
  await buildWebAndServer();
  /** The process's pid once it runs with a pid other than `oldPid` and answers /api/health. */
  const healthyPid = async (api, oldPid) => {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const { pid } = readState()?.processes.find((process) => process.name === api.name) ?? {};
      if (pid && pid !== oldPid && isAlive(pid) && (await healthy(`http://127.0.0.1:${api.port}`))) return pid;
      if (Date.now() > deadline) fail(`${api.name} did not answer within 3 minutes (see ${api.log})`);
      await sleep(250);
    }
  };
  for (const api of apis) {
    // One the supervisor is restarting already (it crashed) is waited for first, never stopped mid-start.
    const oldPid = await healthyPid(api, null);
    log(`${api.name}: SIGTERM to pid ${oldPid}`);
    process.kill(oldPid, 'SIGTERM');
    log(`${api.name}: restarted as pid ${await healthyPid(api, oldPid)}, healthy`);
  }
  log(`rolling restart done (${apis.length} API processes)`);
}

/** The web app and the server, built when their sources changed since the last build. */
async function buildWebAndServer() {
  const status = buildWebIfStale();
  if (status !== 0) process.exit(status);
  await buildServerIfStale();
}

function requireBinaries() {
  const missing = [NGINX, MOSQUITTO].filter((binary) => !existsSync(binary));
  if (!missing.length) return;
  fail(`${missing.join(' and ')} not found. Install Debian's packages first:\n  apt-get install -y nginx mosquitto`);
}

async function startCluster(settings) {
  requireBinaries();
  const previous = readState();
  if (previous && isAlive(previous.supervisorPid))
    fail(`A cluster is already running (supervisor pid ${previous.supervisorPid}, ${previous.url}).`);
  const apiPorts = Array.from({ length: settings.apis }, (_, index) => settings.apiPort + index);
  // Machines get a listener of their own, next to the ingest's (docs/telemetry.md, "On Mosquitto").
  const machinesPort = settings.mqttPort + 1;
  for (const port of [settings.port, settings.mqttPort, machinesPort, ...apiPorts])
    if (!(await portIsFree(port))) fail(`Port ${port} is taken on 127.0.0.1 (see --port, --mqtt-port, --api).`);

  for (const dir of [clusterDir, logDir, mosquittoDir, join(clusterDir, 'nginx-temp')])
    mkdirSync(dir, { recursive: true });
  await buildWebAndServer();

  const mqttUrl = `mqtt://127.0.0.1:${settings.mqttPort}`;
  const env = {
    ...process.env,
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl,
    JWT_SECRET: process.env.JWT_SECRET || keptSecret('jwt-secret'),
    DATA_DIR: process.env.DATA_DIR || clusterDir,
    MQTT_URL: mqttUrl,
    MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${machinesPort}`,
    MQTT_USERNAME: 'armature',
    MQTT_PASSWORD: keptSecret('mqtt-password'),
    TELEMETRY: 'on',
    WORKER: 'off',
    // nginx is the one proxy: its X-Forwarded-For names the client for the rate limit and sign-in lock.
    TRUST_PROXY: '127.0.0.1',
  };

  log(`preparing ${settings.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')} and the Mosquitto files`);
  const prepared = spawnSync(process.execPath, [builtEntry('cluster-prepare'), mosquittoDir], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (prepared.status !== 0) fail('Preparing the database failed (above).');

  writeFileSync(
    join(mosquittoDir, 'mosquitto.conf'),
    `# Written by npm run cluster at each start; edits are lost.
per_listener_settings false
allow_anonymous false
password_file ${join(mosquittoDir, 'passwd')}
acl_file ${join(mosquittoDir, 'acl')}
persistence false
log_dest stdout
log_type error
log_type warning
log_type notice
# Mosquitto started as root would otherwise switch to the user mosquitto, who cannot read passwd (mode 600).
user ${spawnSync('id', ['-un']).stdout.toString().trim()}

# The machines' listener: a client id is the login's own, so no machine's login throws another one off.
listener ${machinesPort} 127.0.0.1
use_username_as_clientid true

# Armature's ingest: the API processes share one login, so this listener keeps the client ids they choose.
listener ${settings.mqttPort} 127.0.0.1
`,
  );
  const nginxConf = join(clusterDir, 'nginx.conf');
  writeFileSync(
    nginxConf,
    nginxMainConf({
      dir: clusterDir,
      logDir,
      site: nginxSite({
        listen: `127.0.0.1:${settings.port}`,
        upstreams: apiPorts.map((port) => `127.0.0.1:${port}`),
      }),
    }),
  );
  const tested = spawnSync(
    NGINX,
    ['-t', '-q', '-p', clusterDir, '-e', join(logDir, 'nginx-error.log'), '-c', nginxConf],
    {
      encoding: 'utf8',
    },
  );
  if (tested.status !== 0) fail(`nginx refused ${relative(root, nginxConf)}:\n${tested.stderr}`);

  const children = [
    {
      name: 'mosquitto',
      role: 'broker',
      port: settings.mqttPort,
      command: MOSQUITTO,
      args: ['-c', join(mosquittoDir, 'mosquitto.conf')],
    },
    ...apiPorts.map((port, index) => ({
      name: `api-${index + 1}`,
      role: 'api',
      port,
      command: process.execPath,
      // CLUSTER_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=DIR"): Node refuses profiling flags in NODE_OPTIONS.
      args: [...(process.env.CLUSTER_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []), builtEntry('server')],
      env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    })),
    ...Array.from({ length: settings.workers }, (_, index) => ({
      name: `worker-${index + 1}`,
      role: 'worker',
      command: process.execPath,
      args: [builtEntry('worker')],
      env,
    })),
    {
      name: 'nginx',
      role: 'lb',
      port: settings.port,
      command: NGINX,
      args: ['-p', clusterDir, '-e', join(logDir, 'nginx-error.log'), '-c', nginxConf],
    },
  ].map((child) => ({ ...child, log: join(logDir, `${child.name}.log`), process: null, timer: null }));

  const url = `http://127.0.0.1:${settings.port}`;
  let stopping = false;

  const saveState = () =>
    writeAtomically(
      stateFile,
      `${JSON.stringify(
        {
          url,
          databaseUrl: settings.databaseUrl,
          mqttUrl,
          redisUrl: settings.redisUrl,
          logDir: relative(root, logDir),
          supervisorPid: process.pid,
          processes: children.map(({ name, role, process: child, port, log: file }) => ({
            name,
            role,
            pid: child?.pid ?? null,
            ...(port ? { port } : {}),
            log: relative(root, file),
          })),
        },
        null,
        2,
      )}\n`,
    );

  const start = (child) => {
    const out = openSync(child.log, 'a');
    const started = spawn(child.command, child.args, {
      cwd: root,
      env: child.env ?? process.env,
      stdio: ['ignore', out, out],
      // A group of its own: Ctrl-C reaches only the supervisor, which stops the children in order.
      detached: true,
    });
    closeSync(out);
    child.process = started;
    started.on('error', (error) => log(`${child.name} could not start: ${error.message}`));
    started.on('exit', (code, signal) => {
      if (child.process !== started) return;
      child.process = null;
      saveState();
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      log(`${child.name} (pid ${started.pid}) exited with ${how}; restarting in 1 s`);
      child.timer = setTimeout(() => {
        child.timer = null;
        if (stopping) return;
        start(child);
        log(`${child.name} restarted: pid ${started.pid} → ${child.process.pid} (it exited with ${how})`);
      }, RESTART_DELAY_MS);
    });
    saveState();
    return started;
  };

  /** Signals the children and waits for them, killing those still running after the grace period. */
  const stopAll = async (group) => {
    const running = group.map((child) => child.process).filter(Boolean);
    const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of running) child.kill('SIGTERM');
    const timeout = sleep(STOP_GRACE_MS).then(() => {
      for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    await Promise.race([Promise.all(exited), timeout]);
    await Promise.all(exited);
  };

  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    log(
      `${signal}: stopping the API processes and workers (running jobs go back to the queue), then nginx and mosquitto`,
    );
    for (const child of children) clearTimeout(child.timer);
    await stopAll(children.filter((child) => child.role === 'api' || child.role === 'worker'));
    await stopAll(children.filter((child) => child.role === 'lb' || child.role === 'broker'));
    rmSync(stateFile, { force: true });
    log('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(signal));

  for (const child of children) {
    start(child);
    log(
      `${child.name} started (pid ${child.process.pid}${child.port ? `, port ${child.port}` : ''}), log ${relative(root, child.log)}`,
    );
  }

  // The API ports first: asking nginx before they listen would only mark them failed for fail_timeout.
  const apiUrls = apiPorts.map((port) => `http://127.0.0.1:${port}`);
  const since = Date.now();
  let reminded = false;
  for (const targets of [apiUrls, [url]])
    while (!stopping) {
      const answers = await Promise.all(targets.map(healthy));
      if (answers.every(Boolean)) break;
      if (!reminded && Date.now() - since > 60_000) {
        reminded = true;
        const waiting = targets.filter((_, index) => !answers[index]).join(', ');
        log(`still waiting for /api/health on ${waiting} (see ${relative(root, logDir)})`);
      }
      await sleep(500);
    }
  if (!stopping) console.log(`cluster ready at ${url}`);
}

const settings = options();
if (settings.rollingRestart) await rollingRestart();
else await startCluster(settings);
