import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './helpers/test-app.ts';

const thing = pgTable('named_thing', { id: integer().primaryKey(), name: text().notNull() });

/** On PostgreSQL drizzle's statements with parameters are named prepared statements of their connection. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL statements by name', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    opened = await openTestDatabase('postgres');
    pool = (opened.handle as unknown as { pool: pg.Pool }).pool;
    await opened.handle.db.execute(sql`create table named_thing (id integer primary key, name text not null)`);
    await opened.handle.db.insert(thing).values([
      { id: 1, name: 'bar' },
      { id: 2, name: 'coil' },
    ]);
  });
  afterAll(async () => {
    await opened.handle.close();
    await opened.drop();
  });

  /** The connection's prepared statements that read `named_thing`'s rows by id. */
  const preparedOn = async (db: typeof opened.handle.db) => {
    const { rows } = (await db.execute(
      sql`select name from pg_prepared_statements where statement like 'select %from "named_thing" where%'`,
    )) as unknown as { rows: { name: string }[] };
    return rows.map((row) => row.name);
  };

  it('parses a statement once per connection and runs it again by its name, with the same answers', async () => {
    await opened.handle.db.transaction(async (tx) => {
      const byId = (id: number) => tx.select().from(thing).where(eq(thing.id, id));
      expect(await byId(1)).toEqual([{ id: 1, name: 'bar' }]);
      expect(await byId(2)).toEqual([{ id: 2, name: 'coil' }]);
      // The same text twice: one statement; a statement without parameters is not named (it may hold several).
      await tx.execute(sql`select count(*) from named_thing`);
      expect(await preparedOn(tx)).toHaveLength(1);
    });
  });

  it('prepares a statement again once a table change altered its result columns', async () => {
    const client = await pool.connect();
    try {
      const read = () => client.query({ text: 'select * from named_thing where id = $1' }, [1]);
      expect((await read()).rows).toEqual([{ id: 1, name: 'bar' }]);
      await client.query('alter table named_thing add column grade text');
      // The prepared plan's columns are no longer the table's: refused once, as PostgreSQL refuses it…
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      // …then prepared again under a new name.
      expect((await read()).rows).toEqual([{ id: 1, name: 'bar', grade: null }]);
    } finally {
      client.release();
    }
  });
});
