/**
 * `npm run bench:machines [-- --machines 50 --tasks 6 --speed 100 --postgres <url> --mqtt <url> --no-write]`
 *
 * Machines taking their work, end to end in one process: the real app (PGlite in a temp directory, or the
 * PostgreSQL database given) with its embedded MQTT broker on a free port (or the external broker `--mqtt`,
 * Mosquitto), `--machines` cutting machines installed on LINE1 with credentials issued through the API,
 * and the simulator (`npm run simulate:machines`'s) playing each at `--speed`. Every machine gets
 * `--tasks` cut tasks (the test fixture's: a released schedule's tasks with their bars in stock), which
 * are dispatched through `POST /api/task/bulk/dispatch`, one machine after the other. It measures
 *
 * - dispatch → job on the machine: from the dispatch request to the simulated machine receiving the job;
 * - machine completion → stock booked: from the machine sending `completed` to a poller (every POLL_MS)
 *   first seeing the task done (its bars out of stock, its pieces, offcuts and bundles booked with it);
 * - jobs lost (a task never completed), delivered twice (the same task and sequence received again: QoS 1
 *   allows it, the machine drops it) and booked twice (a task's bars out of stock more than its bars).
 *
 * Goals: both p99 ≤ 1 s, 0 lost, 0 booked twice. Writes docs/benchmarks.md (between the machine-bench markers
 * of the run's kind) unless `--no-write`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres } from '../src/core/db/client.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { tasks } from '../src/modules/processing/index.ts';
import { stockLogs } from '../src/modules/stock/stock.table.ts';
import { startSimulator } from '../src/modules/telemetry/simulator/simulator.ts';
import { DEMO_ADMIN } from '../src/modules/users/index.ts';
import { createTaskFixture } from '../test/helpers/task-fixture.ts';
import { BENCH_SHEAR, benchConfig, benchTelemetry, installShears } from './bench-plant.ts';

const DOCS = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));
const GOAL_P99_MS = 1000;
const POLL_MS = 20;
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
  let simulator: Awaited<ReturnType<typeof startSimulator>> | null = null;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: DEMO_ADMIN.userName, password: DEMO_ADMIN.password },
    });
    const auth = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
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
    simulator = await startSimulator({
      brokerUrl,
      machines,
      intervalMs: 1000,
      jobs: {
        speed: SPEED,
        onJob: (_serial, message) => {
          if (message.type !== 'job') return;
          const key = `${message.taskId}#${message.seq}`;
          received.set(key, (received.get(key) ?? 0) + 1);
          if (received.get(key) === 1) jobLatency.push(Date.now() - dispatchedAt.get(message.taskId)!);
        },
        onAnswer: (_serial, answer) => {
          if (answer.status === 'completed' && !completedAt.has(answer.taskId))
            completedAt.set(answer.taskId, Date.now());
        },
      },
    });

    const allIds = [...taskIds.values()].flat();
    const bookedAt = new Map<string, number>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        // Only the tasks whose completion the machine has sent: the poll shares the (embedded) database with the
        // path it measures, so it asks about as few tasks as it can.
        const open = allIds.filter((id) => completedAt.has(id) && !bookedAt.has(id));
        if (open.length > 0) {
          const done = await handle.db
            .select({ id: tasks.id })
            .from(tasks)
            .where(and(inArray(tasks.id, open), eq(tasks.status, 'done')));
          const now = Date.now();
          for (const row of done) bookedAt.set(row.id, now);
        }
        await sleep(POLL_MS);
      }
    })();

    console.info(`Dispatching; ${MACHINES} machines at ${SPEED}× speed work through them…`);
    const started = Date.now();
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
    polling = false;
    await poller;

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
    if (!args['no-write']) writeDocs(figures);
  } finally {
    await simulator?.stop();
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
