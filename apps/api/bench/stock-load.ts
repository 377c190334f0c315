import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../src/core/db/client.ts';
import { MIGRATIONS_FOLDER } from '../src/core/db/migrate.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { DEMO_ADMIN, DEMO_PLANNER } from '../src/modules/users/index.ts';

/** Ledger rows per kind; raw dominates as in a cutting plant, where every bar cut comes out of it. */
export const LEDGER_ROWS = { raw: 900_000, finished: 60_000, tail: 30_000, waste: 10_000 } as const;
export const TOTAL_LEDGER_ROWS = Object.values(LEDGER_ROWS).reduce((sum, rows) => sum + rows, 0);

/**
 * Balances per kind (raw: two lengths per heat, so half as many heat numbers) and how many moves make
 * up one "block": a stock-in followed by outs that it covers, which keeps every running balance ≥ 0.
 */
const STOCKS = { raw: 9_000, finished: 1_200, tail: 800, waste: 200 } as const;
const BLOCK = { raw: 60, finished: 4, tail: 3, waste: 6 } as const;
/** Out reasons besides stock-take adjustments (3 % of outs). */
const OUT_REASON = { raw: 'consumption', finished: 'delivery', tail: 'consumption', waste: 'delivery' } as const;
const IN_REASON = { raw: 'receipt', finished: 'production', tail: 'production', waste: 'production' } as const;
const SUPPLIERS = ['江苏沙钢集团', '永钢集团', '中天钢铁', '马鞍山钢铁', '敬业钢铁'];

export type Scope = { clientId: string; productId: string };

/** `postgres://…/name` → the same server's maintenance database, to create or drop `name` from. */
function serverUrl(databaseUrl: string): { admin: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}" in DATABASE_URL`);
  url.pathname = '/postgres';
  return { admin: url.toString(), name };
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, options: '-c TimeZone=UTC' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(databaseUrl: string): Promise<boolean> {
  const { admin, name } = serverUrl(databaseUrl);
  return withClient(admin, async (client) => {
    const result = await client.query('select 1 from pg_database where datname = $1', [name]);
    return result.rowCount === 1;
  });
}

/** The ledger is append-only (a trigger refuses DELETE), so a fresh load starts from a fresh database. */
async function recreateDatabase(databaseUrl: string): Promise<void> {
  const { admin, name } = serverUrl(databaseUrl);
  await withClient(admin, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
}

/** Migrations and demo seed, by the app's own code. */
async function prepare(databaseUrl: string): Promise<void> {
  const handle = openPostgres(databaseUrl);
  try {
    await prepareDatabase(handle, { adminPassword: undefined });
  } finally {
    await handle.close();
  }
}

export async function line1Scope(client: pg.Client): Promise<Scope> {
  const result = await client.query<Scope>(
    `select id as "productId", client_id as "clientId" from products where code = 'LINE1'`,
  );
  const scope = result.rows[0];
  if (!scope) throw new Error('the demo product LINE1 is missing: was the database seeded?');
  return scope;
}

async function ledgerRows(client: pg.Client, scope: Scope): Promise<number> {
  const result = await client.query<{ rows: string }>('select count(*) as rows from stock_log where product_id = $1', [
    scope.productId,
  ]);
  return Number(result.rows[0]?.rows ?? 0);
}

/**
 * The balances to load (temp table `bench_stock`): raw per spec, length and heat number, the other kinds
 * per spec and piece length. Specs are drawn with the weights of a building site's diameters (Φ12–Φ25
 * common, Φ8 and Φ32 rarer, HRB500E a third as often as HRB400E). Each balance lives within a window
 * of the past year: raw bars of a heat are received and used up within weeks, pieces and offcuts
 * come and go all year.
 */
function stocksSql(): string[] {
  const kinds = Object.keys(STOCKS) as (keyof typeof STOCKS)[];
  let offset = 0;
  const parts = kinds.map((kind) => {
    const from = offset;
    offset += STOCKS[kind];
    const lengthSql = {
      // One heat is delivered cut to 12 m and to 9 m: two balances per heat number.
      raw: `case when g % 2 = 0 then 12000 else 9000 end`,
      // Distinct lengths per balance keep (spec, length) unique. Pieces of a bar schedule, to the centimetre:
      finished: `(800 + g * 10)`,
      // reusable offcuts, at least the product's minimum tail (1000 mm);
      tail: `(1000 + g * 5)`,
      // below the product's waste length (500 mm).
      waste: `(50 + g * 2)`,
    }[kind];
    const windowSql =
      kind === 'raw'
        ? `(g / 2) * (interval '330 days' / ${STOCKS.raw / 2}) + random() * interval '2 days', interval '8 days' + random() * interval '25 days'`
        : `random() * interval '200 days', interval '30 days' + random() * interval '130 days'`;
    return `
      select g + ${from} as stock_no, '${kind}'::varchar as kind, ${BLOCK[kind]} as block,
             '${OUT_REASON[kind]}'::varchar as out_reason, '${IN_REASON[kind]}'::varchar as in_reason,
             ${kind === 'raw' ? 'g / 2' : `g + ${from}`} as pick, ${lengthSql} as length, ${windowSql}
      from generate_series(0, ${STOCKS[kind] - 1}) g`;
  });
  return [
    `create temp table bench_spec on commit drop as
      select id as rebar_id, unit_weight, diameter, grade,
             sum(share) over (order by diameter, grade) - share as share_from,
             sum(share) over (order by diameter, grade) as share_to,
             sum(share) over () as share_total
      from (
        select r.*, (case r.diameter when 8 then 5 when 10 then 8 when 12 then 12 when 14 then 10 when 16 then 12
                       when 18 then 10 when 20 then 12 when 22 then 9 when 25 then 10 when 28 then 6 else 3 end)
                    * (case when r.grade like 'HRB500%' then 0.35 else 1 end) as share
        from rebars r where r.product_id = $1 and r.unit_weight is not null
      ) weighted`,
    `create temp table bench_pick on commit drop as
      select pick, random() * (select max(share_total) from bench_spec) as draw
      from generate_series(0, ${offset}) pick`,
    `create temp table bench_stock on commit drop as
      select s.stock_no, s.kind, s.block, s.out_reason, s.in_reason, sp.rebar_id, sp.unit_weight,
             -- Steps aside from a balance the demo seed already holds (odd lengths are not ours).
             s.length + case when exists (select 1 from stock x where x.product_id = $1 and x.kind = s.kind
               and x.rebar_id = sp.rebar_id and x.length = s.length) then 1 else 0 end as length,
             gen_random_uuid() as id,
             case when s.kind = 'raw'
               then 'H' || to_char(now() - interval '365 days' + s.start_offset, 'YYMM') || '-' || lpad((s.pick + 1)::text, 5, '0')
               else '' end as heat_no,
             date_trunc('second', now()) - interval '365 days' + s.start_offset as start_time,
             s.span
      from (${parts.join(' union all ')}) as s(stock_no, kind, block, out_reason, in_reason, pick, length, start_offset, span)
      join bench_pick p on p.pick = s.pick
      join bench_spec sp on p.draw >= sp.share_from and p.draw < sp.share_to`,
  ];
}

/**
 * The moves (temp table `bench_move`), each with its final weight, running balances and `seq`:
 * rows are spread over the balances at random, timed within each balance's window, numbered in time
 * order across the ledger. Within a balance, moves come in blocks: an in-move first whose quantity
 * covers the block's outs (plus a few bars left over, or none — some balances run empty), so no
 * balance ever goes negative. Weights follow the service's rule: grams = length × count × unit
 * weight, except that an out-move emptying a balance takes exactly the weight booked.
 */
function movesSql(seqBase: number): string[] {
  const kinds = Object.keys(LEDGER_ROWS) as (keyof typeof LEDGER_ROWS)[];
  let offset = 0;
  const draws = kinds.map((kind) => {
    const from = offset;
    offset += STOCKS[kind];
    return `select ${from} + floor(random() * ${STOCKS[kind]})::int as stock_no, random() as at, random() as r1, random() as r2
            from generate_series(1, ${LEDGER_ROWS[kind]})`;
  });
  // Narrow rows through the window passes; the wide columns are joined once, when inserting.
  return [
    `create temp table bench_draw on commit drop as ${draws.join(' union all ')}`,
    `create temp table bench_ordered on commit drop as
      select d.stock_no, d.r1, d.r2, s.start_time + d.at * s.span as time,
             ${seqBase} + row_number() over (order by s.start_time + d.at * s.span, d.stock_no, d.at) as seq
      from bench_draw d join bench_stock s using (stock_no)`,
    `create temp table bench_move on commit drop as
      with numbered as (
        select o.stock_no, o.seq, o.time, o.r1, o.r2, s.block, s.kind, s.length, s.unit_weight,
               row_number() over (partition by o.stock_no order by o.seq) - 1 as k
        from bench_ordered o join bench_stock s using (stock_no)
      ), blocked as (
        select n.*, n.k / n.block as block_no, n.k % n.block = 0 as is_in,
               case when n.k % n.block = 0 then 0
                    when n.kind = 'raw' then 1 + floor(n.r1 * 12)::int
                    else 1 + floor(n.r1 * 20)::int end as out_qty
        from numbered n
      ), sized as (
        select b.*,
               case when b.is_in then greatest(1, sum(b.out_qty) over (partition by b.stock_no, b.block_no)
                                     + case when b.r2 < 0.4 then 0 else 1 + floor(b.r2 * 30)::int end)
                    else b.out_qty end as quantity
        from blocked b
      ), balanced as (
        select z.*,
               sum(case when z.is_in then z.quantity else -z.quantity end)
                 over (partition by z.stock_no order by z.seq) as balance_after,
               (case when z.is_in then 1 else -1 end) * round(z.length * z.quantity * z.unit_weight)::bigint as signed_grams
        from sized z
      ), grouped as (
        -- A balance that runs empty starts a new group: from there on its weight counts from zero.
        select b.*,
               coalesce(count(*) filter (where b.balance_after = 0)
                 over (partition by b.stock_no order by b.seq rows between unbounded preceding and 1 preceding), 0) as grp
        from balanced b
      ), weighed as (
        select g.*,
               coalesce(sum(g.signed_grams) over (partition by g.stock_no, g.grp order by g.seq
                                                 rows between unbounded preceding and 1 preceding), 0) as grams_before
        from grouped g
      )
      select w.stock_no, w.seq, w.time, w.r2, w.is_in, case when w.is_in then 'in' else 'out' end as direction,
             w.quantity, w.balance_after,
             case when w.balance_after = 0 then w.grams_before else abs(w.signed_grams) end as weight_grams,
             case when w.balance_after = 0 then 0 else w.grams_before + w.signed_grams end as balance_grams_after
      from weighed w`,
  ];
}

export type LoadResult = { rows: number; stocks: number; receipts: number; seconds: number };

/**
 * Loads the ledger in set-based SQL within one transaction: balances, receipts (with their document
 * numbers taken as the service would), ledger rows, the balances' totals, then the numbering state.
 * Foreign keys are not checked row by row (every id comes from a join with its table); the row checks
 * of both tables still apply.
 */
async function loadLedger(client: pg.Client, scope: Scope): Promise<Omit<LoadResult, 'seconds'>> {
  const users = await client.query<{ id: string; name: string; user_name: string }>(
    'select id, name, user_name from users where user_name = any($1)',
    [[DEMO_ADMIN.userName, DEMO_PLANNER.userName]],
  );
  const admin = users.rows.find((user) => user.user_name === DEMO_ADMIN.userName);
  const planner = users.rows.find((user) => user.user_name === DEMO_PLANNER.userName) ?? admin;
  if (!admin || !planner) throw new Error('the demo users are missing: was the database seeded?');

  const verbose = Boolean(process.env.BENCH_VERBOSE);
  /** A load statement, timed when BENCH_VERBOSE is set. */
  const step = async (text: string, values?: unknown[]) => {
    const started = performance.now();
    const result = await client.query(text, values);
    if (verbose) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`  ${seconds.padStart(5)} s  ${text.replace(/\s+/g, ' ').trim().slice(0, 80)}`);
    }
    return result;
  };

  await client.query('begin');
  try {
    await step(`set local work_mem = '256MB'`);
    await step(`set local maintenance_work_mem = '512MB'`);
    await step('set local synchronous_commit = off');
    // Same data on every run.
    await step('select setseed(0.5)');
    for (const statement of stocksSql()) await step(statement.replaceAll('$1', `'${scope.productId}'`));
    const seqBase = await client.query<{ base: string }>('select coalesce(max(seq), 0) as base from stock_log');
    for (const statement of movesSql(Number(seqBase.rows[0]?.base ?? 0))) await step(statement);
    const negative = await step(
      'select count(*)::int as n from bench_move where balance_after < 0 or balance_grams_after < 0',
    );
    if (negative.rows[0].n !== 0) throw new Error(`generator bug: ${negative.rows[0].n} negative balances`);

    // Needs a superuser; without one the foreign keys are checked row by row, only slower.
    await step('savepoint before_replica');
    await client
      .query('set local session_replication_role = replica')
      .catch(() => client.query('rollback to savepoint before_replica'));

    await step(
      `insert into stock (id, client_id, product_id, kind, rebar_id, length, heat_no, quantity, weight_grams,
                          log_count, last_move_time, creation_time, creator_id)
       select s.id, $1, $2, s.kind, s.rebar_id, s.length, s.heat_no,
              last.balance_after, last.balance_grams_after, m.rows, m.last_time, m.first_time, $3
       from bench_stock s
       join (select stock_no, count(*) as rows, min(time) as first_time, max(time) as last_time, max(seq) as last_seq
             from bench_move group by stock_no) m using (stock_no)
       join bench_move last on last.seq = m.last_seq`,
      [scope.clientId, scope.productId, admin.id],
    );

    // One receipt per raw in-move, numbered per day as the service numbers them (RCyyyymmdd-nnnn),
    // after the numbers the demo seed took.
    await step(
      `create temp table bench_receipt on commit drop as
       select m.seq, gen_random_uuid() as id,
              'RC' || to_char(m.time, 'YYYYMMDD') || '-' ||
                lpad((coalesce(max(d.last_value), 0)
                      + row_number() over (partition by m.time::date order by m.seq))::text, 4, '0') as code,
              m.time::date as receive_date
       from bench_move m join bench_stock s using (stock_no)
       left join document_sequence d on d.product_id = $1 and d.prefix = 'RC' and d.day = to_char(m.time, 'YYYYMMDD')
       where s.kind = 'raw' and m.is_in
       group by m.seq, m.time`,
      [scope.productId],
    );
    const receipts = await step(
      `insert into rebar_receive (id, client_id, product_id, code, rebar_id, supplier, heat_no, length, bundles,
                                  bar_count, weight_grams, receive_date, status, creation_time, creator_id)
       select r.id, $1, $2, r.code, s.rebar_id, ($4::text[])[1 + (m.stock_no / 2) % ${SUPPLIERS.length}],
              s.heat_no, s.length, greatest(1, ceil(m.quantity / 40.0)::int), m.quantity, m.weight_grams,
              r.receive_date, 'received', m.time, $3
       from bench_receipt r join bench_move m using (seq) join bench_stock s using (stock_no)`,
      [scope.clientId, scope.productId, admin.id, SUPPLIERS],
    );

    // Building the ledger's secondary indexes once after the insert is several times faster than
    // maintaining them row by row; their definitions are read back from the catalogue as migrated.
    const indexes = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = current_schema() and tablename = 'stock_log'
         and indexname not in (select conname from pg_constraint)`,
    );
    for (const index of indexes.rows) await step(`drop index "${index.name}"`);

    // Manual moves get a document number per day too (MVyyyymmdd-nnnn).
    await step(
      `insert into stock_log (id, seq, client_id, product_id, stock_id, kind, direction, rebar_id, length, heat_no,
                              quantity, weight_grams, balance_after, balance_weight_grams_after, reason,
                              source_type, source_id, source_code, operator_id, operator_name, creation_time,
                              creator_id)
       overriding system value
       select gen_random_uuid(), m.seq, $1, $2, s.id, s.kind, m.direction, s.rebar_id, s.length, s.heat_no,
              m.quantity, m.weight_grams, m.balance_after, m.balance_grams_after,
              case when r.id is not null then 'receipt'
                   when m.is_in then s.in_reason
                   when m.r2 < 0.03 then 'adjustment'
                   else s.out_reason end,
              case when r.id is not null then 'rebarReceive' else 'manual' end,
              r.id,
              coalesce(r.code, 'MV' || to_char(m.time, 'YYYYMMDD') || '-' ||
                lpad((coalesce(d.last_value, 0)
                      + row_number() over (partition by m.time::date, r.id is null order by m.seq))::text, 4, '0')),
              case when m.stock_no % 3 = 0 then $4::uuid else $3::uuid end,
              case when m.stock_no % 3 = 0 then $6 else $5 end,
              m.time,
              case when m.stock_no % 3 = 0 then $4::uuid else $3::uuid end
       from bench_move m
       join bench_stock s using (stock_no)
       left join bench_receipt r using (seq)
       left join document_sequence d on d.product_id = $2 and d.prefix = 'MV' and d.day = to_char(m.time, 'YYYYMMDD')
       order by m.seq`,
      [scope.clientId, scope.productId, admin.id, planner.id, admin.name, planner.name],
    );
    for (const index of indexes.rows) await step(index.definition);
    await step(`select setval(pg_get_serial_sequence('stock_log', 'seq'), (select max(seq) from stock_log))`);
    // Later documents of those days continue the numbering instead of colliding with the loaded ones.
    await step(
      `insert into document_sequence (product_id, prefix, day, last_value)
       select $1, left(source_code, 2), substr(source_code, 3, 8), max(substr(source_code, 12)::int)
       from stock_log where product_id = $1 and source_code ~ '^(RC|MV)[0-9]{8}-[0-9]+$'
       group by 2, 3
       on conflict (product_id, prefix, day) do update set last_value = greatest(document_sequence.last_value, excluded.last_value)`,
      [scope.productId],
    );
    const counts = await client.query<{ rows: number; stocks: number }>(
      'select (select count(*)::int from bench_move) as rows, (select count(*)::int from stock where product_id = $1) as stocks',
      [scope.productId],
    );
    await client.query('commit');
    return { rows: counts.rows[0]!.rows, stocks: counts.rows[0]!.stocks, receipts: receipts.rowCount ?? 0 };
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * Whether the database was migrated with today's migration files: a migration rewritten since the
 * load (as drizzle-kit regenerates them before a release) leaves the old tables and indexes behind,
 * which `--reuse` must not time. drizzle records each applied file's SHA-256.
 */
async function migrationsCurrent(client: pg.Client): Promise<boolean> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const files = await Promise.all(
    journal.entries.map(async (entry) =>
      createHash('sha256')
        .update(await readFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8'))
        .digest('hex'),
    ),
  );
  const applied = await client
    .query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at')
    .then((result) => result.rows.map((row) => row.hash))
    .catch(() => []);
  return applied.length > 0 && applied.every((hash, index) => hash === files[index]);
}

/**
 * Makes `databaseUrl` a migrated, seeded database holding the bench ledger: recreated and loaded, or
 * with `reuse`, kept as it is when it already holds the rows. Returns what was loaded (null: reused).
 */
export async function prepareBenchDatabase(databaseUrl: string, reuse: boolean): Promise<LoadResult | null> {
  if (reuse && (await databaseExists(databaseUrl))) {
    if (await withClient(databaseUrl, migrationsCurrent)) {
      await prepare(databaseUrl);
      const rows = await withClient(databaseUrl, async (client) => ledgerRows(client, await line1Scope(client)));
      if (rows >= TOTAL_LEDGER_ROWS) return null;
      console.log(`--reuse: ${rows} ledger rows found, reloading`);
    } else {
      console.log('--reuse: the database was migrated with other migration files, reloading');
    }
  }
  await recreateDatabase(databaseUrl);
  await prepare(databaseUrl);
  return withClient(databaseUrl, async (client) => {
    const scope = await line1Scope(client);
    const started = performance.now();
    const loaded = await loadLedger(client, scope);
    await client.query('vacuum analyze stock_log');
    await client.query('vacuum analyze stock');
    await client.query('vacuum analyze rebar_receive');
    return { ...loaded, seconds: (performance.now() - started) / 1000 };
  });
}
