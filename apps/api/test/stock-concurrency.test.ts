import { randomUUID } from 'node:crypto';
import { stockIntegritySchema, stockMoveResultSchema, stockPageSchema } from '@armature/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_TIMEOUTS } from '../src/core/db/client.ts';
import type { AppError } from '../src/core/http/app-error.ts';
import { products } from '../src/core/crud/resources.table.ts';
import { stockLogs } from '../src/modules/stock/stock.table.ts';
import { applyStockMoves, type StockMove } from '../src/modules/stock/stock-move.service.ts';
import { availableStock, rawBarLots, reserveStock } from '../src/modules/stock/stock-reservation.service.ts';
import { loginAs, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { injectorFor, answerOf, withId } from './helpers/inject.ts';

type Headers = { authorization: string };

describe.each(testDatabases())('concurrent stock moves on %s', (kind) => {
  // What the database serialises is the subject, not how long a request may wait: 50 writes queue for the pool's
  // 10 connections and then for one stock row, one after the other, which takes as long as the machine needs
  // (8–14 s at load 20). With the product's bounds (a connection within 5 s, a lock within 10 s) a loaded
  // machine answers part of the burst 503 `database_unavailable` — the product's answer to overload, with
  // Retry-After, which clients retry — so this app waits for both as long as it takes.
  const ctx = useTestApp(kind, {
    postgres: { connectionTimeoutMs: 0, timeouts: { ...DEFAULT_SESSION_TIMEOUTS, lockMs: 0 } },
  });
  let admin: Headers;
  let rebarId: string;
  let scope: { clientId: string; productId: string };

  const inject = injectorFor(ctx);

  async function balance(stockKind: string, length: number) {
    const page = answerOf(
      await inject('GET', `stock/${stockKind}?includeEmpty=true&rebarId=${rebarId}&length=${length}`, admin),
      stockPageSchema,
    );
    return page.items[0]?.quantity;
  }

  async function integrityOk() {
    const report = answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema);
    expect(report.mismatches).toEqual([]);
    return report.ok;
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const [line] = await ctx.handle.db
      .select({ productId: products.id, clientId: products.clientId })
      .from(products)
      .where(eq(products.code, 'LINE1'));
    if (!line) throw new Error('LINE1 missing');
    scope = line;
    await inject('PUT', 'client/set-currentUser-productId', admin, {
      clientId: line.clientId,
      productId: line.productId,
    });
    const spec = await inject('POST', 'rebar', admin, {
      grade: uniqueName('C').slice(0, 16),
      diameter: 16,
      unitWeight: 1.58,
    });
    rebarId = answerOf(spec, withId).id;
  });

  it('serialises 50 simultaneous takes of 1 bar from 10: 10 succeed, 40 are refused, none is lost', async () => {
    const stocked = await inject('POST', 'stockLog/finished', admin, {
      rebarId,
      length: 5000,
      direction: 'in',
      quantity: 10,
      reason: 'production',
    });
    expect(stocked.statusCode).toBe(201);
    const take = { rebarId, length: 5000, direction: 'out', quantity: 1, reason: 'delivery' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => inject('POST', 'stockLog/finished', admin, take)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // A failure says what the odd answers were (a 503's Retry-After and body), not only how many.
    const odd = answers
      .filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 409)
      .map((answer) => `${answer.statusCode} retry-after=${answer.headers['retry-after'] ?? '-'} ${answer.body}`);
    expect(odd, 'answers neither 201 nor 409').toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json().error.code).toBe('insufficient_stock');
    expect(await balance('finished', 5000)).toBe(0);
    // Every success saw the balance the one before left: 9, 8, … 0, each once.
    const after = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answerOf(answer, stockMoveResultSchema).rows[0]?.balanceAfter)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(after).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().sourceCode)).size).toBe(10);
    expect(await integrityOk()).toBe(true);
  });

  it('never deadlocks transactions that move the same stocks in opposite orders', async () => {
    // Offcuts move by lot: the setup keeps one lot per length, the swaps name them.
    const lots = new Map<number, string | null>();
    const tailIn = (length: number): StockMove => ({
      kind: 'tail',
      direction: 'in',
      rebarId,
      length,
      lotId: lots.get(length),
      quantity: 100,
      reason: 'production',
    });
    const operator = { id: null, name: 'test' };
    const kept = await ctx.handle.db.transaction((tx) =>
      applyStockMoves(tx, {
        scope,
        operator,
        source: { type: 'manual', code: 'T-SETUP' },
        moves: [tailIn(2000), tailIn(3000)],
      }),
    );
    for (const row of kept) lots.set(row.length, row.lotId);
    const swap = (from: number, to: number) =>
      ctx.handle.db.transaction((tx) =>
        applyStockMoves(tx, {
          scope,
          operator,
          source: { type: 'manual', code: uniqueName('T-') },
          moves: [
            { ...tailIn(from), direction: 'out', quantity: 1, reason: 'adjustment' },
            { ...tailIn(to), quantity: 1, reason: 'adjustment' },
          ],
        }),
      );
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? swap(2000, 3000) : swap(3000, 2000))),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(await balance('tail', 2000)).toBe(100);
    expect(await balance('tail', 3000)).toBe(100);
    const rows = await ctx.handle.db.$count(stockLogs, eq(stockLogs.rebarId, rebarId));
    expect(rows).toBe(1 + 10 + 2 + 80);
    expect(await integrityOk()).toBe(true);
  });
  it("counts other documents' reservations in what cutting and a new plan may take (they once read as none)", async () => {
    const operator = { id: null, name: 'test' };
    const heatNo = uniqueName('R-').slice(0, 20);
    const plan = { type: 'cutPlan', id: randomUUID(), code: 'CP-HOLDER' };
    await ctx.handle.db.transaction(async (tx) => {
      const [row] = await applyStockMoves(tx, {
        scope,
        operator,
        source: { type: 'manual', code: uniqueName('T-') },
        moves: [{ kind: 'raw', direction: 'in', rebarId, length: 9000, heatNo, quantity: 10, reason: 'receipt' }],
      });
      expect(await reserveStock(tx, scope, plan, [{ stockId: row!.stockId, quantity: 6 }], null)).toEqual([]);
    });
    const lot = await ctx.handle.db.transaction(async (tx) =>
      (await rawBarLots(tx, scope.productId, rebarId, 9000)).find((each) => each.heatNo === heatNo),
    );
    expect(lot).toMatchObject({ quantity: 10, reserved: 6, available: 4 });
    const offered = await availableStock(ctx.handle.db, scope.productId, ['raw'], [rebarId]);
    expect(offered.find((each) => each.heatNo === heatNo)).toMatchObject({ reserved: 6, available: 4 });
    // The holder's own plan is offered its bars back.
    const own = await availableStock(ctx.handle.db, scope.productId, ['raw'], [rebarId], plan.id);
    expect(own.find((each) => each.heatNo === heatNo)).toMatchObject({ reserved: 0, available: 10 });
  });

  it('refuses a move taking reserved bars, naming their holder, before a later shortfall; answers the rows it stores', async () => {
    const operator = { id: null, name: 'test' };
    const heatNo = uniqueName('V-').slice(0, 20);
    const plan = { type: 'cutPlan', id: randomUUID(), code: 'CP-KEEPER' };
    const raw = (direction: 'in' | 'out', quantity: number, length = 9000): StockMove => ({
      kind: 'raw',
      direction,
      rebarId,
      length,
      heatNo,
      quantity,
      reason: direction === 'in' ? 'receipt' : 'consumption',
    });
    const move = (...moves: StockMove[]) =>
      ctx.handle.db.transaction((tx) =>
        applyStockMoves(tx, { scope, operator, source: { type: 'manual', code: uniqueName('T-') }, moves }),
      );
    const received = await move(raw('in', 10), raw('in', 2, 6000));
    expect(received).toEqual(
      await ctx.handle.db
        .select()
        .from(stockLogs)
        .where(
          inArray(
            stockLogs.id,
            received.map((row) => row.id),
          ),
        )
        .orderBy(asc(stockLogs.seq)),
    );
    await ctx.handle.db.transaction((tx) =>
      reserveStock(tx, scope, plan, [{ stockId: received[0]!.stockId, quantity: 6 }], null),
    );
    const before = await ctx.handle.db.$count(stockLogs, eq(stockLogs.rebarId, rebarId));
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => undefined,
        (error: AppError) => ({ code: error.code, params: error.params }),
      );
    expect(await refusal(move(raw('out', 5)))).toEqual({
      code: 'stock_reserved',
      params: expect.objectContaining({ reserved: 6, holders: 'CP-KEEPER', available: 4, requested: 5 }),
    });
    expect(await refusal(move(raw('out', 5), raw('out', 3, 6000)))).toMatchObject({ code: 'stock_reserved' });
    expect(await refusal(move(raw('out', 3, 6000), raw('out', 5)))).toMatchObject({ code: 'insufficient_stock' });
    expect(await ctx.handle.db.$count(stockLogs, eq(stockLogs.rebarId, rebarId))).toBe(before);
    expect((await move(raw('out', 4))).map((row) => row.balanceAfter)).toEqual([6]);
  });
});
