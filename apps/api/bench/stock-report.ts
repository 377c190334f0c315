import { readFile, writeFile } from 'node:fs/promises';

export type Timing = { p50: number; p95: number; max: number };

export type CaseResult = {
  name: string;
  what: string;
  /** Rows the filters match (the page's `totalCount`). */
  totalCount: number;
  /** Rows on the page. */
  rows: number;
  http: Timing;
  sql: Timing;
};

export type RunInfo = {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  postgres: string;
  node: string;
  /** One-minute load average when the run started. */
  loadAverage: number;
  ledgerRows: number;
  rawRows: number;
  loadSeconds: number | null;
  integritySeconds: number;
  /** An authenticated, product-scoped request doing almost nothing: the floor under every page. */
  fixedCost: Timing;
  runs: number;
  warmup: number;
  deepSkip: number;
};

export const P95_TARGET_MS = 50;
export const RATIO_TARGET = 3;

const START = '<!-- stock-bench:start -->';
const END = '<!-- stock-bench:end -->';
const HEADING = '## Stock ledger pages';

const ms = (value: number) => value.toFixed(1);
const ratio = (http: number, sql: number) => (sql > 0 ? `${(http / sql).toFixed(1)}×` : '—');
export const targetMet = (result: CaseResult) =>
  result.http.p95 < P95_TARGET_MS && result.http.p95 <= RATIO_TARGET * result.sql.p95;

function rowsOf(results: CaseResult[]): string[][] {
  return results.map((result) => [
    result.name,
    result.what,
    result.totalCount.toLocaleString('en'),
    ms(result.http.p50),
    ms(result.http.p95),
    ms(result.http.max),
    ms(result.sql.p50),
    ms(result.sql.p95),
    ms(result.sql.max),
    ratio(result.http.p50, result.sql.p50),
    ratio(result.http.p95, result.sql.p95),
    targetMet(result) ? 'met' : 'MISSED',
  ]);
}

const HEADER = [
  'page',
  'query',
  'matching rows',
  'HTTP p50',
  'HTTP p95',
  'HTTP max',
  'SQL p50',
  'SQL p95',
  'SQL max',
  'ratio p50',
  'ratio p95',
  'target',
];
/** Text columns left, figures right. */
const NUMERIC = HEADER.map((_, index) => index >= 2 && index < HEADER.length - 1);

function markdownTable(rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(HEADER),
    line(NUMERIC.map((numeric) => (numeric ? '---:' : '---'))),
    ...rows.map((row) => line(row)),
  ].join('\n');
}

function consoleTable(rows: string[][]): string {
  const widths = HEADER.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (NUMERIC[index] ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ');
  return [line(HEADER), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function renderSection(info: RunInfo, results: CaseResult[]) {
  const rows = rowsOf(results);
  const load =
    info.loadSeconds === null ? 'reused an already loaded database' : `loaded in ${info.loadSeconds.toFixed(0)} s`;
  const markdown = [
    START,
    `Measured ${info.date} with \`npm run bench:stock\` on ${info.cpus} × ${info.cpuModel}, ${info.memoryGiB} GiB, ` +
      `PostgreSQL ${info.postgres} (default settings), Node ${info.node}, load average ${info.loadAverage.toFixed(1)} ` +
      `at the start (the machine is shared): ` +
      `${info.ledgerRows.toLocaleString('en')} ledger rows for LINE1 (${info.rawRows.toLocaleString('en')} raw), ` +
      `${load} (set-based SQL, then \`VACUUM ANALYZE\`); \`GET /api/stock/integrity\` re-added them in ` +
      `${info.integritySeconds.toFixed(2)} s (ok). Each page of \`GET /api/stockLog/raw\` (20 rows) was requested ` +
      `${info.runs} times through HTTP (Node's \`fetch\` against the real app on 127.0.0.1, signed in as admin, ` +
      `after ${info.warmup} warm-up requests), interleaved with as many runs of the same count and page ` +
      `statements (\`stockLogPageQueries(…).toSQL()\`) one after the other on a plain \`pg\` client. The deep ` +
      `page skips the newest ${info.deepSkip.toLocaleString('en')} rows. Times in ms; the ratio is HTTP / SQL. ` +
      `Target: p95 < ${P95_TARGET_MS} ms and ≤ ${RATIO_TARGET}× the direct SQL.`,
    '',
    markdownTable(rows),
    '',
    `Fixed cost of any API request (token, grants, product selection; measured on ` +
      `\`GET /api/user-product-setting/waste-length\`, two one-row reads): p50 ${ms(info.fixedCost.p50)} ms, ` +
      `p95 ${ms(info.fixedCost.p95)} ms.`,
    '',
    END,
  ].join('\n');
  return { markdown, table: consoleTable(rows), met: targetMet };
}

/**
 * Replaces what lies between the stock markers, so that notes written around them and the other
 * benches' sections survive a rerun; appends a heading and the markers the first time.
 */
export async function writeSection(path: string, section: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start >= 0 && end > start) {
    text = text.slice(0, start) + section + text.slice(end + END.length);
  } else {
    text = `${text.trimEnd()}\n\n${HEADING}\n\n${section}\n`;
  }
  await writeFile(path, text);
}
