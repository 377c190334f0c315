import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { MOST_SHAPES, builtOnce, builtPerShape, numbered, type Placeholders } from '../src/core/db/built-once.ts';
import type { Db } from '../src/core/db/client.ts';
import { products } from '../src/core/crud/resources.table.ts';
import { rebars } from '../src/modules/master-data/master-data.table.ts';
import { openSeededDatabase, testDatabases } from './helpers/test-app.ts';

/** The specs of a product, nested and mapped as drizzle maps a select (camel case, `mapWith`). */
const specsOf = (db: Db, productId: string | SQLWrapper) =>
  db
    .select({
      id: rebars.id,
      spec: { name: rebars.name, diameter: rebars.diameter },
      heavy: sql<boolean>`${rebars.diameter} >= 20`.mapWith(Boolean),
      product: products.name,
    })
    .from(rebars)
    .innerJoin(products, eq(products.id, rebars.productId))
    .where(eq(rebars.productId, productId))
    .orderBy(asc(rebars.name));

const specsStatement = builtOnce((db, of: Placeholders<'productId'>) => specsOf(db, of.productId));
const renamed = builtOnce<'id' | 'name', { id: string; name: string }>(
  (_, spec) => sql`update ${rebars} set name = ${spec.name}::varchar where id = ${spec.id}::uuid returning id, name`,
);

describe.each(testDatabases())('a statement built once on %s', (kind) => {
  let db: Db;
  let close: () => Promise<void>;
  let productIds: string[];
  beforeAll(async () => {
    const opened = await openSeededDatabase(kind);
    db = opened.handle.db;
    close = async () => {
      await opened.handle.close();
      await opened.drop();
    };
    productIds = [...new Set((await db.select({ id: rebars.productId }).from(rebars)).map((row) => row.id))];
  });
  afterAll(() => close());

  it('answers what drizzle builds each time answers, for each value its placeholders are given', async () => {
    expect(productIds.length).toBeGreaterThan(1);
    for (const productId of productIds) {
      const once = await specsStatement(db, { productId });
      expect(once.length).toBeGreaterThan(0);
      expect(once).toEqual(await specsOf(db, productId));
    }
  });

  it('runs in the transaction it is given: sees its writes, and they go with its rollback', async () => {
    const [spec] = await specsStatement(db, { productId: productIds[0] });
    const rollback = new Error('rolled back');
    await expect(
      db.transaction(async (tx) => {
        const [written] = await renamed(tx, { id: spec!.id, name: 'Φ-built-once' });
        expect(written).toEqual({ id: spec!.id, name: 'Φ-built-once' });
        const seen = await specsStatement(tx, { productId: productIds[0] });
        expect(seen.find((row) => row.id === spec!.id)?.spec.name).toBe('Φ-built-once');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const after = await specsStatement(db, { productId: productIds[0] });
    expect(after.find((row) => row.id === spec!.id)?.spec.name).toBe(spec!.spec.name);
  });

  it('builds a statement of rows once per shape, keeping the shapes used most lately', async () => {
    let builds = 0;
    const specsNamed = builtPerShape(
      (ids: readonly string[]) => `${ids.length}`,
      (db, value, ids) => {
        builds += 1;
        const wanted = ids.map((_, index) => value(`id${index}`));
        return db.select({ id: rebars.id }).from(rebars).where(inArray(rebars.id, wanted)).orderBy(asc(rebars.id));
      },
    );
    const all = (await db.select({ id: rebars.id }).from(rebars).orderBy(asc(rebars.id))).map((row) => row.id);
    const ask = async (ids: string[]) =>
      (await specsNamed(db, ids, numbered(ids.map((id) => ({ id }))))).map((row) => row.id);
    expect(await ask([all[1]!])).toEqual([all[1]]);
    expect(await ask([all[2]!, all[0]!])).toEqual([all[0], all[2]]);
    expect(await ask([all[0]!])).toEqual([all[0]]);
    expect(builds).toBe(2);
    // A shape met again and again keeps its place while more shapes than are kept come and go.
    for (let count = 3; count <= MOST_SHAPES + 2; count++) {
      expect(await ask(Array.from({ length: count }, (_, index) => all[index % all.length]!))).toEqual(
        all.slice(0, Math.min(count, all.length)),
      );
      expect(await ask([all[3]!])).toEqual([all[3]]);
    }
    expect(builds).toBe(MOST_SHAPES + 2);
    // The shape of two, used least lately, was dropped: built again.
    await ask([all[0]!, all[1]!]);
    expect(builds).toBe(MOST_SHAPES + 3);
  });
});
