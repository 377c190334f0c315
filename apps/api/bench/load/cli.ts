/**
 * `npm run bench:load -- [options]`: the load benchmark (docs/benchmarks.md, "Load"). Virtual
 * users in a plant group's mix — planners, keepers, operators, board viewers — with think times,
 * against a running Armature (the cluster of `npm run cluster`, or any API), while the telemetry
 * simulator plays the machines through the broker. Prints markdown tables ready to paste; `--out`
 * writes the figures as JSON, `--compare a.json b.json` prints the scaling between two runs.
 */
import { setMaxListeners } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seededRandom } from '@armature/domain';
import { DEMO_ADMIN } from '../../src/modules/users/index.ts';
import { watchCpu } from './cpu.ts';
import { sampleConnections, type ConnectionFigures } from './db-connections.ts';
import { startFleet, type FleetFigures } from './fleet.ts';
import { Api, Session } from './http.ts';
import { Metrics } from './metrics.ts';
import { formatComparison, formatResult, targetsOf, type Integrity, type LoadResult } from './report.ts';
import type { VirtualUser } from './scenarios/context.ts';
import { keeper } from './scenarios/keeper.ts';
import { operator } from './scenarios/operator.ts';
import { planner } from './scenarios/planner.ts';
import { newStreamStats, viewer } from './scenarios/viewer.ts';
import { BENCH_PASSWORD, ROLES, setUp, VUS_PER_USER, type Role } from './setup.ts';

const USAGE = `Usage: npm run bench:load -- [options]
  --url <url>              the API (default: the cluster's, data/cluster/state.json, else http://127.0.0.1:3000)
  --users <n>              virtual users (default 200)
  --minutes <n>            measured time (default 10; decimals allowed)
  --machines <n>           simulated machines publishing telemetry (default 200; 0: none)
  --mix <role=%,…>         planners=10,keepers=25,operators=45,viewers=20 (the default)
  --lines <c1,c2>          product (line) codes to work on (default: the demo client's lines)
  --mqtt-url <url>         the broker the machines publish to (default: the cluster's, else what the API tells machines)
  --database-url <url>     sample pg_stat_activity of this database (default: the cluster's)
  --admin-password <p>     the admin's password (default: ADMIN_PASSWORD, else the demo one)
  --seed <n>               random numbers of the virtual users and machines (default 1)
  --think <factor>         multiplies every think time (default 1; 0.25: four times the load from the same users)
  --label <text>           the run's name in the report (default "<n> API" from the cluster, else the url)
  --out <file.json>        write the figures as JSON too
  --compare <a.json> <b.json>   print the scaling table of b against a, and nothing else
The API's rate limit must let the users through: start the cluster with RATE_LIMIT_PER_MINUTE=1000000.`;

const STATE_FILE = fileURLToPath(new URL('../../../../data/cluster/state.json', import.meta.url));
const MOSQUITTO_DIR = fileURLToPath(new URL('../../../../data/cluster/mosquitto', import.meta.url));
const PROGRESS_MS = 30_000;
/** How long virtual users may take to finish what they were doing once the time is up. */
const GRACE_MS = 60_000;

type ClusterState = {
  url: string;
  databaseUrl?: string;
  mqttUrl?: string;
  processes?: { name?: string; role: string; pid?: number }[];
};

/** npm runs the script in apps/api: file names given on the command line are the caller's (INIT_CWD). */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values: args, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        users: { type: 'string', default: '200' },
        minutes: { type: 'string', default: '10' },
        machines: { type: 'string', default: '200' },
        mix: { type: 'string', default: 'planners=10,keepers=25,operators=45,viewers=20' },
        lines: { type: 'string' },
        'mqtt-url': { type: 'string' },
        'database-url': { type: 'string' },
        'admin-password': { type: 'string' },
        seed: { type: 'string', default: '1' },
        think: { type: 'string', default: '1' },
        label: { type: 'string' },
        out: { type: 'string' },
        compare: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

if (args.compare) {
  if (positionals.length !== 2) fail('--compare takes two result files');
  const [a, b] = positionals.map((file) => JSON.parse(readFileSync(fromCaller(file), 'utf8')) as LoadResult);
  console.log(formatComparison(a!, b!));
  process.exit(0);
}

const whole = (name: string, value: string, min: number) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) fail(`--${name} must be a whole number ≥ ${min} (got "${value}")`);
  return number;
};
const users = whole('users', args.users, 1);
const machines = whole('machines', args.machines, 0);
const seed = whole('seed', args.seed, 0);
const minutes = Number(args.minutes);
if (!(minutes > 0)) fail(`--minutes must be above 0 (got "${args.minutes}")`);
const think = Number(args.think);
if (!(think >= 0)) fail(`--think must be a number ≥ 0 (got "${args.think}")`);

/** The mix in virtual users per role: shares rounded so that they add up to --users (largest remainders). */
function mixOf(text: string): Record<Role, number> {
  const shares = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
  for (const part of text.split(',')) {
    const [role, share] = part.split('=');
    if (!ROLES.includes(role as Role) || !(Number(share) >= 0)) fail(`--mix: "${part}" is not role=share`);
    shares[role as Role] = Number(share);
  }
  const sum = ROLES.reduce((total, role) => total + shares[role], 0);
  if (sum <= 0) fail('--mix: the shares add up to 0');
  const exact = ROLES.map((role) => ({ role, value: (shares[role] / sum) * users }));
  const counts = Object.fromEntries(exact.map(({ role, value }) => [role, Math.floor(value)])) as Record<Role, number>;
  let left = users - ROLES.reduce((total, role) => total + counts[role], 0);
  for (const { role } of [...exact].sort((a, b) => (b.value % 1) - (a.value % 1))) if (left-- > 0) counts[role]++;
  return counts;
}
const mix = mixOf(args.mix);

const cluster: ClusterState | null = existsSync(STATE_FILE)
  ? (JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ClusterState)
  : null;
const url = (args.url ?? cluster?.url ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const ofCluster = cluster && cluster.url.replace(/\/$/, '') === url ? cluster : null;
const apiProcesses = ofCluster?.processes?.filter((p) => p.role === 'api').length;
const label = args.label ?? (apiProcesses ? `${apiProcesses} API` : url);
const log = (message: string) => console.error(`${new Date().toISOString().slice(11, 19)} ${message}`);

async function main() {
  const lineCodes = args.lines?.split(',').map((code) => code.trim());
  // Virtual users of each role go round the lines; so do the machines.
  const lineCount = lineCodes?.length ?? 2;
  const perLine = (count: number) =>
    Array.from({ length: lineCount }, (_, line) => Math.floor(count / lineCount) + (line < count % lineCount ? 1 : 0));
  const vusPerLine = Object.fromEntries(ROLES.map((role) => [role, perLine(mix[role])])) as Record<Role, number[]>;

  // The cluster's Mosquitto knows machines from its password file only: setup writes them there.
  const brokerUrl = args['mqtt-url'] ?? ofCluster?.mqttUrl;
  const broker = ofCluster?.processes?.find((p) => p.role === 'broker');
  const mosquitto =
    ofCluster?.databaseUrl && broker?.pid && brokerUrl && brokerUrl === ofCluster.mqttUrl
      ? { dir: MOSQUITTO_DIR, pid: broker.pid, databaseUrl: ofCluster.databaseUrl, brokerUrl }
      : null;
  log(`Setting up on ${url} (not measured)…`);
  const setup = await setUp({
    url,
    adminPassword: args['admin-password'] ?? process.env.ADMIN_PASSWORD ?? DEMO_ADMIN.password,
    lineCodes,
    machines,
    vus: vusPerLine,
    tasksPerLine: vusPerLine.operators.map((operators) => operators * 2),
    mosquitto,
    log,
  });
  if (setup.lines.length !== lineCount) fail(`found ${setup.lines.length} lines, expected ${lineCount}: pass --lines`);

  const metrics = new Metrics();
  const sessions = new Map<string, Session>();
  for (const role of ROLES)
    for (const names of setup.users[role])
      for (const name of names) sessions.set(name, new Session(url, name, BENCH_PASSWORD, metrics));
  log(`Signing in ${sessions.size} users (once each; their virtual users share the token)…`);
  for (const session of sessions.values()) await session.signIn();
  for (const role of ROLES)
    for (const [index, line] of setup.lines.entries()) {
      const names = setup.users[role][index]!;
      await Promise.all(
        names.map((name) =>
          new Api(sessions.get(name)!, new Metrics()).call({
            routeClass: 'write-plan',
            method: 'PUT',
            path: 'client/set-currentUser-productId',
            body: { clientId: line.clientId, productId: line.productId },
          }),
        ),
      );
    }

  const fleetBroker = brokerUrl ?? setup.brokerUrl;
  if (machines > 0 && !fleetBroker) fail('no broker known: pass --mqtt-url');
  log(`Connecting ${setup.fleet.length} machines to ${fleetBroker}…`);
  const fleet = await startFleet(setup.admin, fleetBroker ?? '', setup.fleet, seed);
  const databaseUrl = args['database-url'] ?? ofCluster?.databaseUrl;
  const named = (ofCluster?.processes ?? []).flatMap((p) => (p.pid && p.name ? [{ name: p.name, pid: p.pid }] : []));
  const sampler = databaseUrl ? sampleConnections(databaseUrl, named) : null;
  await sampler?.start();

  const stop = new AbortController();
  // Every virtual user's think time and stream listens to it.
  setMaxListeners(0, stop.signal);
  const streams = newStreamStats();
  const loadAtStart = loadavg();
  const cpuUsed = watchCpu(named, cpus().length);
  const startedAt = new Date();
  const started = performance.now();
  const virtualUsers: Promise<void>[] = [];
  let index = 0;
  for (const role of ROLES)
    for (const [lineIndex, line] of setup.lines.entries()) {
      const count = vusPerLine[role][lineIndex]!;
      for (let local = 0; local < count; local++) {
        const userName = setup.users[role][lineIndex]![Math.floor(local / VUS_PER_USER)]!;
        const user: VirtualUser = {
          index,
          api: new Api(sessions.get(userName)!, metrics),
          line,
          random: seededRandom(seed * 100_003 + index++),
          metrics,
          stop: stop.signal,
          pace: think,
        };
        // Each operator has machines of their own: the line's, dealt round like cards (none left: none).
        const own = line.machineIds.filter((_, machine) => machine % count === local);
        const play = {
          planners: () => planner(user),
          keepers: () => keeper(user),
          operators: () => operator(user, own),
          viewers: () => viewer(user, streams),
        }[role];
        virtualUsers.push(play());
      }
    }
  log(`Running ${users} virtual users (${ROLES.map((role) => `${mix[role]} ${role}`).join(', ')}) for ${minutes} min…`);
  const progress = setInterval(() => {
    const { overall } = metrics.summary((performance.now() - started) / 1000);
    log(
      `${Math.round((performance.now() - started) / 1000)} s: ${overall.requests} requests (${overall.throughput}/s), p95 ${overall.p95} ms, ${overall.errors} errors, ${overall.retries} retries; ${fleet.figures.sent} telemetry messages`,
    );
  }, PROGRESS_MS);
  await new Promise((resolve) => setTimeout(resolve, minutes * 60_000));
  const measuredSeconds = (performance.now() - started) / 1000;
  stop.abort();
  clearInterval(progress);
  const loadAtEnd = loadavg();
  const cpu = cpuUsed();
  log('Time is up: letting the virtual users finish their step…');
  await Promise.race([Promise.all(virtualUsers), new Promise((resolve) => setTimeout(resolve, GRACE_MS))]);

  const telemetry: FleetFigures | null = machines > 0 ? await fleet.stop() : null;
  const connections: ConnectionFigures | null = (await sampler?.stop()) ?? null;
  const integrity = await checkIntegrity(setup.admin, setup.lines);
  const summary = metrics.summary(measuredSeconds);
  const partial: Omit<LoadResult, 'targets'> = {
    label,
    startedAt: startedAt.toISOString(),
    url,
    cluster: apiProcesses
      ? { apiProcesses, workers: ofCluster?.processes?.filter((p) => p.role === 'worker').length ?? 0 }
      : null,
    host: { cpus: cpus().length, model: cpus()[0]?.model.trim() ?? 'CPU', node: process.version },
    options: { users, minutes, machines, seed, think, lines: setup.lines.map((line) => line.code) },
    vus: mix,
    measuredSeconds,
    loadavg: { start: loadAtStart, end: loadAtEnd },
    cpu,
    ...summary,
    errors: metrics.errors(),
    streams,
    telemetry,
    connections,
    integrity,
  };
  const result: LoadResult = { ...partial, targets: targetsOf(partial) };
  console.log(formatResult(result));
  if (args.out) {
    writeFileSync(fromCaller(args.out), `${JSON.stringify(result, null, 2)}\n`);
    log(`Wrote ${fromCaller(args.out)}.`);
  }
  // Streams the grace period cut short, sockets of the simulator: nothing left to wait for.
  process.exit(0);
}

/** `GET /api/stock/integrity` of every line, as the admin (the check is the equipment maker's). */
async function checkIntegrity(admin: Api, lines: { code: string; clientId: string; productId: string }[]) {
  const results: Integrity[] = [];
  for (const line of lines) {
    await admin.call({
      routeClass: 'write-plan',
      method: 'PUT',
      path: 'client/set-currentUser-productId',
      body: { clientId: line.clientId, productId: line.productId },
    });
    const answer = await admin.get<{ ok: boolean; checked: number; ledgerRows: number; mismatches: unknown[] }>(
      'read-detail',
      'stock/integrity',
    );
    results.push({
      line: line.code,
      ok: answer.ok,
      checked: answer.checked,
      ledgerRows: answer.ledgerRows,
      mismatches: answer.mismatches.length,
    });
  }
  return results;
}

try {
  await main();
} catch (error) {
  // A setup step refused, the API or the broker unreachable: say which, without a stack.
  const cause = (error as Error).cause as Error | undefined;
  console.error(`bench:load: ${(error as Error).message}${cause ? ` (${cause.message})` : ''}`);
  process.exit(1);
}
