import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  pagedResultSchema,
  rebarDeliveryDetailSchema,
  rebarDeliverySchema,
  rebarReceiveDetailSchema,
  receiptInspectionResultSchema,
  stockIntegritySchema,
  stockPageSchema,
} from '@armature/domain';
import { createCharacteristic, inspectionUsers, techniqueId } from './helpers/inspection-fixture.ts';
import { uniqueName } from './helpers/auth.ts';
import { answerOf, injectorFor, pageOf, withId } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = { authorization: string } & Record<string, string>;

describe.each(testDatabases())('delivery notes (multi-line receipts) on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let other: Headers;
  /** Specs of this test's own, so no demo stock shares their rows: Φ12 (±7 %) and Φ25 (±4 %). */
  let light: string;
  let heavy: string;
  let bend: string;
  const heat = (name: string) => `${name}-${kind}-${uniqueName('H')}`.slice(0, 50);

  async function created<S extends z.ZodType>(schema: S, url: string, payload: object, headers: Headers = admin) {
    const response = await inject('POST', url, headers, payload);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    return answerOf(response, schema);
  }

  /** A three-line truck: Φ12 weighed 6.36 % over (within ±7 %), Φ25 weighed 4.76 % under (beyond ±4 %), Φ25 not weighed. */
  const truck = () => ({
    supplier: '沙钢集团',
    deliveryNoteNo: `SG-${uniqueName('N')}`.slice(0, 50),
    receiveDate: '2026-11-29',
    lines: [
      { rebarId: light, heatNo: heat('A'), length: 9000, bundles: 2, barCount: 100, weighedWeight: 850 },
      { rebarId: heavy, heatNo: heat('B'), length: 12000, bundles: 1, barCount: 50, weighedWeight: 2200 },
      { rebarId: heavy, heatNo: heat('C'), length: 9000, bundles: 1, barCount: 30 },
    ],
  });

  async function rawRows(heatNo: string) {
    const page = answerOf(await inject('GET', `stock/raw?heatNo=${heatNo}&includeEmpty=true`, admin), stockPageSchema);
    return {
      free: page.items.find((row) => row.heatNo === heatNo && !row.held)?.quantity ?? 0,
      held: page.items.find((row) => row.heatNo === heatNo && row.held)?.quantity ?? 0,
    };
  }
  const deliveries = async () =>
    answerOf(await inject('GET', 'rebarDelivery?maxResultCount=1000', admin), pageOf(rebarDeliverySchema));

  beforeAll(async () => {
    ({ admin, other } = await inspectionUsers(ctx.app));
    light = (await created(withId, 'rebar', { grade: 'HRB400', diameter: 12, unitWeight: 0.888 })).id;
    heavy = (await created(withId, 'rebar', { grade: 'HRB400', diameter: 25, unitWeight: 3.85 })).id;
    const receiving = await techniqueId(ctx.app, admin, 'RECV');
    bend = (await createCharacteristic(ctx.app, admin, { techniqueId: receiving, method: 'passFail' })).id;
  });

  it('receives a three-line truck as three receipts, flags the weight beyond the tolerance, and a failed heat holds only its own bars', async () => {
    const input = truck();
    const delivery = await created(rebarDeliveryDetailSchema, 'rebarDelivery', input);
    expect(delivery).toMatchObject({
      code: expect.stringMatching(/^DN\d{8}-\d{4}$/),
      supplier: input.supplier,
      deliveryNoteNo: input.deliveryNoteNo,
      lineCount: 3,
      barCount: 180,
      // 799.2 + 2310 + 1039.5 kg theoretical; 850 + 2200 weighed.
      weight: 4148.7,
      weighedWeight: 3050,
      outOfToleranceLines: 1,
      heldLines: 0,
    });
    expect(
      delivery.lines.map((line) => [
        line.heatNo,
        line.code.startsWith('RC'),
        line.deliveryCode,
        line.weight,
        line.weighedWeight,
        line.weightDeviation,
        line.weightTolerance,
        line.weightOutOfTolerance,
      ]),
    ).toEqual([
      [input.lines[0]!.heatNo, true, delivery.code, 799.2, 850, 0.0636, 0.07, false],
      [input.lines[1]!.heatNo, true, delivery.code, 2310, 2200, -0.0476, 0.04, true],
      [input.lines[2]!.heatNo, true, delivery.code, 1039.5, null, null, null, false],
    ]);
    expect(delivery.ledger.map((row) => [row.reason, row.direction, row.heatNo, row.quantity])).toEqual(
      input.lines.map((line) => ['receipt', 'in', line.heatNo, line.barCount]),
    );

    // The inspector fails heat B (the flagged line): only its 50 bars go on hold.
    const flagged = delivery.lines[1]!;
    const failed = await created(receiptInspectionResultSchema, `inspection/receipt/${flagged.id}`, {
      checks: [{ inspectionTypeId: bend, passed: false }],
    });
    expect(failed.receipt).toMatchObject({ qualityStatus: 'held', heldQuantity: 50, deliveryId: delivery.id });
    expect(await rawRows(input.lines[0]!.heatNo)).toEqual({ free: 100, held: 0 });
    expect(await rawRows(input.lines[1]!.heatNo)).toEqual({ free: 0, held: 50 });
    expect(await rawRows(input.lines[2]!.heatNo)).toEqual({ free: 30, held: 0 });

    const after = answerOf(await inject('GET', `rebarDelivery/${delivery.id}`, admin), rebarDeliveryDetailSchema);
    expect(after.lines.map((line) => line.qualityStatus)).toEqual(['uninspected', 'held', 'uninspected']);
    expect(after.heldLines).toBe(1);
    expect(after.ledger.filter((row) => row.reason === 'hold').map((row) => row.heatNo)).toEqual([
      input.lines[1]!.heatNo,
      input.lines[1]!.heatNo,
    ]);
    const line = answerOf(await inject('GET', `rebarReceive/${flagged.id}`, admin), rebarReceiveDetailSchema);
    expect(line).toMatchObject({ deliveryCode: delivery.code, weightOutOfTolerance: true });
    expect((await deliveries()).items.find((each) => each.id === delivery.id)).toMatchObject({
      lineCount: 3,
      outOfToleranceLines: 1,
      heldLines: 1,
    });
    const integrity = answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema);
    expect(integrity).toMatchObject({ ok: true, mismatches: [] });
  });

  it('puts each line away at its location, and a reversal takes the bars back from there', async () => {
    const rack = (await created(withId, 'stockLocation', { code: uniqueName('RK').slice(0, 20), name: 'Rack' })).id;
    const input = truck();
    const delivery = await created(rebarDeliveryDetailSchema, 'rebarDelivery', {
      ...input,
      lines: input.lines.map((line, index) => (index === 0 ? { ...line, locationId: rack } : line)),
    });
    expect(delivery.lines.map((line) => line.locationId)).toEqual([rack, null, null]);
    expect(delivery.ledger.map((row) => row.locationId)).toEqual([rack, null, null]);
    const page = answerOf(await inject('GET', `stock/raw?heatNo=${input.lines[0]!.heatNo}`, admin), stockPageSchema);
    expect(page.items.map((row) => [row.locationId, row.quantity])).toEqual([[rack, 100]]);
    const reversed = await inject('POST', `rebarReceive/${delivery.lines[0]!.id}/reverse`, admin, { reason: 'wrong' });
    expect(reversed.statusCode, reversed.body).toBeLessThan(300);
    expect((await rawRows(input.lines[0]!.heatNo)).free).toBe(0);
    // A location not of the product is refused, writing nothing.
    const foreign = await inject('POST', 'rebarDelivery', admin, {
      ...truck(),
      lines: [truck().lines[0]!, { ...truck().lines[1]!, locationId: randomUUID() }],
    });
    expect(foreign.statusCode).toBe(400);
    // Named on its line, as a bad spec is, so the form marks the line's field.
    expect(Object.keys(foreign.json().error.details)).toEqual(['lines.1.locationId']);
    expect(answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema).ok).toBe(true);
  });

  it('keeps a single receipt as it was: no delivery, not weighed, never flagged', async () => {
    const single = await created(rebarReceiveDetailSchema, 'rebarReceive', {
      rebarId: heavy,
      supplier: 'Mill',
      heatNo: heat('S'),
      length: 9000,
      bundles: 1,
      barCount: 10,
      receiveDate: '2026-11-29',
    });
    expect(single).toMatchObject({
      deliveryId: null,
      deliveryCode: null,
      weight: 346.5,
      weighedWeight: null,
      weightDeviation: null,
      weightOutOfTolerance: false,
    });
  });

  it('refuses a bad truck whole with per-field details, and applies one Idempotency-Key once', async () => {
    const before = (await deliveries()).totalCount;
    const duplicate = truck();
    duplicate.lines.push({ ...duplicate.lines[0]! });
    const twice = await inject('POST', 'rebarDelivery', admin, duplicate);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details).toHaveProperty(['lines.3.heatNo']);

    const unknown = truck();
    unknown.lines[2]!.rebarId = randomUUID();
    const refused = await inject('POST', 'rebarDelivery', admin, unknown);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().error.details)).toEqual(['lines.2.rebarId']);
    // Nothing of it was written: no note, and the valid lines' heats have no stock.
    expect((await deliveries()).totalCount).toBe(before);
    expect(await rawRows(unknown.lines[0]!.heatNo)).toEqual({ free: 0, held: 0 });

    const key = randomUUID();
    const body = truck();
    const first = await inject('POST', 'rebarDelivery', { ...admin, 'idempotency-key': key }, body);
    const retry = await inject('POST', 'rebarDelivery', { ...admin, 'idempotency-key': key }, body);
    expect(first.statusCode).toBe(201);
    expect(answerOf(retry, rebarDeliverySchema).id).toBe(answerOf(first, rebarDeliverySchema).id);
    expect((await deliveries()).totalCount).toBe(before + 1);
    expect(await rawRows(body.lines[0]!.heatNo)).toEqual({ free: 100, held: 0 });
  });

  it("answers 404 for another product's delivery and lists none of it", async () => {
    const delivery = await created(rebarDeliveryDetailSchema, 'rebarDelivery', truck());
    expect((await inject('GET', `rebarDelivery/${delivery.id}`, other)).statusCode).toBe(404);
    const theirs = answerOf(
      await inject('GET', 'rebarDelivery?maxResultCount=1000', other),
      pagedResultSchema(rebarDeliverySchema),
    );
    expect(theirs.items.some((each) => each.id === delivery.id)).toBe(false);
  });
});
