import pg from 'pg';
import { stockLogListQuerySchema } from '@armature/domain';
import { openPostgres } from '../src/db/client.ts';
import { stockLogPageQueries } from '../src/modules/stock/stock-log.query.ts';
const url = 'postgres://postgres@127.0.0.1:5432/armature_bench';
const handle = openPostgres(url);
const client = new pg.Client({ connectionString: url });
await client.connect();
const {
  rows: [scope],
} = await client.query(`select id, client_id from products where code='LINE1'`);
const params = JSON.parse(process.argv[2] ?? '{}');
const q = stockLogListQuerySchema.parse(params);
const { count, page } = stockLogPageQueries(handle.db, scope.id, 'raw', q);
for (const [name, s] of [
  ['count', count.toSQL()],
  ['page', page.toSQL()],
] as const) {
  console.log(`--- ${name}: ${s.sql}\n    ${JSON.stringify(s.params)}`);
  const r = await client.query({ text: `explain (analyze, buffers) ${s.sql}`, values: s.params });
  console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await client.end();
await handle.close();
