/** Something that runs SQL and answers rows: a PGlite, its transaction, or a node-postgres client. */
export type SqlRunner = { query: <T>(text: string) => Promise<{ rows: T[] }> };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table outside PostgreSQL's own schemas (drizzle's journal included), `schema.table` in order. */
export async function tableNames(db: SqlRunner): Promise<string[]> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  return rows.map((row) => `${row.schema}.${row.name}`);
}

export const qualified = (table: string) => {
  const [schema = '', name = ''] = table.split('.');
  return `${quoted(schema)}.${quoted(name)}`;
};

/** The row count of every table, what a backup, a restore and an import are compared by. */
export async function tableCounts(db: SqlRunner): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(db)) {
    const { rows } = await db.query<{ n: string | number }>(`select count(*) as n from ${qualified(table)}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The tables whose counts differ between `expected` and `actual`, as `table expected→actual`. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return tables
    .filter((table) => expected[table] !== actual[table])
    .map((table) => `${table} ${expected[table] ?? '-'}→${actual[table] ?? '-'}`);
}

export const totalRows = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
