/**
 * `npm run bench:board [-- --machines 200 --seconds 60 --viewers 0,1,40,200,0 --postgres <url> --mqtt <url>]`
 *
 * What the board's viewers cost the API: the real app in this process (PGlite in a temp
 * directory with the demo, or the fresh PostgreSQL database given), its telemetry ingest on the embedded
 * broker or on `--mqtt` (Mosquitto), `--machines` machines installed on LINE1 and played by the
 * project's simulator (random telemetry: states, counters every second, alarms), and the board's viewers
 * (`GET /api/digitalTwin/events`, the web app's stream) — both in a forked process of their own
 * (board-bench-load.ts), so this process's CPU is the API's. The same telemetry runs throughout; the
 * viewers are set to each count of `--viewers` in turn, and after a few seconds to settle each phase
 * measures for `--seconds`:
 *
 * - this process's CPU (user + system, `process.cpuUsage`: the API's, not the wall clock's), per second
 *   of the phase, and per extra viewer against the phase with one viewer (whose line feed reads the
 *   cards: the cost that must not grow with the viewers);
 * - its event loop's utilisation, and the statements it sent (the feed's card reads with the ingest's);
 * - what the viewers received: cards per viewer and second, bytes.
 *
 * A card is read once per line and process and made into text once (`formatOnce`), at most once a
 * second per machine (`CARD_MIN_INTERVAL_MS`): what grows with the viewers is the writes to their
 * sockets. Prints a markdown table.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres } from '../src/core/db/client.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { DEMO_ADMIN } from '../src/modules/users/index.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { benchConfig, benchTelemetry, countStatements, installShears } from './bench-plant.ts';
import type { LoadCommand, LoadCounts, LoadReply } from './board-bench-load.ts';

const { values: args } = parseArgs({
  options: {
    machines: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    viewers: { type: 'string', default: '0,1,40,200,0' },
    settle: { type: 'string', default: '10' },
    postgres: { type: 'string' },
    mqtt: { type: 'string' },
  },
});
const MACHINES = Number(args.machines);
const SECONDS = Number(args.seconds);
const SETTLE = Number(args.settle);
const PHASES = args.viewers.split(',').map(Number);
if (!Number.isInteger(MACHINES) || MACHINES < 1) throw new Error('--machines must be a positive integer');
if (!(SECONDS > 0) || !(SETTLE >= 0)) throw new Error('--seconds must be positive, --settle not negative');
if (PHASES.some((n) => !Number.isInteger(n) || n < 0)) throw new Error('--viewers: whole numbers, comma-separated');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The load process, driven one command at a time. */
function startLoad() {
  const child = fork(fileURLToPath(new URL('./board-bench-load.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: ((reply: LoadReply) => void)[] = [];
  child.on('message', (reply: LoadReply) => {
    if (reply.type === 'failed') throw new Error(`load process: ${reply.message}`);
    waiting.shift()?.(reply);
  });
  return {
    send: <T extends LoadReply['type']>(command: LoadCommand) =>
      new Promise<Extract<LoadReply, { type: T }>>((resolve) => {
        waiting.push(resolve as (reply: LoadReply) => void);
        child.send(command);
      }),
    kill: () => child.kill(),
  };
}

type Phase = {
  viewers: number;
  cpuSeconds: number;
  seconds: number;
  elu: number;
  statements: number;
  cards: number;
  bytes: number;
  dropped: number;
  published: number;
};

async function main() {
  const dataDir = args.postgres ? undefined : mkdtempSync(path.join(tmpdir(), 'armature-board-bench-'));
  const handle = args.postgres ? openPostgres(args.postgres) : openPglite(dataDir);
  await prepareDatabase(handle, { adminPassword: undefined });
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    config: { ...benchConfig(dataDir, args.postgres), logLevel: 'info', telemetry: benchTelemetry(args.mqtt, 'board') },
    // Logged as a server logs (a line per request, JSON at info), into nothing.
    logger: true,
    logStream: { write: () => {} },
    background: { handle },
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const statements = countStatements(handle.db);
  const load = startLoad();
  try {
    // Tried again on a loaded machine's 503 (the pool's wait ran out).
    const signIn = async (): Promise<string> => {
      for (let attempt = 1; ; attempt++) {
        const login = await app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { userName: DEMO_ADMIN.userName, password: DEMO_ADMIN.password },
        });
        if (login.statusCode === 200) return `Bearer ${login.json<{ access_token: string }>().access_token}`;
        if (attempt === 10) throw new Error(`login: ${login.statusCode} ${login.body}`);
        await sleep(2000);
      }
    };
    const headers = { authorization: await signIn() };
    // A loaded machine's 503 (the pool's wait ran out) is tried again, as a browser would.
    const inject = async (options: InjectOptions) => {
      for (let attempt = 1; ; attempt++) {
        const response = await app.inject(options);
        if (response.statusCode !== 503 || attempt === 10) return response;
        await sleep(2000);
      }
    };
    const line = (await inject({ method: 'GET', url: '/api/product/all', headers }))
      .json<{ id: string; code: string; clientId: string }[]>()
      .find((product) => product.code === 'LINE1')!;
    await inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers,
      payload: { clientId: line.clientId, productId: line.id },
    });
    const [cut] = await handle.db.select({ id: techniques.id }).from(techniques).where(eq(techniques.code, 'CUT'));
    console.error(`Installing ${MACHINES} machines and their credentials…`);
    const { machines, ...installed } = await installShears({
      db: handle.db,
      inject,
      headers,
      line,
      techniqueId: cut!.id,
      count: MACHINES,
      prefix: 'BB',
      name: 'Board bench shear',
    });
    const brokerUrl = args.mqtt ?? installed.brokerUrl;
    await load.send({ type: 'start', brokerUrl, machines, seed: 1 });
    console.error(`${MACHINES} machines publishing on ${args.mqtt ? 'Mosquitto' : 'the embedded broker'}.`);

    const loadAtStart = loadavg();
    const phases: Phase[] = [];
    for (const viewers of PHASES) {
      // A fresh token per phase: the viewers' streams end when theirs expires (15 minutes).
      await load.send({ type: 'viewers', count: viewers, baseUrl, authorization: await signIn() });
      await sleep(SETTLE * 1000);
      const countsBefore = (await load.send<'counts'>({ type: 'counts' })).counts;
      const statementsBefore = statements();
      const eluBefore = performance.eventLoopUtilization();
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await sleep(SECONDS * 1000);
      const cpu = process.cpuUsage(cpuBefore);
      const seconds = (performance.now() - started) / 1000;
      const elu = performance.eventLoopUtilization(eluBefore).utilization;
      const statementCount = statements() - statementsBefore;
      const countsAfter: LoadCounts = (await load.send<'counts'>({ type: 'counts' })).counts;
      const count = (name: string) => (countsAfter.events[name] ?? 0) - (countsBefore.events[name] ?? 0);
      phases.push({
        viewers,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        seconds,
        elu,
        statements: statementCount,
        cards: count('card'),
        bytes: countsAfter.bytes - countsBefore.bytes,
        dropped: countsAfter.dropped - countsBefore.dropped,
        published: countsAfter.published - countsBefore.published,
      });
      const phase = phases.at(-1)!;
      console.error(
        `${viewers} viewers: API CPU ${(phase.cpuSeconds / seconds).toFixed(3)} cores, ${phase.cards} cards, load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    const loadAtEnd = loadavg();
    const one = phases.find((phase) => phase.viewers === 1);
    const oneRate = one ? one.cpuSeconds / one.seconds : NaN;
    console.info(
      `${new Date().toISOString()}, ${handle.kind} + ${args.mqtt ? 'Mosquitto' : 'embedded broker'}, ` +
        `${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; ${MACHINES} machines on LINE1, ` +
        `${SECONDS} s per phase after ${SETTLE} s to settle; load average ${loadAtStart.map((n) => n.toFixed(1)).join(' ')} ` +
        `at the start, ${loadAtEnd.map((n) => n.toFixed(1)).join(' ')} at the end.\n`,
    );
    console.info(
      '| viewers | API CPU s | API cores | CPU ms / s per extra viewer (over 1 viewer) | event loop busy | statements / s | telemetry msgs / s | cards / s per viewer | KiB / s to viewers | dropped |',
    );
    console.info('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const p of phases) {
      const rate = p.cpuSeconds / p.seconds;
      console.info(
        `| ${p.viewers} | ${p.cpuSeconds.toFixed(2)} | ${rate.toFixed(3)} | ` +
          `${p.viewers > 1 ? (((rate - oneRate) * 1000) / (p.viewers - 1)).toFixed(2) : '—'} | ${(p.elu * 100).toFixed(0)} % | ` +
          `${(p.statements / p.seconds).toFixed(1)} | ${(p.published / p.seconds).toFixed(0)} | ` +
          `${p.viewers ? (p.cards / p.viewers / p.seconds).toFixed(1) : '—'} | ${(p.bytes / 1024 / p.seconds).toFixed(0)} | ${p.dropped} |`,
      );
    }
    await load.send({ type: 'stop' });
  } finally {
    load.kill();
    await app.close();
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
