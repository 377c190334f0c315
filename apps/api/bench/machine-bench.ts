/**
 * `npm run bench:machines [-- --machines 50 --tasks 6 --speed 100 --postgres <url> --mqtt <url> --no-write]`
 *
 * Machines taking their work, end to end: the real app (PGlite in a temp directory, or the PostgreSQL database
 * given) with its embedded MQTT broker on a free port (or the external broker `--mqtt`, Mosquitto), `--machines`
 * cutting machines installed on LINE1 with credentials issued through the API, and the simulator
 * (`npm run simulate:machines`'s) playing each at `--speed` **in a process of its own**
 * (`machine-bench-machines.ts`, forked), as machines are other processes than the API in a plant: it tells this
 * one over IPC when a machine received a job and sent a completion. Every machine gets `--tasks` cut tasks (the
 * test fixture's: a released schedule's tasks with their bars in stock), which are dispatched through
 * `POST /api/task/bulk/dispatch`, one machine after the other. It measures
 *
 * - dispatch → job on the machine: from the dispatch request to the simulated machine receiving the job;
 * - machine completion → stock booked: from the machine sending `completed` to this process first seeing the task
 *   done (its bars out of stock, its pieces, offcuts and bundles booked with it). It looks when the product says
 *   a machine's card changed (the twin board's live event, sent at the commit of every job-status applied): one
 *   statement then (at most every LOOK_MS) over the tasks whose completion was sent and not yet seen booked, and every
 *   SAFETY_POLL_MS should an event be missed — nothing polls the database every few milliseconds, as nothing does
 *   in a plant. Earlier this bench ran the 50 machines in the app's own process and polled every 20 ms: both took
 *   their share of the one core PGlite runs on (docs/benchmarks.md, "Machines taking their work");
 * - jobs lost (a task never completed), delivered twice (the same task and sequence received again: QoS 1
 *   allows it, the machine drops it) and booked twice (a task's bars out of stock more than its bars).
 *
 * Goals: both p99 ≤ 1 s, 0 lost, 0 booked twice. Writes docs/benchmarks.md (between the machine-bench markers
 * of the run's kind) unless `--no-write`. It prints the CPU time of the app's process and of the machines'
 * during the measured phase too (not written).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres } from '../src/core/db/client.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { tasks } from '../src/modules/processing/index.ts';
import { stockLogs } from '../src/modules/stock/stock.table.ts';
import { TWIN_CHANGED_EVENT, twinChannel, type TwinChange } from '../src/modules/equipment/index.ts';
import { DEMO_ADMIN } from '../src/modules/users/index.ts';
import { createTaskFixture } from '../test/helpers/task-fixture.ts';
import { BENCH_SHEAR, benchConfig, benchTelemetry, installShears } from './bench-plant.ts';
import type { MachinesCommand, MachinesReport } from './machine-bench-machines.ts';

const DOCS = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));
const GOAL_P99_MS = 1000;
/** How often the bench looks at the open tasks besides the product's events (a lost event waits at most this). */
const SAFETY_POLL_MS = 500;
/** The shortest time between two looks at the open tasks (the earlier bench polled this often throughout). */
const LOOK_MS = 20;
const DRAIN_MS = 120_000;

const { values: args } = parseArgs({
  options: {
    machines: { type: 'string', default: '50' },
    tasks: { type: 'string', default: '6' },
    speed: { type: 'string', default: '100' },
    postgres: { type: 'string' },
    mqtt: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const MACHINES = Number(args.machines);
const TASKS = Number(args.tasks);
const SPEED = Number(args.speed);
for (const [name, value] of Object.entries({ machines: MACHINES, tasks: TASKS, speed: SPEED }))
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);

const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machines' process's next report of `type`; rejects when it fails or ends first. */
function nextReport<T extends MachinesReport['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<MachinesReport, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (report: MachinesReport) => {
      if (report.type !== type && report.type !== 'failed') return;
      off();
      if (report.type === 'failed') reject(new Error(`the machines' process: ${report.error}`));
      else resolve(report as Extract<MachinesReport, { type: T }>);
    };
    const onExit = (code: number | null) => {
      off();
      reject(new Error(`the machines' process ended (${code})`));
    };
    const off = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function main() {
  const dataDir = args.postgres ? undefined : mkdtempSync(path.join(tmpdir(), 'armature-machine-bench-'));
  const handle = args.postgres ? openPostgres(args.postgres) : openPglite(dataDir);
  const loadAtStart = loadavg();
  await prepareDatabase(handle, { adminPassword: undefined });
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    config: { ...benchConfig(dataDir, args.postgres), telemetry: benchTelemetry(args.mqtt, 'bench') },
    logger: false,
    background: { handle },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  /** Stops the machines' process (once), answering the CPU time it used. */
  let stopMachines: () => Promise<number | null> = async () => null;
  try {
    // Signed in again before the dispatch: on a loaded machine the setup may outlast an access token (15 min).
    const signIn = async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: DEMO_ADMIN.userName, password: DEMO_ADMIN.password },
      });
      auth.authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
    };
    const auth = { authorization: '' };
    await signIn();
    const products = (await app.inject({ method: 'GET', url: '/api/product/all', headers: auth })).json<
      { id: string; code: string; clientId: string }[]
    >();
    const line = products.find((product) => product.code === 'LINE1')!;
    await app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers: auth,
      payload: { clientId: line.clientId, productId: line.id },
    });
    const [cut] = await handle.db.select({ id: techniques.id }).from(techniques).where(eq(techniques.code, 'CUT'));

    console.info(`Installing ${MACHINES} machines, their credentials and ${MACHINES * TASKS} tasks…`);
    const { run, rows, machines, ...installed } = await installShears({
      db: handle.db,
      inject: (request) => app.inject(request),
      headers: auth,
      line,
      techniqueId: cut!.id,
      count: MACHINES,
      prefix: 'MB',
      name: 'Bench shear',
      capability: { kinds: ['cut'], diameterMin: 6, diameterMax: 40, ...BENCH_SHEAR },
    });
    const brokerUrl = args.mqtt ?? installed.brokerUrl;
    // Each fixture makes three cut tasks (a raw bar, an offcut, a purchased length) with their stock.
    const taskIds = new Map<string, string[]>(rows.map((row) => [row.id, []]));
    const wanted = MACHINES * TASKS;
    let made = 0;
    for (let fixture = 0; made < wanted; fixture++) {
      const f = await createTaskFixture(handle.db, {
        tag: `B${run}${fixture}`,
        purchaseLength: 9000 + fixture * 10,
        plannedStart: Date.parse('2026-12-01T01:00:00Z'),
      });
      for (const task of [f.tasks.raw, f.tasks.tail, f.tasks.purchase]) {
        if (made >= wanted) break;
        const machine = rows[made % MACHINES]!;
        await handle.db.update(tasks).set({ equipmentId: machine.id }).where(eq(tasks.id, task.id));
        taskIds.get(machine.id)!.push(task.id);
        made++;
      }
    }

    const dispatchedAt = new Map<string, number>();
    const jobLatency: number[] = [];
    const received = new Map<string, number>();
    const completedAt = new Map<string, number>();
    const machineOfTask = new Map([...taskIds].flatMap(([machineId, ids]) => ids.map((id) => [id, machineId])));
    const allIds = [...taskIds.values()].flat();
    const bookedAt = new Map<string, number>();
    /** Tasks whose completion was sent and not yet seen booked, and how many each machine has of them. */
    const unbooked = new Set<string>();
    const unbookedOf = new Map<string, number>();
    const booking = (id: string, change: 1 | -1) => {
      const machine = machineOfTask.get(id)!;
      unbookedOf.set(machine, (unbookedOf.get(machine) ?? 0) + change);
      if (change > 0) unbooked.add(id);
      else unbooked.delete(id);
    };
    /** When this process last heard that a machine's card changed (a job-status of it committed), by machine. */
    const changedAt = new Map<string, number>();

    // Whether the tasks whose completion was sent are done: one statement over those not yet seen booked, run
    // once more after the one running when asked again meanwhile, and at most every LOOK_MS — a burst of commits
    // (a backlog on the embedded database) costs a look every LOOK_MS at most, as the earlier poller did always.
    let looking: Promise<void> | null = null;
    let lookAgain = false;
    const look = () => {
      lookAgain = true;
      looking ??= (async () => {
        while (lookAgain) {
          lookAgain = false;
          const open = [...unbooked];
          if (open.length === 0) continue;
          const next = sleep(LOOK_MS);
          // The ids as one array parameter: one statement text whatever their number (an `in` list is a new
          // statement to prepare at every length), its cost on the app's thread the same early and late.
          const done = await handle.db
            .select({ id: tasks.id })
            .from(tasks)
            .where(and(sql`${tasks.id} = any(${sql.param(open)}::uuid[])`, eq(tasks.status, 'done')));
          const now = Date.now();
          for (const row of done) {
            bookedAt.set(row.id, now);
            booking(row.id, -1);
          }
          if (lookAgain) await next;
        }
      })().finally(() => (looking = null));
    };
    const unsubscribe = app.events!.subscribe(twinChannel(line.id), (event) => {
      if (event.type !== TWIN_CHANGED_EVENT) return;
      const now = Date.now();
      const machineIds = (event.data as TwinChange).equipmentIds;
      for (const id of machineIds) changedAt.set(id, now);
      // The bench's own work on the app's thread: a look at a map, not at every task.
      if (machineIds.some((id) => (unbookedOf.get(id) ?? 0) > 0)) look();
    });
    const safetyPoll = setInterval(look, SAFETY_POLL_MS);

    const machinesProcess = fork(fileURLToPath(new URL('./machine-bench-machines.ts', import.meta.url)), [], {
      stdio: 'inherit',
    });
    await nextReport(machinesProcess, 'ready');
    let stopped: Promise<number | null> | null = null;
    stopMachines = () =>
      (stopped ??= (async () => {
        if (!machinesProcess.connected) return null;
        const report = nextReport(machinesProcess, 'stopped');
        machinesProcess.send({ type: 'stop' } satisfies MachinesCommand);
        return (await report).cpuMs;
      })());
    machinesProcess.on('message', (report: MachinesReport) => {
      if (report.type === 'job') {
        const key = `${report.taskId}#${report.seq}`;
        received.set(key, (received.get(key) ?? 0) + 1);
        if (received.get(key) === 1) jobLatency.push(report.at - dispatchedAt.get(report.taskId)!);
      } else if (report.type === 'completed' && !completedAt.has(report.taskId)) {
        completedAt.set(report.taskId, report.at);
        booking(report.taskId, 1);
        // Its booking may have committed before this report came over IPC: then look now, not at the next event.
        if ((changedAt.get(machineOfTask.get(report.taskId)!) ?? 0) >= report.at) look();
      }
    });
    const machinesStarted = nextReport(machinesProcess, 'started');
    machinesProcess.send({ type: 'start', brokerUrl, machines, speed: SPEED } satisfies MachinesCommand);
    await machinesStarted;

    await signIn();
    console.info(`Dispatching; ${MACHINES} machines at ${SPEED}× speed work through them…`);
    const started = Date.now();
    const cpuAtStart = process.cpuUsage();
    for (const [, ids] of taskIds) {
      const at = Date.now();
      for (const id of ids) dispatchedAt.set(id, at);
      const response = await app.inject({
        method: 'POST',
        url: '/api/task/bulk/dispatch',
        headers: auth,
        payload: { ids },
      });
      if (response.statusCode !== 200) throw new Error(`dispatch: ${response.statusCode} ${response.body}`);
    }
    const deadline = Date.now() + DRAIN_MS + (TASKS * 60_000) / SPEED;
    while (bookedAt.size < allIds.length && Date.now() < deadline) await sleep(100);
    const wall = (Date.now() - started) / 1000;
    const appCpu = process.cpuUsage(cpuAtStart);
    clearInterval(safetyPoll);
    unsubscribe();
    await looking;
    const machinesCpuMs = await stopMachines();

    const booked = [...bookedAt.entries()].flatMap(([id, at]) =>
      completedAt.has(id) ? [Math.max(0, at - completedAt.get(id)!)] : [],
    );
    const rawOut = await handle.db
      .select({
        taskId: stockLogs.sourceId,
        quantity: stockLogs.quantity,
        kind: stockLogs.kind,
        direction: stockLogs.direction,
      })
      .from(stockLogs)
      .where(and(eq(stockLogs.sourceType, 'task'), inArray(stockLogs.sourceId, allIds)));
    const repetitions = new Map(
      (
        await handle.db
          .select({ id: tasks.id, repetitions: tasks.repetitions })
          .from(tasks)
          .where(inArray(tasks.id, allIds))
      ).map((row) => [row.id, row.repetitions]),
    );
    const outByTask = new Map<string, number>();
    for (const row of rawOut)
      if (row.direction === 'out' && (row.kind === 'raw' || row.kind === 'tail'))
        outByTask.set(row.taskId!, (outByTask.get(row.taskId!) ?? 0) + row.quantity);
    const bookedTwice = [...outByTask.entries()].filter(([id, quantity]) => quantity > repetitions.get(id)!).length;
    const integrity = (await app.inject({ method: 'GET', url: '/api/stock/integrity', headers: auth })).json<{
      ok: boolean;
    }>();
    const figures = {
      kind: `${args.postgres ? 'PostgreSQL' : 'PGlite (temp directory)'} + ${args.mqtt ? 'Mosquitto' : 'embedded broker'}`,
      machines: MACHINES,
      tasks: allIds.length,
      speed: SPEED,
      wall,
      job50: percentile(jobLatency, 50),
      job99: percentile(jobLatency, 99),
      booked50: percentile(booked, 50),
      booked99: percentile(booked, 99),
      lost: allIds.length - bookedAt.size,
      deliveredTwice: [...received.values()].filter((count) => count > 1).length,
      bookedTwice,
      integrity: integrity.ok,
      load: [loadAtStart, loadavg()],
    };
    console.info(JSON.stringify(figures, null, 2));
    console.info(
      `CPU while measured: the app's process ${((appCpu.user + appCpu.system) / 1000).toFixed(0)} ms ` +
        `(user ${(appCpu.user / 1000).toFixed(0)}, system ${(appCpu.system / 1000).toFixed(0)}); ` +
        `the machines' process ${machinesCpuMs?.toFixed(0) ?? '?'} ms since they connected`,
    );
    if (!args['no-write']) writeDocs(figures);
  } finally {
    await stopMachines();
    await app.close();
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

type Figures = {
  kind: string;
  machines: number;
  tasks: number;
  speed: number;
  wall: number;
  job50: number;
  job99: number;
  booked50: number;
  booked99: number;
  lost: number;
  deliveredTwice: number;
  bookedTwice: number;
  integrity: boolean;
  load: number[][];
};

/** One table row per kind of run, kept between the markers (a run replaces its kind's row). */
function writeDocs(figures: Figures) {
  const start = '<!-- machine-bench:start -->';
  const end = '<!-- machine-bench:end -->';
  const docs = readFileSync(DOCS, 'utf8');
  const from = docs.indexOf(start);
  const to = docs.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`docs/benchmarks.md has no ${start} … ${end} markers`);
  const body = docs.slice(from + start.length, to);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const ok = (value: number) => (value <= GOAL_P99_MS ? '✓' : '✗');
  const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
  const row =
    `| ${figures.kind} | ${figures.machines} | ${figures.tasks} | ${figures.speed}× | ${figures.wall.toFixed(1)} s | ` +
    `${ms(figures.job50)} / ${ms(figures.job99)} ${ok(figures.job99)} | ${ms(figures.booked50)} / ${ms(figures.booked99)} ${ok(figures.booked99)} | ` +
    `${figures.lost} / ${figures.deliveredTwice} / ${figures.bookedTwice} | ${figures.integrity ? 'ok' : 'NOT ok'} | ` +
    `${load(figures.load[0]!)} → ${load(figures.load[1]!)} (${cpus().length} cores) |`;
  const header = [
    '',
    '| run | machines | tasks | speed | wall | dispatch → job on machine p50 / p99 | completion → stock booked p50 / p99 | lost / delivered twice / booked twice | integrity | load avg 1/5/15 min, start → end |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const rows = body
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| run') && !line.startsWith('| ---'))
    .filter((line) => !line.startsWith(`| ${figures.kind} |`));
  const table = [...header, ...rows, row, ''].join('\n');
  writeFileSync(DOCS, docs.slice(0, from + start.length) + table + docs.slice(to));
}

await main();
