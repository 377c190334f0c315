/**
 * `npm run bench:import-bombs`
 *
 * Hostile uploads against `readImportFile`, the reader both the demand-order and the design BOM
 * imports hand an upload to: a 150 MB shared-strings bomb (honest headers, then lying ones), a
 * 2 M-row sheet, a sheet of 600,000 rows that stays under the unzipped cap, and a 2.4 M-line CSV.
 * Each is read four times at once, as four parallel uploads would be; the figures are the answer,
 * the wall time of the four, and the process' RSS before, at its peak and after a forced GC. The
 * goal: the process ends within 100 MB of where it started. Prints a Markdown table for
 * docs/benchmarks.md. Needs `--expose-gc` (the npm script passes it).
 */
import { cpus, loadavg } from 'node:os';
import { MAX_DEMAND_LINES } from '@armature/domain';
import { AppError } from '../src/core/http/app-error.ts';
import { readImportFile } from '../src/core/documents/sheet-import.ts';
import { manyRowsWorkbook, sharedStringsBomb, withLyingSizes } from '../test/helpers/workbook-bombs.ts';

const PARALLEL = 4;
const GOAL_MB = 100;
const SCHEDULE = [
  ['Mark', 'Diameter', 'Cut length', 'Quantity'],
  ['A1', 12, 3000, 4],
];

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench:import-bombs)');

const mb = (bytes: number) => bytes / 1024 / 1024;

/** RSS after two full collections: what the process keeps. */
function settledRss(): number {
  gc!();
  gc!();
  return process.memoryUsage().rss;
}

async function measure(name: string, fileName: string, content: Buffer) {
  const before = settledRss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, () =>
      readImportFile(fileName, content).then(
        () => 'read',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const after = settledRss();
  const kept = mb(after - before);
  return {
    name,
    size: mb(content.length),
    answer: [...new Set(answers)].join(', '),
    seconds,
    before: mb(before),
    peak: mb(peak),
    after: mb(after),
    kept,
    met: kept <= GOAL_MB,
  };
}

async function main() {
  const load = loadavg()[0]!;
  const bomb = await sharedStringsBomb(SCHEDULE, 150);
  const csvLines = Array.from({ length: 2_400_000 }, (_, index) => `${index % 10},${index % 7}`);
  const files: [string, string, Buffer][] = [
    ['shared strings to 150 MB', 'bomb.xlsx', bomb],
    ['the same, headers lying (1 KB an entry)', 'bomb.xlsx', withLyingSizes(bomb)],
    ['2 M rows', 'rows.xlsx', await manyRowsWorkbook(SCHEDULE, 2_000_000)],
    ['600,000 rows (under the 64 MB cap)', 'rows.xlsx', await manyRowsWorkbook(SCHEDULE, 600_000)],
    ['CSV of 2.4 M lines', 'lines.csv', Buffer.from(['Mark,Quantity', ...csvLines].join('\n'))],
  ];
  const results = [];
  for (const [name, fileName, content] of files) {
    const result = await measure(name, fileName, content);
    results.push(result);
    console.info(
      `${name}: ${result.answer} ×${PARALLEL} in ${result.seconds.toFixed(2)} s, RSS ${result.before.toFixed(0)} → ` +
        `peak ${result.peak.toFixed(0)} → ${result.after.toFixed(0)} MB (${result.kept >= 0 ? '+' : ''}${result.kept.toFixed(0)} MB) ` +
        (result.met ? 'met' : 'MISSED'),
    );
  }
  const cpu = cpus();
  console.info(
    `\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:import-bombs\` on ${cpu.length} × ` +
      `${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average ${load.toFixed(1)} at the start ` +
      `(the machine is shared). Each file read ${PARALLEL} times at once by \`readImportFile\`; RSS after two forced ` +
      `GCs; line limit ${MAX_DEMAND_LINES.toLocaleString('en-US')}. Goal: RSS after within ${GOAL_MB} MB of before.\n`,
  );
  console.info('| file | upload | answer | 4 at once | RSS before | peak | after | kept | goal |');
  console.info('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const result of results)
    console.info(
      `| ${result.name} | ${result.size.toFixed(2)} MB | \`${result.answer}\` | ${result.seconds.toFixed(2)} s | ` +
        `${result.before.toFixed(0)} MB | ${result.peak.toFixed(0)} MB | ${result.after.toFixed(0)} MB | ` +
        `${result.kept >= 0 ? '+' : ''}${result.kept.toFixed(0)} MB | ${result.met ? 'met' : 'MISSED'} |`,
    );
}

await main();
