import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  rebarReceiveDetailSchema,
  stockIntegritySchema,
  stockPageSchema,
  stockTakeDetailSchema,
} from '@armature/domain';
import { inspectionUsers } from './helpers/inspection-fixture.ts';
import { uniqueName } from './helpers/auth.ts';
import { injectorFor, answerOf, withId } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = { authorization: string } & Record<string, string>;

describe.each(testDatabases())('stock-take of a rack on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let other: Headers;
  let spec: string;
  let rack: string;

  async function sent(url: string, payload: object, headers: Headers = admin) {
    const response = await inject('POST', url, headers, payload);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    return response;
  }
  const created = async <S extends z.ZodType>(schema: S, url: string, payload: object, headers = admin) =>
    answerOf(await sent(url, payload, headers), schema);

  /** Bars received and put away on the rack (the keeper's relocate), answering their heat number. */
  async function onRack(barCount: number): Promise<string> {
    const heatNo = `ST-${kind}-${uniqueName('H')}`.slice(0, 50);
    await created(rebarReceiveDetailSchema, 'rebarReceive', {
      rebarId: spec,
      supplier: 'Mill',
      heatNo,
      length: 9000,
      bundles: 1,
      barCount,
      receiveDate: '2026-11-29',
    });
    const page = answerOf(await inject('GET', `stock/raw?heatNo=${heatNo}`, admin), stockPageSchema);
    await sent(`stock/raw/${page.items[0]!.id}/relocate`, { locationId: rack, quantity: barCount });
    return heatNo;
  }
  const rackBook = async () =>
    answerOf(
      await inject('GET', `stock/raw?locationId=${rack}&held=false&maxResultCount=100`, admin),
      stockPageSchema,
    ).items.map((row) => [row.heatNo, row.quantity]);

  beforeAll(async () => {
    ({ admin, other } = await inspectionUsers(ctx.app));
    spec = (await created(withId, 'rebar', { grade: 'HRB400', diameter: 16, unitWeight: 1.58 })).id;
    rack = (await created(withId, 'stockLocation', { code: uniqueName('R').slice(0, 20), name: 'Rack' })).id;
  });

  it('posts the differences of a counted rack as one adjustment, keeps the sheet, and the ledgers still add up', async () => {
    const counted = await onRack(100);
    const missed = await onRack(20);
    const found = `ST-${kind}-${uniqueName('F')}`.slice(0, 50);
    const body = {
      locationId: rack,
      remark: 'monthly count',
      lines: [
        { rebarId: spec, length: 9000, heatNo: counted, counted: 97 },
        { rebarId: spec, length: 9000, heatNo: found, counted: 4 },
      ],
    };
    const key = randomUUID();
    const response = await inject('POST', 'stockTake', { ...admin, 'idempotency-key': key }, body);
    expect(response.statusCode, response.body).toBe(201);
    const take = answerOf(response, stockTakeDetailSchema);
    expect(take).toMatchObject({ code: expect.stringMatching(/^ST\d{8}-\d{4}$/), locationId: rack, differences: 3 });
    expect(
      take.lines
        .map((line) => [line.heatNo, line.book, line.counted, line.difference])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [counted, 100, 97, -3],
        [missed, 20, 0, -20],
        [found, 0, 4, 4],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(
      take.ledger.map((row) => [row.heatNo, row.direction, row.quantity, row.reason, row.sourceCode]).sort(),
    ).toEqual(
      [
        [counted, 'out', 3, 'adjustment', take.code],
        [missed, 'out', 20, 'adjustment', take.code],
        [found, 'in', 4, 'adjustment', take.code],
      ].sort(),
    );
    expect((await rackBook()).sort()).toEqual(
      [
        [counted, 97],
        [found, 4],
      ].sort(),
    );

    // The same sheet sent again with its key is applied once; the sheet reads back as posted.
    const retry = await inject('POST', 'stockTake', { ...admin, 'idempotency-key': key }, body);
    expect(answerOf(retry, stockTakeDetailSchema).id).toBe(take.id);
    expect((await rackBook()).length).toBe(2);
    const kept = answerOf(await inject('GET', `stockTake/${take.id}`, admin), stockTakeDetailSchema);
    expect(kept).toMatchObject({ code: take.code, remark: 'monthly count', differences: 3 });
    expect(kept.lines).toHaveLength(3);
    expect((await inject('GET', `stockTake/${take.id}`, other)).statusCode).toBe(404);

    const integrity = answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema);
    expect(integrity).toMatchObject({ ok: true, mismatches: [] });
  });

  it('counts offcut lots by their label with the raw bars, and posts their differences to the lots', async () => {
    await onRack(5);
    // The raw bars on the rack are all there.
    const raw = (await rackBook()).map(([heatNo, quantity]) => ({
      rebarId: spec,
      length: 9000,
      heatNo: String(heatNo),
      counted: Number(quantity),
    }));
    // Two lots of offcuts on the rack (kept by hand, no heat) and one lying unplaced.
    const keep = async (length: number, quantity: number, locationId: string | null) => {
      await sent('stockLog/tail', {
        direction: 'in',
        rebarId: spec,
        length,
        quantity,
        locationId,
        reason: 'adjustment',
      });
      const rows = answerOf(
        await inject('GET', `stock/tail?length=${length}&rebarId=${spec}`, admin),
        stockPageSchema,
      ).items;
      return rows.find((row) => row.locationId === locationId)!;
    };
    const lotA = await keep(3100, 6, rack);
    const lotB = await keep(3200, 2, rack);
    const stray = await keep(3300, 1, null);
    // The keeper scans the labels: A is one short, B not found (not on the sheet), the stray one is here.
    const lines = [
      ...raw,
      { rebarId: spec, length: 3100, lotId: lotA.lot!.id, counted: 5 },
      { rebarId: spec, length: 3300, lotId: stray.lot!.id, counted: 1 },
    ];
    const response = await inject('POST', 'stockTake', admin, { locationId: rack, lines });
    expect(response.statusCode, response.body).toBe(201);
    const take = answerOf(response, stockTakeDetailSchema);
    expect(
      take.lines.filter((line) => line.lotId).map((line) => [line.lotCode, line.book, line.counted, line.difference]),
    ).toEqual([
      [lotA.lot!.code, 6, 5, -1],
      [lotB.lot!.code, 2, 0, -2],
      [stray.lot!.code, 0, 1, 1],
    ]);
    expect(take.differences).toBe(3);
    expect(take.ledger.map((row) => [row.kind, row.lotCode, row.direction, row.quantity, row.locationId])).toEqual(
      expect.arrayContaining([
        ['tail', lotA.lot!.code, 'out', 1, rack],
        ['tail', lotB.lot!.code, 'out', 2, rack],
        ['tail', stray.lot!.code, 'in', 1, rack],
      ]),
    );
    const onRackNow = answerOf(await inject('GET', `stock/tail?locationId=${rack}`, admin), stockPageSchema).items;
    expect(onRackNow.map((row) => [row.lot!.code, row.quantity]).sort()).toEqual(
      [
        [lotA.lot!.code, 5],
        [stray.lot!.code, 1],
      ].sort(),
    );
    // A lot of another length is refused by name; the same lot twice too.
    const wrong = await inject('POST', 'stockTake', admin, {
      locationId: rack,
      lines: [{ rebarId: spec, length: 9999, lotId: lotA.lot!.id, counted: 1 }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.details)).toEqual(['lotId']);
    const lotLine = lines.at(-2)!;
    const twice = await inject('POST', 'stockTake', admin, { locationId: rack, lines: [lotLine, lotLine] });
    expect(Object.keys(twice.json().error.details)).toEqual(['lines.1.lotId']);
    expect(answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema).ok).toBe(true);
  });

  it("refuses a sheet of another product's location or a bad line, writing nothing", async () => {
    const heatNo = await onRack(10);
    const before = await rackBook();
    const unknownSpec = await inject('POST', 'stockTake', admin, {
      locationId: rack,
      lines: [{ rebarId: randomUUID(), length: 9000, heatNo, counted: 1 }],
    });
    expect(unknownSpec.statusCode).toBe(400);
    expect(await rackBook()).toEqual(before);
    const elsewhere = await inject('POST', 'stockTake', other, { locationId: rack, lines: [] });
    expect(elsewhere.statusCode).toBe(400);
    expect(Object.keys(elsewhere.json().error.details)).toEqual(['locationId']);
    const twice = await inject('POST', 'stockTake', admin, {
      locationId: rack,
      lines: [
        { rebarId: spec, length: 9000, heatNo, counted: 1 },
        { rebarId: spec, length: 9000, heatNo, counted: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json().error.details)).toEqual(['lines.1.heatNo']);
    expect(await rackBook()).toEqual(before);
  });
});
