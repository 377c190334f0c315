import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rebars, techniques } from '../src/modules/master-data/master-data.table.ts';
import { idempotencyKeys } from '../src/core/http/idempotency.table.ts';
import { listedProductsSchema, loginAs, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor, wholeRecord, withId } from './helpers/inject.ts';
import { rowsOf, someoneWaitsOnALock } from './helpers/lock-waits.ts';

type Headers = { authorization: string };

/**
 * Two races: a delete racing a reference (it gave 500 on PostgreSQL), and a key whose
 * write never committed stayed taken). PostgreSQL runs writes side by side; the tests force the
 * interleaving with a transaction of their own. PGlite serialises every transaction, so there only
 * the unforced burst runs.
 */
describe.each(testDatabases())('races between writes on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);

  async function technique(admin: Headers) {
    const created = await inject('POST', '/api/technique', admin, { code: uniqueName('T').toUpperCase(), name: 't' });
    expect(created.statusCode).toBe(201);
    return answerOf(created, withId).id;
  }

  it('6: a delete racing a new reference answers 204/400 or 409/201, never 500', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const ids = await Promise.all(Array.from({ length: 10 }, () => technique(admin)));
    const answers = await Promise.all(
      ids.map(async (id) => {
        const [deleted, referred] = await Promise.all([
          inject('DELETE', `/api/technique/${id}`, admin),
          inject('POST', '/api/ispectionType', admin, {
            code: uniqueName('I').toUpperCase(),
            name: 'i',
            techniqueId: id,
          }),
        ]);
        return `${deleted.statusCode}/${referred.statusCode}`;
      }),
    );
    for (const answer of answers) expect(['204/400', '409/201']).toContain(answer);
  });

  if (kind === 'postgres') {
    it('6: a reference to a record deleted while it was being checked answers 400, not a foreign-key 500', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const id = await technique(admin);
      const answer = await ctx.handle.db.transaction(async (tx) => {
        // The deleter holds the technique; the new inspection type's reference check waits for it.
        await tx.select({ id: techniques.id }).from(techniques).where(eq(techniques.id, id)).for('update');
        const pending = inject('POST', '/api/ispectionType', admin, {
          code: uniqueName('I').toUpperCase(),
          name: 'i',
          techniqueId: id,
        });
        await someoneWaitsOnALock(ctx.handle.db);
        await tx.delete(techniques).where(eq(techniques.id, id));
        return { pending };
      });
      const response = await answer.pending;
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.details)).toEqual(['techniqueId']);
    });

    it('6: a stock move on a rebar spec deleted meanwhile answers 400 on rebarId, not a foreign-key 500', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const [line] = answerOf(await inject('GET', '/api/product/all', admin), listedProductsSchema).filter(
        (product) => product.code === 'LINE1',
      );
      await inject('PUT', '/api/client/set-currentUser-productId', admin, {
        clientId: line!.clientId,
        productId: line!.id,
      });
      const spec = await inject('POST', '/api/rebar', admin, {
        grade: uniqueName('G').slice(0, 16),
        diameter: 14,
        stockLengths: [9000],
      });
      expect(spec.statusCode).toBe(201);
      const rebarId = answerOf(spec, withId).id;
      const answer = await ctx.handle.db.transaction(async (tx) => {
        await tx.select({ id: rebars.id }).from(rebars).where(eq(rebars.id, rebarId)).for('update');
        const pending = inject('POST', '/api/stockLog/finished', admin, {
          rebarId,
          length: 6000,
          direction: 'in',
          quantity: 5,
          reason: 'production',
        });
        await someoneWaitsOnALock(ctx.handle.db);
        await tx.delete(rebars).where(eq(rebars.id, rebarId));
        return { pending };
      });
      const response = await answer.pending;
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.details)).toEqual(['rebarId']);
    });

    it('10: keeps an Idempotency-Key only in its write’s transaction: a write that dies frees it at once', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const id = await technique(admin);
      const key = uniqueName('key');
      // A PUT replaces the whole record (a body leaving a field out is refused before any lock is taken).
      const record = answerOf(await inject('GET', `/api/technique/${id}`, admin), wholeRecord);
      const renamed = { ...record, code: uniqueName('T').toUpperCase(), name: 'renamed' };
      const send = () =>
        inject('PUT', `/api/technique/${id}`, { ...admin, 'idempotency-key': key } as Headers, renamed);
      const died = await ctx.handle.db.transaction(async (tx) => {
        await tx.select({ id: techniques.id }).from(techniques).where(eq(techniques.id, id)).for('update');
        const pending = send();
        const pid = await someoneWaitsOnALock(ctx.handle.db);
        // While the write is in flight nothing of its key is committed: nobody else sees it.
        const visible = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
        expect(visible).toEqual([]);
        // The write's connection dies, as with a crashed server process.
        await rowsOf(ctx.handle.db, sql`select pg_terminate_backend(${pid})`);
        return (await pending).statusCode;
      });
      expect(died).toBeGreaterThanOrEqual(500);
      const retry = await send();
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
    });
  }
});
