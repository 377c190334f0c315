import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  pagedResultSchema,
  productResource,
  type RebarReceiveDetail,
  rebarReceiveDetailSchema,
  rebarReceiveSchema,
  rebarResource,
  resourceItemSchema,
  roleSchema,
  stockIntegritySchema,
  stockLogItemSchema,
  stockMoveResultSchema,
  stockPageSchema,
  stockSummaryRowSchema,
} from '@armature/domain';
import { stockLogs, stocks } from '../src/modules/stock/stock.table.ts';
import { dayIn } from '../src/core/db/document-code.ts';
import { DEMO_KEEPER } from '../src/modules/users/index.ts';
import { createUser, loginAs, selectProduct, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor, pageOf } from './helpers/inject.ts';

type Headers = { authorization: string };
type Product = { id: string; code: string; clientId: string };

const today = new Date().toISOString().slice(0, 10);
/** Document codes follow the plant's own day: the demo lines are in Asia/Shanghai. */
const plantDay = dayIn(new Date(), 'Asia/Shanghai');
const EN = { 'accept-language': 'en-US' };

describe.each(testDatabases())('stock on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  /** An administrator working in LINE2: another product's records. */
  let other: Headers;
  let line1: Product;
  let line2: Product;
  /** A spec of this file's own in LINE1 (Φ12, 0.888 kg/m), so the seeded stock does not interfere. */
  let spec: { id: string; name: string };
  let foreignSpecId: string;

  const inject = injectorFor(ctx);

  const select = (headers: Headers, product: Product) => selectProduct(ctx.app, headers, product);

  async function createSpec(headers: Headers, diameter = 12, unitWeight = 0.888) {
    const response = await inject('POST', 'rebar', headers, {
      grade: uniqueName('T').slice(0, 16),
      diameter,
      unitWeight,
      stockLengths: [9000, 12000],
    });
    expect(response.statusCode).toBe(201);
    return answerOf(response, resourceItemSchema(rebarResource));
  }

  const receive = (overrides: object = {}, headers: Record<string, string> = admin) =>
    inject('POST', 'rebarReceive', headers, {
      rebarId: spec.id,
      supplier: '沙钢',
      heatNo: '24B-1187',
      length: 9000,
      bundles: 2,
      barCount: 100,
      receiveDate: today,
      ...overrides,
    });

  const move = (stockKind: string, body: object, headers: Record<string, string> = admin) =>
    inject('POST', `stockLog/${stockKind}`, headers, { rebarId: spec.id, length: 6000, ...body });

  const ledgerRows = async () => ctx.handle.db.$count(stockLogs);

  async function stockOf(stockKind: string, query: string) {
    const response = await inject('GET', `stock/${stockKind}?includeEmpty=true&${query}`, admin);
    expect(response.statusCode).toBe(200);
    return answerOf(response, stockPageSchema);
  }

  async function integrity(headers: Headers = admin) {
    const response = await inject('GET', 'stock/integrity', headers);
    expect(response.statusCode).toBe(200);
    return answerOf(response, stockIntegritySchema);
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1') as Product;
    line2 = products.find((product) => product.code === 'LINE2') as Product;
    const second = await createUser(ctx.app, admin, { roleNames: ['admin'] });
    other = await loginAs(ctx.app, second.userName, second.password);
    await select(admin, line1);
    await select(other, line2);
    spec = await createSpec(admin);
    foreignSpecId = (await createSpec(other)).id;
  });

  it('receives bars: the server weighs them, raw stock and the ledger move in the same transaction', async () => {
    const before = await ledgerRows();
    const response = await receive({ weight: 1, barCount: 100, heatNo: '24B-0001' });
    expect(response.statusCode).toBe(201);
    const receipt = answerOf(response, rebarReceiveDetailSchema);
    expect(receipt.code).toMatch(new RegExp(`^RC${plantDay}-\\d{4}$`));
    // 9 m × 100 bars × 0.888 kg/m, whatever the client sent.
    expect(receipt).toMatchObject({ rebarId: spec.id, rebarName: spec.name, barCount: 100, weight: 799.2 });
    expect(receipt.status).toBe('received');
    expect(receipt.creatorName).toBe('系统管理员');
    expect(receipt.ledger).toHaveLength(1);
    expect(receipt.ledger[0]).toMatchObject({
      kind: 'raw',
      direction: 'in',
      reason: 'receipt',
      quantity: 100,
      weight: 799.2,
      balanceAfter: 100,
      balanceWeightAfter: 799.2,
      heatNo: '24B-0001',
      sourceType: 'rebarReceive',
      sourceId: receipt.id,
      sourceCode: receipt.code,
      operatorName: '系统管理员',
    });
    expect(await ledgerRows()).toBe(before + 1);
    const stock = await stockOf('raw', `rebarId=${spec.id}&heatNo=24B-0001`);
    expect(stock.items).toEqual([
      expect.objectContaining({ id: receipt.ledger[0]?.stockId, quantity: 100, weight: 799.2, heatNo: '24B-0001' }),
    ]);
    const detail = await inject('GET', `rebarReceive/${receipt.id}`, admin);
    expect(detail.json()).toEqual(receipt);

    // The next receipt of the day takes the next number.
    const next = answerOf(await receive({ heatNo: '24B-0001', barCount: 1 }), rebarReceiveDetailSchema);
    expect(Number(next.code.slice(-4))).toBe(Number(receipt.code.slice(-4)) + 1);
  });

  it('refuses an out-move larger than the balance with 409 naming the stock and the shortfall, writing nothing', async () => {
    await receive({ heatNo: '24B-0002', barCount: 5 });
    const before = await ledgerRows();
    const response = await inject(
      'POST',
      'stockLog/raw',
      { ...admin, ...EN },
      { rebarId: spec.id, length: 9000, heatNo: '24B-0002', direction: 'out', quantity: 8, reason: 'consumption' },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('insufficient_stock');
    expect(response.json().error.message).toBe(
      `Not enough stock: ${spec.name} 9000mm 24B-0002 has 5, 8 requested, 3 short`,
    );
    expect(await ledgerRows()).toBe(before);
    expect((await stockOf('raw', `rebarId=${spec.id}&heatNo=24B-0002`)).items[0]?.quantity).toBe(5);

    // A length no bar of the spec has: nothing to take, and no empty balance row is left behind either.
    const none = await inject(
      'POST',
      'stockLog/finished',
      { ...admin, ...EN },
      { rebarId: spec.id, length: 7777, direction: 'out', quantity: 1, reason: 'delivery' },
    );
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(`Not enough stock: ${spec.name} 7777mm has 0, 1 requested, 1 short`);
    expect(await ledgerRows()).toBe(before);
    const empty = await stockOf('finished', `rebarId=${spec.id}&length=7777`);
    expect(empty.totalCount).toBe(0);
  });

  it('records manual moves with an MV code, recomputed weights and balances equal to their ledger', async () => {
    const made = await move('finished', { direction: 'in', quantity: 30, reason: 'production', weight: 999 });
    expect(made.statusCode).toBe(201);
    const result = answerOf(made, stockMoveResultSchema);
    expect(result.sourceCode).toMatch(new RegExp(`^MV${plantDay}-\\d{4}$`));
    // 6 m × 30 × 0.888 kg/m = 159.84 kg.
    expect(result.rows).toEqual([
      expect.objectContaining({
        kind: 'finished',
        direction: 'in',
        quantity: 30,
        weight: 159.84,
        balanceAfter: 30,
        heatNo: null,
        sourceType: 'manual',
        sourceId: null,
        sourceCode: result.sourceCode,
      }),
    ]);
    const delivered = await move('finished', { direction: 'out', quantity: 12, reason: 'delivery', heatNo: 'X-1' });
    expect(delivered.statusCode).toBe(201);
    expect(answerOf(delivered, stockMoveResultSchema).rows[0]).toMatchObject({
      balanceAfter: 18,
      weight: 63.936,
      heatNo: null,
    });
    const stored = await ctx.handle.db
      .select({ heatNo: stockLogs.heatNo })
      .from(stockLogs)
      .where(eq(stockLogs.sourceCode, result.sourceCode));
    expect(stored).toEqual([{ heatNo: '' }]);
    const stock = await stockOf('finished', `rebarId=${spec.id}&length=6000`);
    expect(stock.items).toEqual([expect.objectContaining({ quantity: 18, weight: 95.904, heatNo: null })]);
    const ledger = await inject('GET', `stockLog/finished?stockId=${stock.items[0]?.id}&sorting=time asc`, admin);
    const sum = answerOf(ledger, pagedResultSchema(stockLogItemSchema)).items.reduce(
      (total, row) => total + (row.direction === 'in' ? row.weight : -row.weight),
      0,
    );
    expect(sum).toBeCloseTo(95.904, 3);
  });

  it('scraps offcuts into waste in the same transaction', async () => {
    await move('tail', { direction: 'in', quantity: 5, reason: 'production', length: 2500 });
    const scrapped = await move('tail', {
      direction: 'out',
      quantity: 2,
      reason: 'scrap',
      length: 2500,
      remark: '锈蚀',
    });
    expect(scrapped.statusCode).toBe(201);
    const { rows, sourceCode } = answerOf(scrapped, stockMoveResultSchema);
    expect(rows.map((row) => [row.kind, row.direction, row.reason, row.quantity, row.sourceCode])).toEqual([
      ['tail', 'out', 'scrap', 2, sourceCode],
      ['waste', 'in', 'scrap', 2, sourceCode],
    ]);
    expect((await stockOf('tail', `rebarId=${spec.id}&length=2500`)).items[0]?.quantity).toBe(3);
    const waste = await stockOf('waste', `rebarId=${spec.id}&length=2500`);
    expect(waste.items[0]).toMatchObject({ quantity: 2, weight: 4.44 });
    // Scrapping more than there is moves nothing, waste included.
    const before = await ledgerRows();
    expect((await move('tail', { direction: 'out', quantity: 4, reason: 'scrap', length: 2500 })).statusCode).toBe(409);
    expect(await ledgerRows()).toBe(before);
    expect((await stockOf('waste', `rebarId=${spec.id}&length=2500`)).items[0]?.quantity).toBe(2);
  });

  it('reverses a receipt once, and not after its bars were used', async () => {
    const receipt = answerOf(await receive({ heatNo: '24B-0003', barCount: 40 }), rebarReceiveDetailSchema);
    const reversed = await inject('POST', `rebarReceive/${receipt.id}/reverse`, admin, { reason: '炉号录错' });
    expect(reversed.statusCode).toBe(200);
    const detail = answerOf(reversed, rebarReceiveDetailSchema);
    expect(detail).toMatchObject({ status: 'reversed', reverseReason: '炉号录错' });
    expect(detail.reversedTime).not.toBeNull();
    expect(detail.ledger.map((row) => [row.direction, row.reason, row.quantity, row.balanceAfter])).toEqual([
      ['in', 'receipt', 40, 40],
      ['out', 'reversal', 40, 0],
    ]);
    expect(detail.ledger[1]?.weight).toBe(detail.ledger[0]?.weight);
    const again = await inject('POST', `rebarReceive/${receipt.id}/reverse`, admin, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('receipt_reversed');

    const used = answerOf(await receive({ heatNo: '24B-0004', barCount: 10 }), rebarReceiveDetailSchema);
    await move('raw', { length: 9000, heatNo: '24B-0004', direction: 'out', quantity: 3, reason: 'consumption' });
    const refused = await inject('POST', `rebarReceive/${used.id}/reverse`, admin, { reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('insufficient_stock');
    expect((await inject('GET', `rebarReceive/${used.id}`, admin)).json().status).toBe('received');
  });

  it('applies a move sent twice with one Idempotency-Key once and answers the same', async () => {
    await move('finished', { direction: 'in', quantity: 3, reason: 'production', length: 4000 });
    const before = await ledgerRows();
    const key = uniqueName('move');
    const body = { direction: 'out', quantity: 1, reason: 'delivery', length: 4000 };
    const first = await move('finished', body, { ...admin, 'idempotency-key': key });
    const retry = await move('finished', body, { ...admin, 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await ledgerRows()).toBe(before + 1);
    expect((await stockOf('finished', `rebarId=${spec.id}&length=4000`)).items[0]?.quantity).toBe(2);
  });

  it('filters, sorts and pages receipts, balances and ledgers', async () => {
    const listSpec = await createSpec(admin, 18, 2);
    const receipts: RebarReceiveDetail[] = [];
    for (const [supplier, heatNo, length, barCount, receiveDate] of [
      ['沙钢', 'L-1', 9000, 10, '2026-01-10'],
      ['永钢', 'L-2', 12000, 20, '2026-01-20'],
      ['中天钢铁', 'L-3', 9000, 30, '2026-02-01'],
    ] as const)
      receipts.push(
        answerOf(
          await receive({ rebarId: listSpec.id, supplier, heatNo, length, barCount, receiveDate }),
          rebarReceiveDetailSchema,
        ),
      );
    const [a, b, c] = receipts as [RebarReceiveDetail, RebarReceiveDetail, RebarReceiveDetail];
    await inject('POST', `rebarReceive/${c.id}/reverse`, admin, { reason: '退货' });

    const codes = async (query: string) => {
      const page = answerOf(
        await inject('GET', `rebarReceive?rebarId=${listSpec.id}&${query}`, admin),
        pageOf(rebarReceiveSchema),
      );
      return [page.items.map((item) => item.code), page.totalCount];
    };
    expect(await codes('')).toEqual([[c.code, b.code, a.code], 3]);
    expect(await codes(`supplier=${encodeURIComponent('永钢')}`)).toEqual([[b.code], 1]);
    expect(await codes('heatNo=L-1')).toEqual([[a.code], 1]);
    expect(await codes('receiveDateFrom=2026-01-15&receiveDateTo=2026-01-31')).toEqual([[b.code], 1]);
    expect(await codes('status=reversed')).toEqual([[c.code], 1]);
    expect(await codes(`filter=${encodeURIComponent('中天')}`)).toEqual([[c.code], 1]);
    expect(await codes('sorting=barCount')).toEqual([[a.code, b.code, c.code], 3]);
    expect(await codes('sorting=weight desc&skipCount=1&maxResultCount=1')).toEqual([[b.code], 3]);

    const heats = async (query: string) => {
      const page = await stockOf('raw', `rebarId=${listSpec.id}&${query}`);
      return [page.items.map((item) => `${item.heatNo}:${item.quantity}`), page.totalCount, page.totals.quantity];
    };
    const withoutEmpty = answerOf(await inject('GET', `stock/raw?rebarId=${listSpec.id}`, admin), stockPageSchema);
    expect(withoutEmpty.items.map((item) => item.heatNo)).toEqual(['L-1', 'L-2']);
    // 9 m × 10 × 2 kg/m + 12 m × 20 × 2 kg/m.
    expect(withoutEmpty.totals).toEqual({ quantity: 30, weight: 660, heldQuantity: 0 });
    expect(await heats('')).toEqual([['L-1:10', 'L-3:0', 'L-2:20'], 3, 30]);
    expect(await heats('length=9000')).toEqual([['L-1:10', 'L-3:0'], 2, 10]);
    expect(await heats('heatNo=L-2&diameter=18')).toEqual([['L-2:20'], 1, 20]);
    expect(await heats('filter=L-2')).toEqual([['L-2:20'], 1, 20]);
    expect(await heats('sorting=quantity desc&maxResultCount=1')).toEqual([['L-2:20'], 3, 30]);
    expect(await heats('diameter=19')).toEqual([[], 0, 0]);

    const ledger = async (query: string) => {
      const page = answerOf(await inject('GET', `stockLog/raw?${query}`, admin), pageOf(stockLogItemSchema));
      return [page.items.map((row) => `${row.heatNo}:${row.direction}`), page.totalCount];
    };
    const mine = `rebarId=${listSpec.id}`;
    expect(await ledger(mine)).toEqual([['L-3:out', 'L-3:in', 'L-2:in', 'L-1:in'], 4]);
    expect(await ledger(`${mine}&sorting=time asc`)).toEqual([['L-1:in', 'L-2:in', 'L-3:in', 'L-3:out'], 4]);
    expect(await ledger(`${mine}&skipCount=1&maxResultCount=2`)).toEqual([['L-3:in', 'L-2:in'], 4]);
    expect(await ledger(`${mine}&direction=out`)).toEqual([['L-3:out'], 1]);
    expect(await ledger(`${mine}&reason=receipt&heatNo=L-3`)).toEqual([['L-3:in'], 1]);
    expect(await ledger(`${mine}&reason=reversal`)).toEqual([['L-3:out'], 1]);
    expect(await ledger(`${mine}&length=12000`)).toEqual([['L-2:in'], 1]);
    expect(await ledger(`stockId=${a.ledger[0]?.stockId}`)).toEqual([['L-1:in'], 1]);
    expect(await ledger(`sourceCode=${c.code}`)).toEqual([['L-3:out', 'L-3:in'], 2]);
    expect(await ledger(`filter=${encodeURIComponent(listSpec.name)}`)).toEqual([
      ['L-3:out', 'L-3:in', 'L-2:in', 'L-1:in'],
      4,
    ]);
    expect(await ledger(`${mine}&filter=L-2`)).toEqual([['L-2:in'], 1]);
    // The search box takes a document code by prefix (any case); other words name a spec or a heat number.
    expect(await ledger(`filter=${c.code.toLowerCase()}`)).toEqual([['L-3:out', 'L-3:in'], 2]);
    expect(await ledger(`${mine}&filter=${c.code.slice(0, 6)}`)).toEqual([
      ['L-3:out', 'L-3:in', 'L-2:in', 'L-1:in'],
      4,
    ]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(await ledger(`${mine}&timeFrom=${hourAgo}&timeTo=${inAnHour}`)).toEqual([
      ['L-3:out', 'L-3:in', 'L-2:in', 'L-1:in'],
      4,
    ]);
    expect(await ledger(`${mine}&timeFrom=${inAnHour}`)).toEqual([[], 0]);
    expect(await ledger(`${mine}&timeTo=${hourAgo}`)).toEqual([[], 0]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [string, () => Promise<{ statusCode: number; json: () => { error: { details?: object } } }>][] = [
      ['rebarId', () => receive({ rebarId: crypto.randomUUID() })],
      ['rebarId', () => receive({ rebarId: foreignSpecId })],
      [
        'rebarId',
        () => move('finished', { rebarId: foreignSpecId, direction: 'in', quantity: 1, reason: 'production' }),
      ],
      ['barCount', () => receive({ barCount: 0 })],
      ['receiveDate', () => receive({ receiveDate: '2026-13-01' })],
      ['heatNo', () => receive({ heatNo: '' })],
      ['quantity', () => move('finished', { direction: 'in', quantity: 0, reason: 'production' })],
      ['quantity', () => move('finished', { direction: 'in', quantity: -2, reason: 'production' })],
      ['quantity', () => move('finished', { direction: 'in', quantity: 1.5, reason: 'production' })],
      ['length', () => move('finished', { direction: 'in', quantity: 1, reason: 'production', length: 0 })],
      ['length', () => move('finished', { direction: 'in', quantity: 1, reason: 'production', length: 18_001 })],
      ['reason', () => move('finished', { direction: 'in', quantity: 1, reason: 'delivery' })],
      ['reason', () => move('raw', { direction: 'in', quantity: 1, reason: 'receipt', heatNo: 'A1' })],
      ['reason', () => move('waste', { direction: 'out', quantity: 1, reason: 'scrap' })],
      ['heatNo', () => move('raw', { direction: 'out', quantity: 1, reason: 'consumption' })],
      ['timeFrom', () => inject('GET', 'stockLog/raw?timeFrom=yesterday', admin)],
      ['sorting', () => inject('GET', 'stockLog/raw?sorting=quantity', admin)],
      ['sorting', () => inject('GET', 'stock/raw?sorting=nonsense', admin)],
      ['receiveDateTo', () => inject('GET', 'rebarReceive?receiveDateTo=2026-02-30', admin)],
      ['length', () => inject('GET', 'stock/tail?length=0', admin)],
    ];
    const before = await ledgerRows();
    for (const [field, send] of cases) {
      const response = await send();
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.details ?? {}), field).toContain(field);
    }
    expect(await ledgerRows()).toBe(before);
  });

  it("answers 404 for another product's stock row or receipt, and for a row of another kind", async () => {
    const foreignReceipt = answerOf(await receive({ rebarId: foreignSpecId }, other), rebarReceiveDetailSchema);
    const foreignStockId = foreignReceipt.ledger[0]?.stockId;
    expect((await inject('GET', `stock/raw/${foreignStockId}`, other)).statusCode).toBe(200);
    expect((await inject('GET', `stock/raw/${foreignStockId}`, admin)).statusCode).toBe(404);
    expect((await inject('GET', `rebarReceive/${foreignReceipt.id}`, admin)).statusCode).toBe(404);
    const reverse = await inject('POST', `rebarReceive/${foreignReceipt.id}/reverse`, admin, { reason: 'x' });
    expect(reverse.statusCode).toBe(404);
    const foreignLog = await inject('GET', `stockLog/raw?stockId=${foreignStockId}`, admin);
    expect(foreignLog.json()).toEqual({ items: [], totalCount: 0 });

    const own = answerOf(await receive({ heatNo: '24B-0005', barCount: 2 }), rebarReceiveDetailSchema);
    const ownStockId = own.ledger[0]?.stockId;
    const detail = await inject('GET', `stock/raw/${ownStockId}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().ledger).toEqual([expect.objectContaining({ sourceCode: own.code, balanceAfter: 2 })]);
    expect((await inject('GET', `stock/finished/${ownStockId}`, admin)).statusCode).toBe(404);
  });

  it('guards each route with its permission: a planner reads stock but records nothing', async () => {
    const planner = await loginAs(ctx.app, 'planner');
    await select(planner, line1);
    expect((await inject('GET', 'stock/raw', planner)).statusCode).toBe(200);
    expect((await inject('GET', 'stockLog/finished', planner)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', 'stockLog/finished'],
      ['POST', 'rebarReceive'],
      ['POST', `rebarReceive/${crypto.randomUUID()}/reverse`],
      ['GET', 'stock/integrity'],
    ] as const) {
      const response = await inject(method, url, planner, {});
      expect(response.statusCode, url).toBe(403);
    }
    // The demo stock keeper records moves of raw and finished stock, not the integrity check.
    const keeper = await loginAs(ctx.app, DEMO_KEEPER.userName, DEMO_KEEPER.password);
    await select(keeper, line1);
    const made = await move('finished', { direction: 'in', quantity: 1, reason: 'adjustment' }, keeper);
    expect(made.statusCode).toBe(201);
    expect(answerOf(made, stockMoveResultSchema).rows[0]?.operatorName).toBe(DEMO_KEEPER.name);
    expect((await inject('GET', 'stock/integrity', keeper)).statusCode).toBe(403);

    // The chart summary answers only the kinds the caller may read.
    const finishedOnly = await inject('POST', 'roles', admin, { name: uniqueName('fin') });
    const role = answerOf(finishedOnly, roleSchema).name;
    await inject('PUT', `permissions?providerName=R&providerKey=${role}`, admin, {
      permissions: [{ name: 'rebarFinished.finished.stock', isGranted: true }],
    });
    const user = await createUser(ctx.app, admin, { roleNames: [role], productIds: [line1.id] });
    const reader = await loginAs(ctx.app, user.userName, user.password);
    await select(reader, line1);
    const summary = answerOf(await inject('GET', 'stock/summary', reader), z.array(stockSummaryRowSchema));
    expect(summary.length).toBeGreaterThan(0);
    expect(new Set(summary.map((row) => row.kind))).toEqual(new Set(['finished']));
    const all = answerOf(await inject('GET', 'stock/summary', admin), z.array(stockSummaryRowSchema));
    expect(new Set(all.map((row) => row.kind))).toEqual(new Set(['raw', 'finished', 'tail', 'waste']));
  });

  it('keeps the ledger append-only: the database refuses UPDATE and DELETE', async () => {
    await expect(ctx.handle.db.execute(sql`update stock_log set quantity = quantity + 1`)).rejects.toThrow();
    await expect(ctx.handle.db.execute(sql`delete from stock_log`)).rejects.toThrow();
  });

  it('reports a balance changed behind the ledger’s back', async () => {
    expect((await integrity()).ok).toBe(true);
    const [row] = await ctx.handle.db
      .update(stocks)
      .set({ quantity: sql`${stocks.quantity} + 1` })
      .where(sql`${stocks.rebarId} = ${spec.id} and ${stocks.kind} = 'finished' and ${stocks.length} = 6000`)
      .returning({ id: stocks.id, quantity: stocks.quantity });
    const report = await integrity();
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual([
      expect.objectContaining({
        stockId: row?.id,
        kind: 'finished',
        rebarName: spec.name,
        length: 6000,
        heatNo: null,
        balance: expect.objectContaining({ quantity: row?.quantity }),
        ledger: expect.objectContaining({ quantity: (row?.quantity ?? 0) - 1 }),
      }),
    ]);
    await ctx.handle.db
      .update(stocks)
      .set({ quantity: sql`${stocks.quantity} - 1` })
      .where(sql`${stocks.id} = ${row?.id}`);
    expect((await integrity()).ok).toBe(true);
  });

  it('seeds every demo product with stock whose ledgers add up', async () => {
    const report = await integrity();
    expect(report.ok).toBe(true);
    expect(report.checked).toBeGreaterThan(10);
    expect(report.ledgerRows).toBeGreaterThan(20);
    for (const stockKind of ['raw', 'finished', 'tail', 'waste']) {
      const page = answerOf(await inject('GET', `stock/${stockKind}`, other), stockPageSchema);
      expect(page.totalCount, stockKind).toBeGreaterThan(0);
      expect(page.totals.weight, stockKind).toBeGreaterThan(0);
    }
    expect((await integrity(other)).ok).toBe(true);
    // The chart's figures are the balances' figures.
    const summary = answerOf(await inject('GET', 'stock/summary', other), z.array(stockSummaryRowSchema));
    for (const stockKind of ['raw', 'finished', 'tail', 'waste']) {
      const page = answerOf(await inject('GET', `stock/${stockKind}`, other), stockPageSchema);
      const charted = summary.filter((row) => row.kind === stockKind).reduce((total, row) => total + row.weight, 0);
      expect(charted, stockKind).toBeCloseTo(page.totals.weight, 3);
    }
    // The demo's yard: raw bars on the racks by diameter, offcut lots in the bin — the seed's rows, not
    // the bars an earlier test received into this product without a location.
    const placed = async (stockKind: string) =>
      answerOf(await inject('GET', `stock/${stockKind}?maxResultCount=100`, other), stockPageSchema)
        .items.filter((row) => row.rebarId !== foreignSpecId)
        .map((row) => [row.diameter, row.locationCode] as const);
    const raw = await placed('raw');
    expect(raw.length).toBeGreaterThan(0);
    expect(raw).toEqual(raw.map(([diameter]) => [diameter, diameter <= 16 ? 'A1' : 'A2']));
    const tails = await placed('tail');
    expect(tails.length).toBeGreaterThan(0);
    expect(tails).toEqual(tails.map(([diameter]) => [diameter, 'B1']));
    const receipts = (await inject('GET', 'rebarReceive?maxResultCount=100', other)).json();
    expect(receipts.totalCount).toBeGreaterThanOrEqual(10);
    expect(new Set(receipts.items.map((receipt: { supplier: string }) => receipt.supplier)).size).toBeGreaterThan(1);
  });

  it('refuses deleting a spec or a product that stock uses, naming the receipts', async () => {
    const used = await createSpec(admin, 14, 1.21);
    const receipt = answerOf(await receive({ rebarId: used.id, barCount: 3 }), rebarReceiveDetailSchema);
    const response = await inject('DELETE', `rebar/${used.id}`, { ...admin, ...EN });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('in_use');
    expect(response.json().error.message).toContain(`receipts (1): ${receipt.code}`);
    const product = await inject('DELETE', `product/${line2.id}`, { ...admin, ...EN });
    expect(product.statusCode).toBe(409);
    expect(product.json().error.message).toMatch(/receipts \(\d+\): RC\d{8}-\d{4}/);
  });
});
