import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  rebarReceiveDetailSchema,
  productResource,
  resourceItemSchema,
  stockIntegritySchema,
  stockMoveResultSchema,
  stockPageSchema,
} from '@armature/domain';
import { loginAs, selectProduct, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { injectorFor, answerOf, withId } from './helpers/inject.ts';

type Headers = Record<string, string>;

const today = new Date().toISOString().slice(0, 10);

describe.each(testDatabases())('stock locations on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);
  let admin: Headers;
  let keeper: Headers;
  let specId: string;
  let rackA: string;
  let binB: string;
  /** A location of LINE2: not LINE1's to put bars at. */
  let foreign: string;

  async function sent(url: string, payload: object, headers = admin) {
    const response = await inject('POST', url, headers, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response;
  }
  const created = async <S extends z.ZodType>(schema: S, url: string, payload: object, headers = admin) =>
    answerOf(await sent(url, payload, headers), schema);

  const location = async (code: string, locationKind: string, headers = admin) =>
    (await created(withId, 'stockLocation', { code, name: `${code} test`, kind: locationKind }, headers)).id;

  const relocate = (stockId: string, body: object, headers = keeper) =>
    inject('POST', `stock/raw/${stockId}/relocate`, headers, body);

  async function rawRows(query = '') {
    const response = await inject('GET', `stock/raw?rebarId=${specId}&${query}`, admin);
    expect(response.statusCode).toBe(200);
    return answerOf(response, stockPageSchema);
  }

  const integrity = async () => answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema);

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    keeper = { ...(await loginAs(ctx.app, 'keeper', 'Keeper2026')), 'accept-language': 'en-US' };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    const line1 = products.find((product) => product.code === 'LINE1')!;
    const line2 = products.find((product) => product.code === 'LINE2')!;
    await selectProduct(ctx.app, admin, line2);
    foreign = await location(uniqueName('L2'), 'rack');
    await selectProduct(ctx.app, admin, line1);
    await selectProduct(ctx.app, keeper, line1);
    specId = (await created(withId, 'rebar', { grade: uniqueName('LOC').slice(0, 16), diameter: 16, unitWeight: 1.58 }))
      .id;
    rackA = await location(uniqueName('A'), 'rack', keeper);
    binB = await location(uniqueName('B'), 'bin', keeper);
  });

  it('moves bars between locations as two ledger rows, the heat’s balance unchanged', async () => {
    const receipt = await created(rebarReceiveDetailSchema, 'rebarReceive', {
      rebarId: specId,
      supplier: '沙钢',
      heatNo: 'LOC-0001',
      length: 12000,
      bundles: 1,
      barCount: 50,
      receiveDate: today,
    });
    const unplaced = receipt.ledger[0]!.stockId;
    const first = await relocate(unplaced, { locationId: rackA, quantity: 30, remark: 'put away' });
    expect(first.statusCode, first.body).toBe(201);
    const moved = answerOf(first, stockMoveResultSchema);
    expect(moved.sourceCode).toMatch(/^MV\d{8}-\d{4}$/);
    expect(moved.rows).toEqual([
      expect.objectContaining({ stockId: unplaced, direction: 'out', reason: 'transfer', quantity: 30 }),
      expect.objectContaining({ locationId: rackA, direction: 'in', reason: 'transfer', quantity: 30 }),
    ]);
    expect(moved.rows.map((row) => row.balanceAfter)).toEqual([20, 30]);
    expect(moved.rows[0]).toMatchObject({ locationId: null, heatNo: 'LOC-0001', sourceCode: moved.sourceCode });

    const atRack = moved.rows[1]!.stockId;
    const second = await relocate(atRack, { locationId: binB, quantity: 10 });
    expect(second.statusCode, second.body).toBe(201);

    const rows = await rawRows('heatNo=LOC-0001');
    expect(rows.totals.quantity).toBe(50);
    expect(
      rows.items.map((row) => [row.locationId, row.quantity]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [null, 20],
        [rackA, 20],
        [binB, 10],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const rack = await rawRows(`locationId=${rackA}`);
    expect(rack.items).toEqual([
      expect.objectContaining({
        id: atRack,
        quantity: 20,
        locationCode: expect.stringMatching(/^A/),
        heatNo: 'LOC-0001',
      }),
    ]);
    expect((await integrity()).ok).toBe(true);
  });

  it('refuses a move to the same place, to another product’s location, or of more bars than lie there', async () => {
    const [atRack] = (await rawRows(`locationId=${rackA}`)).items;
    const same = await relocate(atRack!.id, { locationId: rackA, quantity: 1 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details).toEqual({ locationId: ['The bars already lie at this location'] });
    const elsewhere = await relocate(atRack!.id, { locationId: foreign, quantity: 1 });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.details).toEqual({ locationId: ['Please enter a valid value'] });
    const tooMany = await relocate(atRack!.id, { locationId: binB, quantity: 21 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('insufficient_stock');
    const missing = await relocate('00000000-0000-4000-8000-000000000000', { locationId: binB, quantity: 1 });
    expect(missing.statusCode).toBe(404);
    // Nothing was written by any of them.
    expect((await rawRows(`locationId=${rackA}`)).items[0]!.quantity).toBe(20);
  });

  it('keeps a location with bars from being deleted, and deletes an empty one', async () => {
    const inUse = await inject('DELETE', `stockLocation/${rackA}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('in_use');
    const empty = await location(uniqueName('E'), 'area');
    expect((await inject('DELETE', `stockLocation/${empty}`, admin)).statusCode).toBe(204);
  });

  it('a failed receipt inspection holds its bars where they lie, and a release frees them there', async () => {
    const receipt = await created(rebarReceiveDetailSchema, 'rebarReceive', {
      rebarId: specId,
      supplier: '沙钢',
      heatNo: 'LOC-0002',
      length: 12000,
      bundles: 1,
      barCount: 12,
      receiveDate: today,
    });
    const unplaced = receipt.ledger[0]!.stockId;
    expect((await relocate(unplaced, { locationId: binB, quantity: 8 })).statusCode).toBe(201);
    const technique = await created(withId, 'technique', {
      code: uniqueName('T'),
      name: 'Receiving',
      stage: 'receipt',
    });
    const check = await created(withId, 'ispectionType', {
      code: uniqueName('C'),
      name: 'Bend',
      techniqueId: technique.id,
      method: 'passFail',
    });
    await sent('inspection/receipt/' + receipt.id, { checks: [{ inspectionTypeId: check.id, passed: false }] });
    const held = await rawRows('heatNo=LOC-0002&held=true');
    expect(held.items.map((row) => [row.locationId, row.quantity]).sort()).toEqual(
      [
        [binB, 8],
        [null, 4],
      ].sort(),
    );
    expect((await rawRows('heatNo=LOC-0002&held=false')).totals.quantity).toBe(0);
    const release = await inject('POST', `inspection/receipt/${receipt.id}/release`, admin, { reason: 'test' });
    expect(release.statusCode, release.body).toBe(200);
    const free = await rawRows('heatNo=LOC-0002&held=false');
    expect(free.items.map((row) => [row.locationId, row.quantity]).sort()).toEqual(
      [
        [binB, 8],
        [null, 4],
      ].sort(),
    );
    expect((await integrity()).ok).toBe(true);
  });
});
