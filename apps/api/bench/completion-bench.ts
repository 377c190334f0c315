/**
 * `npm run bench:completion [-- --postgres <url>] [--rows 1000000] [--completions 100]`
 *
 * Times machine-task completions (`POST /api/task/{id}/complete`: one transaction that consumes the
 * bars from the plan's reservation, adds finished pieces per order line, offcuts and bundles, and
 * answers the task's detail) on a product whose stock ledger already holds `--rows` rows. The ledger
 * is loaded in set-based SQL: pairs of moves in and out of bench stock rows, so every balance stays
 * what its ledger says. The tasks are released schedules of approved cutting plans (the API tests'
 * fixture): per plan a raw-bar cut, an offcut cut, a purchased-length cut and a bend. PGlite in a
 * temporary directory by default; `--postgres <url>` uses that (empty or earlier bench) database.
 * Half the tasks are completed through HTTP, half by the route's transaction alone; prints p50/p95/p99
 * of both and the ratio of the transaction's p95 to the 50 ms goal.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres, type DatabaseHandle, type Db, type Tx } from '../src/core/db/client.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { reportTask } from '../src/modules/processing/task-completion.ts';
import { createTaskFixture } from '../test/helpers/task-fixture.ts';

const GOAL_P95_MS = 50;
/** Bench stock rows the ledger is spread over (raw bars of one heat each). */
const BENCH_STOCKS = 2000;

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'string' },
    rows: { type: 'string', default: '1000000' },
    completions: { type: 'string', default: '100' },
  },
});
const ledgerRows = Number(args.rows);
const completions = Number(args.completions);
if (!Number.isInteger(ledgerRows) || ledgerRows < 2 || !Number.isInteger(completions) || completions < 4)
  throw new Error('--rows must be an integer ≥ 2 and --completions one ≥ 4');

/** The rows a statement answers (drizzle types them per driver; both drivers answer `rows`). */
async function rowsOf<T>(db: Db | Tx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A whole number written into the SQL (set-based statements need no parameters for their figures). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

/** The product's ledger rows, with `rows` added (half in, half out) when the bench's are not there yet. */
async function loadLedger(handle: DatabaseHandle, rows: number): Promise<{ total: number; seconds: number | null }> {
  const { db } = handle;
  const count = async () =>
    Number(
      (await rowsOf<{ n: string }>(db, sql`select count(*) as n from stock_log where heat_no like 'BENCH-%'`))[0]!.n,
    );
  if ((await count()) >= rows) return { total: await count(), seconds: null };
  const started = performance.now();
  await db.transaction(async (tx) => {
    const scope = (
      await rowsOf<{ product_id: string; client_id: string; rebar_id: string; unit_weight: number }>(
        tx,
        sql`select p.id as product_id, p.client_id, r.id as rebar_id, coalesce(r.unit_weight, 0.888) as unit_weight
            from products p join rebars r on r.product_id = p.id
            where p.code = 'LINE1' and r.grade = 'HRB400E' and r.diameter = 16`,
      )
    )[0];
    if (!scope) throw new Error('LINE1 or its HRB400E Φ16 is missing: was the database seeded?');
    const grams = Math.round(12_000 * 10 * Number(scope.unit_weight));
    await tx.execute(sql`
      insert into stock (client_id, product_id, kind, rebar_id, length, heat_no, quantity, weight_grams, log_count, creation_time)
      select ${scope.client_id}, ${scope.product_id}, 'raw', ${scope.rebar_id}, 12000, 'BENCH-' || n, 0, 0,
             ${int(Math.floor(rows / BENCH_STOCKS))} + case when n <= ${int(rows % BENCH_STOCKS)} then 1 else 0 end,
             now() - interval '400 days'
      from generate_series(1, ${int(BENCH_STOCKS)}) n`);
    // Indexes are built once after the insert: many times faster than maintaining them row by row.
    const indexes = await rowsOf<{ name: string; definition: string }>(
      tx,
      sql`select indexname as name, indexdef as definition from pg_indexes
            where tablename = 'stock_log' and indexname not in (select conname from pg_constraint)`,
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    // Move i of a stock row: in (10 bars) when odd, out when even — each row's balance ends where it began.
    await tx.execute(sql`
      insert into stock_log (client_id, product_id, stock_id, kind, direction, rebar_id, length, heat_no, quantity,
                             weight_grams, balance_after, balance_weight_grams_after, reason, source_type, source_code,
                             creation_time)
      select ${scope.client_id}, ${scope.product_id}, s.id, 'raw', case when i % 2 = 1 then 'in' else 'out' end,
             ${scope.rebar_id}, 12000, s.heat_no, 10, ${int(grams)},
             case when i % 2 = 1 then 10 else 0 end, case when i % 2 = 1 then ${int(grams)} else 0 end,
             case when i % 2 = 1 then 'adjustment' else 'consumption' end, 'manual', 'BENCH',
             now() - interval '365 days' + (g.n * interval '30 seconds')
      from generate_series(0, ${int(rows - 1)}) g(n)
      cross join lateral (select g.n / ${int(BENCH_STOCKS)} + 1 as i, g.n % ${int(BENCH_STOCKS)} + 1 as stock_no) m
      join stock s on s.product_id = ${scope.product_id} and s.heat_no = 'BENCH-' || m.stock_no`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  await db.execute(sql`analyze stock_log`);
  await db.execute(sql`analyze stock`);
  return { total: await count(), seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const dir = args.postgres ? null : mkdtempSync(path.join(tmpdir(), 'armature-completion-'));
  const handle = args.postgres ? openPostgres(args.postgres) : openPglite(dir!);
  const load = loadavg()[0]!;
  try {
    await prepareDatabase(handle, { adminPassword: undefined });
    const loaded = await loadLedger(handle, ledgerRows);
    console.log(
      `ledger: ${loaded.total.toLocaleString('en')} bench rows ${loaded.seconds === null ? '(reused)' : `loaded in ${loaded.seconds.toFixed(0)} s`}`,
    );
    const app = await buildApp({
      db: handle.db,
      dbKind: handle.kind,
      config: {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: args.postgres,
        dataDir: dir ?? '.',
        jwtSecret: 'bench-completion-jwt-secret-of-32-characters',
        adminPassword: undefined,
        logLevel: 'silent',
        trustProxy: false,
        rateLimitPerMinute: 1_000_000,
      },
      logger: false,
    });
    const signIn = async (userName: string, password: string) => {
      const response = await app.inject({ method: 'POST', url: '/api/account/login', payload: { userName, password } });
      const headers = { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
      const [product] = await rowsOf<{ id: string; client_id: string }>(
        handle.db,
        sql`select id, client_id from products where code = 'LINE1'`,
      );
      await app.inject({
        method: 'PUT',
        url: '/api/client/set-currentUser-productId',
        headers,
        payload: { clientId: product!.client_id, productId: product!.id },
      });
      return headers;
    };
    const admin = await signIn('admin', 'Armature2026');
    const operator = await signIn(DEMO_OPERATOR.userName, DEMO_OPERATOR.password);

    const [operatorRow] = await rowsOf<{ id: string; name: string }>(
      handle.db,
      sql`select id, name from users where user_name = ${DEMO_OPERATOR.userName}`,
    );
    // Half the tasks are completed through HTTP (what the operator waits for: sign-in checks, the
    // transaction, the task's detail in the answer), half by the route's transaction alone.
    const http: number[] = [];
    const transaction: number[] = [];
    const run = `${Date.now().toString(36)}`;
    for (let plan = 0; http.length + transaction.length < completions; plan++) {
      const fixture = await createTaskFixture(handle.db, {
        tag: `B${run}${plan}`,
        purchaseLength: 9000 + ((Date.now() + plan) % 3000),
        plannedStart: Date.now(),
      });
      const writer = { ...fixture.writer, user: { id: operatorRow!.id, name: operatorRow!.name } };
      for (const task of [fixture.tasks.raw, fixture.tasks.tail, fixture.tasks.purchase, fixture.tasks.bend]) {
        await app.inject({ method: 'POST', url: `/api/task/${task.id}/dispatch`, headers: admin });
        await app.inject({ method: 'POST', url: `/api/task/${task.id}/start`, headers: operator });
        const started = performance.now();
        if (plan % 2 === 0) {
          const response = await app.inject({
            method: 'POST',
            url: `/api/task/${task.id}/complete`,
            headers: operator,
          });
          if (response.statusCode !== 200)
            throw new Error(`complete ${task.code}: ${response.statusCode} ${response.body}`);
        } else {
          await handle.db.transaction((tx) => reportTask(tx, writer, task.id, {}, true));
        }
        const elapsed = performance.now() - started;
        // The first two plans warm the caches and the JIT up.
        if (plan >= 2) (plan % 2 === 0 ? http : transaction).push(elapsed);
      }
    }
    const integrity = await app.inject({ method: 'GET', url: '/api/stock/integrity', headers: admin });
    await app.close();

    const figures = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p)!);
      return { count: sorted.length, p50: p50!, p95: p95!, p99: p99! };
    };
    const show = (what: string, { count, p50, p95, p99 }: ReturnType<typeof figures>) =>
      `${what} (${count}): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`;
    const inTransaction = figures(transaction);
    console.log(`${handle.kind}, ${loaded.total.toLocaleString('en')} ledger rows:`);
    console.log(`  ${show('completion transaction', inTransaction)}`);
    console.log(`  ${show('POST /api/task/{id}/complete through HTTP', figures(http))}`);
    console.log(
      `  transaction p95 / goal ${GOAL_P95_MS} ms = ${(inTransaction.p95 / GOAL_P95_MS).toFixed(2)} ` +
        (inTransaction.p95 <= GOAL_P95_MS ? '(met)' : '(MISSED)'),
    );
    console.log(
      `integrity ${integrity.json<{ ok: boolean }>().ok ? 'ok' : 'NOT OK'}; ${cpus().length} × ${cpus()[0]?.model}, ` +
        `Node ${process.version}, load average ${load.toFixed(1)} at the start`,
    );
  } finally {
    await handle.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
