#!/usr/bin/env node
// `npm run bench:start`: how long a restart takes to answer /api/health, measured the same way each time.
// Starts the server on an existing data dir several times (the demo, made by a first start when none is
// given), and for each start prints the wall time until /api/health first answered 200, the process's own CPU
// time then (user + system, from /proc: far less sensitive than wall time to a loaded machine), the phases the
// server logs at listening, the RSS and the load average. The median of each column closes the table.
//
//   npm run bench:start -- [--runs 5] [--data-dir DIR] [--root DIR] [--via start|server] [--port 3480]
//
// --root: another checkout's built server (e.g. a clone at the commit before), to compare under the same load;
// --via start: `node scripts/start.mjs` (npm start's path, staleness checks included) instead of the built
// server alone. Exits 1 when a start fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'data-dir': { type: 'string' },
    root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    via: { type: 'string', default: 'server' },
    port: { type: 'string', default: '3480' },
  },
});
const root = resolve(values.root);
const port = Number(values.port);
const entry = values.via === 'start' ? join(root, 'scripts/start.mjs') : join(root, 'apps/api/dist/server.js');
const TICKS_PER_SECOND = 100; // Linux's USER_HZ, what /proc/<pid>/stat counts in.

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/** User + system CPU seconds of a process and its RSS in MB, from /proc. */
function processUsage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpu, rssMb: rss ? Number(rss[1]) / 1024 : NaN };
}

async function healthy() {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * One start: answers its wall and CPU seconds at the first healthy answer and the phases the server logged.
 * The server process (not `node scripts/start.mjs`'s, which is the same process) is the one measured.
 */
async function start(dataDir) {
  const load = loadAverage();
  const began = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), MQTT_PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  let ended;
  void exited.then((result) => (ended = result));
  // Polled: the answer to /api/health is the state being measured, there is no event to wait on.
  while (!(await healthy())) {
    if (ended) throw new Error(`the server exited (${JSON.stringify(ended)}) before answering:\n${output}`);
    await new Promise((next) => setTimeout(next, 25));
  }
  const wall = (performance.now() - began) / 1000;
  const { cpu, rssMb } = processUsage(child.pid);
  child.kill('SIGTERM');
  await exited;
  const phases = /"startup":(\{[^}]*\})/.exec(output);
  return { load, wall, cpu, rssMb, phases: phases ? JSON.parse(phases[1]) : {} };
}

const median = (numbers) => {
  const sorted = numbers.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

let dataDir = values['data-dir'] && resolve(values['data-dir']);
let firstStart;
if (!dataDir || !existsSync(dataDir)) {
  dataDir ??= mkdtempSync(join(tmpdir(), 'armature-bench-start-'));
  console.log(`First start on a new data dir ${dataDir} (migrations and the demo)…`);
  firstStart = await start(dataDir);
}

const rows = [];
for (let run = 1; run <= Number(values.runs); run++) rows.push(await start(dataDir));
const phaseNames = [...new Set([...rows, firstStart ?? { phases: {} }].flatMap((row) => Object.keys(row.phases)))];
const header = ['run', 'load', 'wall s', 'CPU s', 'RSS MB', ...phaseNames.map((name) => `${name} CPU s`)];
console.log(`\n${entry} on ${dataDir}\n`);
console.log(`| ${header.join(' | ')} |`);
console.log(`| ${header.map(() => '---:').join(' | ')} |`);
const cells = (row) => [
  row.load,
  row.wall.toFixed(2),
  row.cpu.toFixed(2),
  row.rssMb.toFixed(0),
  ...phaseNames.map((name) => (row.phases[name] ?? NaN).toFixed(2)),
];
if (firstStart) console.log(`| first start (new data dir) | ${cells(firstStart).join(' | ')} |`);
rows.forEach((row, index) => console.log(`| ${[index + 1, ...cells(row)].join(' | ')} |`));
const medians = {
  load: median(rows.map((row) => Number(row.load))).toFixed(2),
  wall: median(rows.map((row) => row.wall)),
  cpu: median(rows.map((row) => row.cpu)),
  rssMb: median(rows.map((row) => row.rssMb)),
  phases: Object.fromEntries(phaseNames.map((name) => [name, median(rows.map((row) => row.phases[name]))])),
};
console.log(`| **median** | ${cells(medians).join(' | ')} |`);
