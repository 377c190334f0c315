/**
 * `npm run bench:stock [-- --reuse --runs N --warmup N --cases first,deep,… --explain --no-write]`
 *
 * Loads 1,000,000 ledger rows for the demo product LINE1 into PostgreSQL (`DATABASE_URL`, default
 * postgres://postgres@127.0.0.1:5432/armature_bench, recreated unless `--reuse` finds it loaded),
 * checks them with the app's integrity endpoint, then times pages of `GET /api/stockLog/raw` through
 * HTTP against the real app beside the same SQL (built by `stockLogPageQueries`) run on a plain `pg`
 * client, and writes the figures into docs/benchmarks.md. Exits non-zero on errors only; a missed
 * target is printed as MISSED.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { stockLogListQuerySchema, type StockLogListQuery } from '@armature/domain';
import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/core/db/client.ts';
import { DEMO_ADMIN } from '../src/modules/users/index.ts';
import { stockLogPageQueries } from '../src/modules/stock/stock-log.query.ts';
import { line1Scope, prepareBenchDatabase, TOTAL_LEDGER_ROWS, type Scope } from './stock-load.ts';
import { renderSection, writeSection, type CaseResult, type RunInfo } from './stock-report.ts';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/armature_bench';
const DOCS = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));
const KIND = 'raw';
export const DEEP_SKIP = 100_000;

const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    'no-write': { type: 'boolean', default: false },
    cases: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const warmup = Number(args.warmup);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0) {
  throw new Error('--runs must be a positive integer and --warmup a non-negative one');
}
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

type BenchCase = { key: string; name: string; what: string; params: Record<string, string>; optIn?: boolean };

/** The pages: newest rows, a page deep in the ledger, and the filters a stock keeper uses most. */
async function benchCases(client: pg.Client, scope: Scope): Promise<BenchCase[]> {
  // The spec with most raw rows: the filter that still matches the most.
  const spec = await client.query<{ rebar_id: string; name: string; rows: string }>(
    `select s.rebar_id, r.name, sum(s.log_count) as rows from stock s join rebars r on r.id = s.rebar_id
     where s.product_id = $1 and s.kind = $2 group by 1, 2 order by 3 desc limit 1`,
    [scope.productId, KIND],
  );
  const top = spec.rows[0];
  if (!top) throw new Error('no raw stock loaded');
  // A calendar month in the middle of the loaded year.
  const month = await client.query<{ from: Date; to: Date }>(
    `select date_trunc('month', min(creation_time) + (max(creation_time) - min(creation_time)) / 2) as from,
            date_trunc('month', min(creation_time) + (max(creation_time) - min(creation_time)) / 2)
              + interval '1 month' - interval '1 millisecond' as to
     from stock_log where product_id = $1 and kind = $2`,
    [scope.productId, KIND],
  );
  const { from, to } = month.rows[0]!;
  const timeFrom = from.toISOString();
  const timeTo = to.toISOString();
  const monthLabel = timeFrom.slice(0, 7);
  const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString();
  // A heat received in the middle of the year: its bars were used up months ago.
  const heatRow = await client.query<{ heat_no: string }>(
    `select heat_no from stock where product_id = $1 and kind = $2 and heat_no <> ''
     order by creation_time offset (select count(*) / 2 from stock where product_id = $1 and kind = $2) limit 1`,
    [scope.productId, KIND],
  );
  const heat = heatRow.rows[0]?.heat_no ?? '';
  // A receipt from the middle of the year, found through the search box by its code.
  const codeRow = await client.query<{ source_code: string }>(
    `select code as source_code from rebar_receive where product_id = $1
     order by creation_time offset (select count(*) / 2 from rebar_receive where product_id = $1) limit 1`,
    [scope.productId],
  );
  const code = codeRow.rows[0]?.source_code ?? '';
  return [
    { key: 'first', name: 'first page', what: 'newest 20 rows', params: {} },
    { key: 'deep', name: 'deep page', what: `skipCount=${DEEP_SKIP}`, params: { skipCount: String(DEEP_SKIP) } },
    { key: 'spec', name: 'spec', what: `rebarId (${top.name})`, params: { rebarId: top.rebar_id } },
    {
      key: 'spec-month',
      name: 'spec + month',
      what: `rebarId (${top.name}) + timeFrom/timeTo (${monthLabel})`,
      params: { rebarId: top.rebar_id, timeFrom, timeTo },
    },
    { key: 'month', name: 'month', what: `timeFrom/timeTo (${monthLabel})`, params: { timeFrom, timeTo } },
    { key: 'reason', name: 'reason', what: 'reason=adjustment', params: { reason: 'adjustment' } },
    // Tracing one heat number's bars, and the list's search box (a spec name, a document code).
    { key: 'heat', name: 'heat number', what: `heatNo=${heat}`, params: { heatNo: heat } },
    { key: 'keyword', name: 'search: spec', what: `filter=${top.name}`, params: { filter: top.name } },
    { key: 'code', name: 'search: code', what: `filter=${code}`, params: { filter: code } },
    // Opt-in (`--cases …`): filters matching most of the ledger, whose exact counts read it all.
    {
      key: 'year',
      name: 'past year',
      what: `timeFrom=${yearAgo.slice(0, 10)}`,
      params: { timeFrom: yearAgo },
      optIn: true,
    },
    { key: 'out', name: 'outs', what: 'direction=out', params: { direction: 'out' }, optIn: true },
  ];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? NaN };
}

/**
 * Rows as drizzle's node-postgres driver asks for them (arrays; times left as text), so the direct
 * runs decode what the API decodes.
 */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const asDrizzle = {
  rowMode: 'array' as const,
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      TEXT_TYPES.has(oid)
        ? (value: string) => value
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  },
};

type PageAnswer = { items: { seq: number }[]; totalCount: number };

async function main() {
  const started = performance.now();
  // The machine may be shared: the figures mean more with the load they were taken under.
  const loadAverageAtStart = loadavg()[0] ?? 0;
  console.log(`bench:stock on ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}`);
  const loaded = await prepareBenchDatabase(databaseUrl, args.reuse);
  if (loaded) {
    console.log(
      `loaded ${loaded.rows.toLocaleString('en')} ledger rows (${loaded.stocks} balances, ${loaded.receipts} receipts) ` +
        `in ${loaded.seconds.toFixed(1)} s, VACUUM ANALYZE included`,
    );
  } else {
    console.log(`--reuse: the database already holds ≥ ${TOTAL_LEDGER_ROWS.toLocaleString('en')} ledger rows`);
  }

  const handle = openPostgres(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c TimeZone=UTC' });
  await client.connect();
  const app = await buildApp({
    db: handle.db,
    dbKind: 'postgres',
    config: {
      port: 0,
      host: '127.0.0.1',
      databaseUrl,
      dataDir: '.',
      jwtSecret: 'bench-stock-jwt-secret-of-at-least-32-characters',
      adminPassword: undefined,
      logLevel: 'silent',
      trustProxy: false,
      // The bench sends a few thousand requests a minute from one address.
      rateLimitPerMinute: 1_000_000,
    },
    logger: false,
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: DEMO_ADMIN.userName, password: DEMO_ADMIN.password }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const scope = await line1Scope(client);
    const select = await fetch(`${base}/api/client/set-currentUser-productId`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: scope.clientId, productId: scope.productId }),
    });
    if (!select.ok) throw new Error(`choosing LINE1 failed: ${select.status} ${await select.text()}`);

    const integrityStarted = performance.now();
    const integrity = await fetch(`${base}/api/stock/integrity`, { headers });
    const integritySeconds = (performance.now() - integrityStarted) / 1000;
    if (!integrity.ok) throw new Error(`integrity check failed: ${integrity.status} ${await integrity.text()}`);
    const checked = (await integrity.json()) as { ok: boolean; checked: number; ledgerRows: number; mismatches: [] };
    console.log(
      `GET /api/stock/integrity: ok=${checked.ok}, ${checked.checked} balances, ${checked.ledgerRows} ledger rows ` +
        `re-added in ${integritySeconds.toFixed(2)} s`,
    );
    if (!checked.ok) throw new Error(`integrity mismatches: ${JSON.stringify(checked.mismatches.slice(0, 5))}`);

    // What every API request costs before its own work: the token's user and grants, the product
    // selection, and two one-row reads. Beside sub-millisecond SQL this decides the ratio.
    const fixedUrl = `${base}/api/user-product-setting/waste-length`;
    const fixed: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const t = performance.now();
      const response = await fetch(fixedUrl, { headers });
      if (!response.ok) throw new Error(`${fixedUrl}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      if (i >= warmup) fixed.push(performance.now() - t);
    }
    const fixedCost = summary(fixed);
    console.log(
      `fixed cost of a request (GET /api/user-product-setting/waste-length): ` +
        `p50 ${fixedCost.p50.toFixed(1)} ms, p95 ${fixedCost.p95.toFixed(1)} ms`,
    );

    const chosen = args.cases?.split(',').map((key) => key.trim());
    const all = await benchCases(client, scope);
    const unknown = chosen?.filter((key) => !all.some((benchCase) => benchCase.key === key)) ?? [];
    if (unknown.length > 0) {
      throw new Error(`unknown --cases ${unknown.join(', ')}; known: ${all.map((c) => c.key).join(', ')}`);
    }
    const cases = all.filter((benchCase) => (chosen ? chosen.includes(benchCase.key) : !benchCase.optIn));
    const results: CaseResult[] = [];
    const statements = new Map<string, { sql: string; params: unknown[] }[]>();
    for (const benchCase of cases) {
      const url = `${base}/api/stockLog/${KIND}?${new URLSearchParams(benchCase.params)}`;
      // The API parses the same query string with the same schema, so both sides build the same SQL.
      const query: StockLogListQuery = stockLogListQuerySchema.parse(benchCase.params);
      const { count, page } = stockLogPageQueries(handle.db, scope.productId, KIND, query);
      const countSql = count.toSQL();
      const pageSql = page.toSQL();
      statements.set(benchCase.name, [countSql, pageSql]);

      const viaHttp = async (): Promise<PageAnswer> => {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return (await response.json()) as PageAnswer;
      };
      const direct = async () => {
        const counted = await client.query<unknown[]>({ ...asDrizzle, text: countSql.sql, values: countSql.params });
        const rows = await client.query<unknown[]>({ ...asDrizzle, text: pageSql.sql, values: pageSql.params });
        const seq = rows.fields.findIndex((field) => field.name === 'seq');
        return { totalCount: Number(counted.rows[0]?.[0]), seqs: rows.rows.map((row) => Number(row[seq])) };
      };

      // Both sides must be answering the same question before their times are compared.
      const answer = await viaHttp();
      const same = await direct();
      if (answer.totalCount !== same.totalCount || answer.items.map((item) => item.seq).join() !== same.seqs.join()) {
        throw new Error(`${benchCase.name}: HTTP and direct SQL disagree (${answer.totalCount} vs ${same.totalCount})`);
      }
      for (let i = 0; i < warmup; i++) {
        await viaHttp();
        await direct();
      }
      // Interleaved, so that load from elsewhere on the machine weighs on both sides alike.
      const http: number[] = [];
      const sql: number[] = [];
      for (let i = 0; i < runs; i++) {
        let t = performance.now();
        await viaHttp();
        http.push(performance.now() - t);
        t = performance.now();
        await direct();
        sql.push(performance.now() - t);
      }
      const result: CaseResult = {
        name: benchCase.name,
        what: benchCase.what,
        totalCount: answer.totalCount,
        rows: answer.items.length,
        http: summary(http),
        sql: summary(sql),
      };
      results.push(result);
      console.log(
        `  ${benchCase.name}: HTTP p95 ${result.http.p95.toFixed(1)} ms, SQL p95 ${result.sql.p95.toFixed(1)} ms`,
      );
    }

    const pgVersion = await client.query<{ server_version: string }>('show server_version');
    const info: RunInfo = {
      date: new Date().toISOString().slice(0, 10),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      postgres: pgVersion.rows[0]?.server_version ?? 'unknown',
      node: process.version,
      loadAverage: loadAverageAtStart,
      ledgerRows: checked.ledgerRows,
      rawRows: Number(
        (
          await client.query<{ n: string }>('select count(*) as n from stock_log where product_id = $1 and kind = $2', [
            scope.productId,
            KIND,
          ])
        ).rows[0]?.n,
      ),
      fixedCost,
      loadSeconds: loaded?.seconds ?? null,
      integritySeconds,
      runs,
      warmup,
      deepSkip: DEEP_SKIP,
    };
    const section = renderSection(info, results);
    console.log(`\n${section.table}`);
    const missed = results.filter((result) => !section.met(result));
    console.log(
      missed.length === 0
        ? '\nTargets met: every page p95 < 50 ms and ≤ 3× the direct SQL.'
        : `\nMISSED on ${missed.map((result) => result.name).join(', ')} (target: p95 < 50 ms and ≤ 3× the direct SQL).`,
    );
    // The plans say why a page is slow: printed for the missed pages, or for all with --explain.
    for (const result of results) {
      if (!args.explain && section.met(result)) continue;
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${result.name} (${result.what})`);
      for (const [index, statement] of (statements.get(result.name) ?? []).entries()) {
        const plan = await client.query<{ 'QUERY PLAN': string }>({
          text: `explain (analyze, buffers) ${statement.sql}`,
          values: statement.params,
        });
        console.log(`-- ${index === 0 ? 'count' : 'page'}: ${statement.sql}`);
        console.log(`-- params: ${JSON.stringify(statement.params)}`);
        console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    }
    if (!args['no-write']) {
      await writeSection(DOCS, section.markdown);
      console.log(`written to ${DOCS}`);
    }
    console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await app.close();
    await client.end();
    await handle.close();
  }
}

await main();
