/**
 * `npm run bench:import [-- --runs N --no-write]`
 *
 * Times `POST /api/demandOrder/import/preview` on a generated 20,000-line BVBS file, a 20,000-line
 * .xlsx and a 20,000-line .csv, through HTTP (Node's `fetch` with a multipart upload against the real
 * app on 127.0.0.1, signed in as the demo planner in LINE1), and in-process the two halves of a
 * preview: reading the file (`readImportFile`: exceljs, csv-parse, text) and the domain's preview
 * (`previewBvbs` / `previewSheet`). The goal is ≤ 3 s per file. Writes the figures into
 * docs/benchmarks.md (between the import-bench markers) unless `--no-write`. PGlite in memory, or
 * PostgreSQL when DATABASE_URL is set (the preview reads only the specs and techniques).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import {
  MAX_DEMAND_LINES,
  bvbsRecord,
  formatLegs,
  nominalUnitWeight,
  previewBvbs,
  previewSheet,
  sheetHeader,
  type DemandImportPreview,
  type Leg,
} from '@armature/domain';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres } from '../src/core/db/client.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { DEMO_ADMIN, DEMO_PLANNER } from '../src/modules/users/index.ts';
import { importContext } from '../src/modules/planning/demand-import.ts';
import { readImportFile } from '../src/core/documents/sheet-import.ts';

const DOCS = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));
const GOAL_MS = 3000;
const LINES = MAX_DEMAND_LINES;

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'no-write': { type: 'boolean', default: false } },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

/** The shapes a schedule mixes: straight bars, L and U bars, cranked bars and closed stirrups. */
const SHAPES: { diameter: number; legs: Leg[]; mandrel: number | null }[] = [
  { diameter: 25, legs: [], mandrel: null },
  {
    diameter: 20,
    legs: [
      { length: 300, angle: 90 },
      { length: 4800, angle: 0 },
    ],
    mandrel: 80,
  },
  {
    diameter: 25,
    legs: [
      { length: 450, angle: 90 },
      { length: 7200, angle: 90 },
      { length: 450, angle: 0 },
    ],
    mandrel: 100,
  },
  {
    diameter: 16,
    legs: [
      { length: 1200, angle: 45 },
      { length: 566, angle: -45 },
      { length: 3000, angle: -45 },
      { length: 566, angle: 45 },
      { length: 1200, angle: 0 },
    ],
    mandrel: 64,
  },
  {
    diameter: 8,
    legs: [
      { length: 100, angle: 135 },
      { length: 250, angle: 90 },
      { length: 550, angle: 90 },
      { length: 250, angle: 90 },
      { length: 550, angle: 135 },
      { length: 100, angle: 0 },
    ],
    mandrel: 32,
  },
  { diameter: 12, legs: [], mandrel: null },
];

function barOf(index: number) {
  const shape = SHAPES[index % SHAPES.length]!;
  const length = shape.legs.length ? shape.legs.reduce((sum, leg) => sum + leg.length, 0) : 3000 + (index % 90) * 100;
  const quantity = 1 + (index % 40);
  return {
    ...shape,
    mark: `P${index + 1}`,
    length,
    quantity,
    weight: (length / 1000) * nominalUnitWeight(shape.diameter),
  };
}

function bvbsFile(): string {
  let text = '';
  for (let index = 0; index < LINES; index++) {
    const bar = barOf(index);
    text += `${bvbsRecord({
      project: 'Bench tower',
      drawing: `B-${1 + Math.floor(index / 500)} (a)`,
      mark: bar.mark,
      length: bar.length,
      quantity: bar.quantity,
      weightPerPiece: Math.round(bar.weight * 1000) / 1000,
      diameter: bar.diameter,
      grade: 'HRB400E',
      mandrel: bar.mandrel,
      legs: bar.legs,
      coupler: false,
      privateBlock: null,
    })}\r\n`;
  }
  return text;
}

/** The rows the export writes: the columns of the template, in English. */
function sheetRows(): (string | number | null)[][] {
  const header = sheetHeader('en-US');
  const rows: (string | number | null)[][] = [header];
  for (let index = 0; index < LINES; index++) {
    const bar = barOf(index);
    rows.push([
      bar.mark,
      'HRB400E',
      bar.diameter,
      null,
      bar.length,
      1,
      bar.quantity,
      bar.quantity,
      Math.round(bar.weight * bar.quantity * 1000) / 1000,
      formatLegs(bar.legs) || null,
      bar.mandrel,
      null,
      null,
      null,
      null,
    ]);
  }
  return rows;
}

async function xlsxFile(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('BBS');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const csvFile = (rows: (string | number | null)[][]) =>
  rows
    .map((row) => row.map((cell) => (cell === null ? '' : `"${String(cell).replaceAll('"', '""')}"`)).join(','))
    .join('\r\n');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

type Result = {
  name: string;
  bytes: number;
  lines: number;
  errors: number;
  warnings: number;
  http: number[];
  /** CPU time of this process (app and client) during the request: what the wall time is on an idle machine. */
  cpu: number[];
  read: number[];
  preview: number[];
};

async function main() {
  const handle = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : openPglite();
  await prepareDatabase(handle, { adminPassword: undefined });
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    config: {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: process.env.DATABASE_URL,
      dataDir: '.',
      jwtSecret: 'bench-import-jwt-secret-of-at-least-32-characters',
      adminPassword: undefined,
      logLevel: 'silent',
      trustProxy: false,
      rateLimitPerMinute: 1_000_000,
    },
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: DEMO_PLANNER.userName, password: DEMO_PLANNER.password }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const line1 = await app.inject({ method: 'GET', url: '/api/product/all', headers: await adminHeaders(app) });
    const line = line1.json<{ id: string; code: string; clientId: string }[]>().find((p) => p.code === 'LINE1')!;
    await fetch(`${address}/api/client/set-currentUser-productId`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: line.clientId, productId: line.id }),
    });
    const context = await importContext(handle.db, line.id, 'en-US');

    const rows = sheetRows();
    const files: { name: string; fileName: string; content: Buffer }[] = [
      { name: 'BVBS (.abs)', fileName: 'bench.abs', content: Buffer.from(bvbsFile()) },
      { name: 'Excel (.xlsx)', fileName: 'bench.xlsx', content: await xlsxFile(rows) },
      { name: 'CSV (.csv)', fileName: 'bench.csv', content: Buffer.from(csvFile(rows)) },
    ];
    const results: Result[] = [];
    for (const file of files) {
      const result: Result = {
        name: file.name,
        bytes: file.content.length,
        lines: 0,
        errors: 0,
        warnings: 0,
        http: [],
        cpu: [],
        read: [],
        preview: [],
      };
      // One warm-up, then the timed runs.
      for (let run = 0; run <= runs; run++) {
        const form = new FormData();
        form.append('file', new Blob([file.content]), file.fileName);
        const started = performance.now();
        const cpuStart = process.cpuUsage();
        const response = await fetch(`${address}/api/demandOrder/import/preview`, {
          method: 'POST',
          headers: auth,
          body: form,
        });
        const body = (await response.json()) as DemandImportPreview;
        const elapsed = performance.now() - started;
        const cpuUsed = process.cpuUsage(cpuStart);
        if (response.status !== 200)
          throw new Error(`${file.name}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
        if (run === 0) {
          result.lines = body.lines.length;
          result.errors = body.problems.filter((problem) => problem.severity === 'error').length;
          result.warnings = body.problems.length - result.errors;
          continue;
        }
        result.http.push(elapsed);
        result.cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
        const readStart = performance.now();
        const read = await readImportFile(file.fileName, file.content);
        const readEnd = performance.now();
        if (read.format === 'bvbs') previewBvbs(read.text, context);
        else previewSheet(read.rows, read.format, context);
        result.read.push(readEnd - readStart);
        result.preview.push(performance.now() - readEnd);
      }
      results.push(result);
      const ms = median(result.http);
      console.info(
        `${file.name}: ${result.lines} lines, ${(result.bytes / 1024 / 1024).toFixed(2)} MB — HTTP median ${(ms / 1000).toFixed(2)} s ` +
          `(max ${(Math.max(...result.http) / 1000).toFixed(2)} s), ${(ms / GOAL_MS).toFixed(2)}× the 3 s goal ` +
          `[CPU ${(median(result.cpu) / 1000).toFixed(2)} s, read ${(median(result.read) / 1000).toFixed(2)} s, preview ${(median(result.preview) / 1000).toFixed(2)} s] ` +
          `${ms <= GOAL_MS ? 'met' : 'MISSED'}`,
      );
    }
    if (!args['no-write']) writeSection(results, handle.kind);
  } finally {
    await app.close();
    await handle.close();
  }
}

async function adminHeaders(app: Awaited<ReturnType<typeof buildApp>>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { userName: DEMO_ADMIN.userName, password: DEMO_ADMIN.password },
  });
  return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
}

function writeSection(results: Result[], kind: string) {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const cpu = cpus();
  const header =
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:import\` on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ` +
    `${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}, ${kind === 'pglite' ? 'PGlite in memory' : 'PostgreSQL'}, ` +
    `load average ${loadavg()[0]!.toFixed(1)} at the start (the machine is shared). Each generated file of ${LINES.toLocaleString('en-US')} lines ` +
    `(straight, L, U and cranked bars, closed stirrups; every line valid) was uploaded ${runs} times to ` +
    '`POST /api/demandOrder/import/preview` (multipart, `fetch` against the real app on 127.0.0.1, signed in as the planner, after one warm-up); ' +
    'CPU is the processor time the process (app and client) spent during the request, what the wall time comes down to on an idle machine; ' +
    'read and preview are the two halves timed in-process (`readImportFile`, then `previewBvbs` / `previewSheet`). Seconds, medians. Goal: ≤ 3 s (HTTP median).';
  const table = [
    '| file | size | lines | problems | HTTP median | HTTP max | CPU median | read | preview | ratio to 3 s | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.map((result) => {
      const ms = median(result.http);
      return `| ${result.name} | ${(result.bytes / 1024 / 1024).toFixed(2)} MB | ${result.lines.toLocaleString('en-US')} | ${result.errors} errors, ${result.warnings} warnings | ${seconds(ms)} | ${seconds(Math.max(...result.http))} | ${seconds(median(result.cpu))} | ${seconds(median(result.read))} | ${seconds(median(result.preview))} | ${(ms / GOAL_MS).toFixed(2)}× | ${ms <= GOAL_MS ? 'met' : 'MISSED'} |`;
    }),
  ].join('\n');
  const section = `<!-- import-bench:start -->\n${header}\n\n${table}\n<!-- import-bench:end -->`;
  const docs = readFileSync(DOCS, 'utf8');
  const marked = /<!-- import-bench:start -->[\s\S]*<!-- import-bench:end -->/;
  const next = marked.test(docs)
    ? docs.replace(marked, section)
    : `${docs.trimEnd()}\n\n## Demand-order import preview\n\n${section}\n`;
  writeFileSync(DOCS, next);
  console.info(`Wrote the figures into ${DOCS}.`);
}

await main();
