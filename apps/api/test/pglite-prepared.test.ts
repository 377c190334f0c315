import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types } from '@electric-sql/pglite';
import { PREPARED_STATEMENTS, preparedStatements } from '../src/core/db/pglite-prepared.ts';

/** Drizzle's query options on PGlite: rows as arrays, dates and intervals left as text. */
const DRIZZLE = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
    [types.INTERVAL]: (value: string) => value,
  },
};

// The client drizzle is given answers every statement as PGlite's own `query` does, from a prepared statement.
describe('PGlite through prepared statements', () => {
  let client: PGlite;
  let prepared: PGlite;
  const preparedCount = async () =>
    Number(
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_prepared_statements where name like 'armature_%'`,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    client = new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteEmpty'))]) });
    await client.waitReady;
    prepared = preparedStatements(client);
    await client.exec(`
      create table thing (
        id serial primary key, name text not null unique, tags text[], data jsonb, price numeric(10, 2),
        seen timestamptz, ok boolean, size bigint, day date
      )`);
  });
  afterAll(() => client.close());

  it('answers as PGlite does: rows, fields, counts and each type as parsed', async () => {
    const insert = `insert into thing (name, tags, data, price, seen, ok, size, day)
      values ($1, $2, $3, $4, $5, $6, $7, $8) returning id, name, tags, data, price, seen, ok, size, day`;
    const values: unknown[][] = [
      ['a', ['x', 'y'], { n: 1, s: 'é' }, '12.50', '2026-11-30T10:00:00Z', true, 9_000_000_000, '2026-11-30'],
    ];
    values.push(['b', null, null, null, null, null, null, null]);
    for (const [index, row] of values.entries()) {
      const ours = await prepared.query(insert, row, index ? undefined : DRIZZLE);
      expect(ours.rows).toHaveLength(1);
      // The same statement through PGlite's own path (a different name, the unique name) answers the same.
      await client.query('delete from thing where id = $1', [
        (ours.rows[0] as { id?: number; 0?: number }).id ?? (ours.rows[0] as number[])[0],
      ]);
      const theirs = await client.query(insert, row, index ? undefined : DRIZZLE);
      expect({ ...ours, rows: ours.rows.map(withoutId) }).toEqual({ ...theirs, rows: theirs.rows.map(withoutId) });
    }
    for (const [text, params, options] of [
      ['select * from thing order by name', [], undefined],
      ['select * from thing order by name', [], DRIZZLE],
      ['select name, data -> $1 as n from thing where name = any($2) order by name', ['n', ['a', 'b']], DRIZZLE],
      ['update thing set size = size + $1 where ok', [1], undefined],
      ['select count(*) from thing where name = $1', ['none'], undefined],
    ] as const) {
      // Twice: made, then reused.
      for (let time = 0; time < 2; time++)
        expect(await prepared.query(text, [...params], options)).toEqual(
          await client.query(text, [...params], options),
        );
    }
  });

  it('fails as PGlite does, naming the statement, and is usable after', async () => {
    const duplicate = `insert into thing (name) values ($1)`;
    const theirs = await client.query(duplicate, ['a']).catch((error: unknown) => error);
    const ours = await prepared.query(duplicate, ['a']).catch((error: unknown) => error);
    expect(ours).toMatchObject({ code: '23505', query: duplicate, params: ['a'] });
    expect((ours as Error).message).toBe((theirs as Error).message);
    await expect(prepared.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    // In a transaction the error aborts it as usual, and the transaction rolls back.
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(`insert into thing (name) values ($1)`, ['c']);
        await tx.query(duplicate, ['a']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await prepared.query(`select count(*)::int as n from thing where name = 'c'`)).rows).toEqual([{ n: 0 }]);
    await prepared.transaction(async (tx) => {
      await tx.query(`insert into thing (name) values ($1)`, ['c']);
    });
    expect((await prepared.query(`select count(*)::int as n from thing where name = 'c'`)).rows).toEqual([{ n: 1 }]);
  });

  it('keeps at most its number of prepared statements, the most recent', async () => {
    for (let index = 0; index < PREPARED_STATEMENTS + 20; index++)
      await prepared.query(`select $1::int + ${index} as n`, [1]);
    expect(await preparedCount()).toBe(PREPARED_STATEMENTS);
    expect((await prepared.query(`select $1::int + ${PREPARED_STATEMENTS + 19} as n`, [1])).rows).toEqual([
      { n: PREPARED_STATEMENTS + 20 },
    ]);
  });

  it('makes a statement again when its table changed under it', async () => {
    const read = 'select price from thing where name = $1';
    expect((await prepared.query(read, ['a'])).rows).toEqual([{ price: '12.50' }]);
    await client.exec('alter table thing alter column price type integer using round(price)');
    expect((await prepared.query(read, ['a'])).rows).toEqual([{ price: 13 }]);
  });
});

function withoutId(row: unknown) {
  if (Array.isArray(row)) return row.slice(1);
  const { id: _id, ...rest } = row as Record<string, unknown>;
  return rest;
}
