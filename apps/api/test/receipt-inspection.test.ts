import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  attachmentSchema,
  cutPlanDetailSchema,
  demandOrderDetailSchema,
  inspectionSchema,
  pagedResultSchema,
  productResource,
  rebarReceiveDetailSchema,
  rebarReceiveSchema,
  receiptInspectionResultSchema,
  resourceItemSchema,
  stockIntegritySchema,
  stockPageSchema,
  taskDetailSchema,
} from '@armature/domain';
import { createUser, loginAs, uniqueName } from './helpers/auth.ts';
import { multipartFile } from './helpers/multipart.ts';
import { SAMPLE_PNG, samplePdf } from './helpers/sample-files.ts';
import { until } from './helpers/sse-client.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, errorOf, injectorFor, withId } from './helpers/inject.ts';

type Headers = { authorization: string } & Record<string, string>;
type Check = {
  inspectionTypeId: string;
  value?: number;
  massKg?: number;
  lengthMm?: number;
  passed?: boolean;
  notTested?: true;
};

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };
const BAR = 9000;

describe.each(testDatabases())('receipt inspections on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'armature-receipt-files-'));
  const ctx = useTestApp(kind, { config: { dataDir }, background: { tuning } });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  let admin: Headers;
  /** An administrator working in LINE2: another tenant's view of LINE1's receipts. */
  let other: Headers;
  let specId: string;
  /** Receiving technique's characteristics: diameter (25 −0.5/+0.4 mm), weight deviation, bend test. */
  let diameter: string;
  let weight: string;
  let bend: string;
  /** A characteristic of a production technique. */
  let cutLength: string;

  const inject = injectorFor(ctx);

  async function created<S extends z.ZodType>(url: string, payload: object, schema: S) {
    const response = await inject('POST', url, admin, payload);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    return answerOf(response, schema);
  }

  let heats = 0;
  const receive = (barCount: number, rebarId = specId, length = BAR) =>
    created(
      'rebarReceive',
      {
        rebarId,
        supplier: 'Mill',
        heatNo: `QH-${kind}-${++heats}`,
        length,
        bundles: 1,
        barCount,
        receiveDate: '2026-11-22',
      },
      rebarReceiveDetailSchema,
    );

  const inspect = (receiptId: string, checks: Check[], headers: Headers = admin) =>
    inject('POST', `inspection/receipt/${receiptId}`, headers, { checks });
  async function inspected(receiptId: string, checks: Check[]) {
    const response = await inspect(receiptId, checks);
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, receiptInspectionResultSchema);
  }
  const passing = (): Check[] => [
    { inspectionTypeId: diameter, value: 25 },
    { inspectionTypeId: weight, massKg: 4, lengthMm: 1000 },
    { inspectionTypeId: bend, passed: true },
  ];
  const failing = (): Check[] => [{ inspectionTypeId: bend, passed: false }];

  const decide = (receiptId: string, action: 'release' | 'return', headers: Headers = admin) =>
    inject('POST', `inspection/receipt/${receiptId}/${action}`, headers, { reason: `${action} by test` });

  /** The raw rows of a heat, free and held. */
  async function rawRows(heatNo: string) {
    const page = answerOf(await inject('GET', `stock/raw?heatNo=${heatNo}&includeEmpty=true`, admin), stockPageSchema);
    return {
      free: page.items.find((row) => row.heatNo === heatNo && !row.held),
      held: page.items.find((row) => row.heatNo === heatNo && row.held),
    };
  }
  const receipt = async (id: string) => {
    const response = await inject('GET', `rebarReceive/${id}`, admin);
    expect(response.statusCode).toBe(200);
    return answerOf(response, rebarReceiveDetailSchema);
  };
  const integrity = async () => answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema);

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    const line1 = products.find((product) => product.code === 'LINE1')!;
    const line2 = products.find((product) => product.code === 'LINE2')!;
    const select = (headers: Headers, product: { id: string; clientId: string }) =>
      inject('PUT', 'client/set-currentUser-productId', headers, { clientId: product.clientId, productId: product.id });
    expect((await select(admin, line1)).statusCode).toBe(200);
    const second = await createUser(ctx.app, admin, { roleNames: ['admin'] });
    other = { ...(await loginAs(ctx.app, second.userName, second.password)), 'accept-language': 'en-US' };
    expect((await select(other, line2)).statusCode).toBe(200);

    // A spec of its own (4 kg/m, Φ25: GB/T 1499.2's ±4 % band), so no demo stock or plan shares its bars.
    specId = (await created('rebar', { grade: 'QT400', diameter: 25, unitWeight: 4 }, withId)).id;
    const technique = (stage: 'receipt' | 'production') =>
      created('technique', { code: uniqueName('T'), name: `Test ${stage}`, stage }, withId);
    const receiving = (await technique('receipt')).id;
    const characteristic = async (fields: object, techniqueId = receiving) =>
      (await created('ispectionType', { code: uniqueName('C'), name: 'Check', techniqueId, ...fields }, withId)).id;
    diameter = await characteristic({
      method: 'measured',
      unit: 'mm',
      standardValue: 25,
      lowerTolerance: -0.5,
      upperTolerance: 0.4,
    });
    weight = await characteristic({ method: 'weightDeviation', unit: '%' });
    bend = await characteristic({ method: 'passFail' });
    cutLength = await characteristic(
      { method: 'measured', unit: 'mm', standardValue: 1000, lowerTolerance: -5, upperTolerance: 5 },
      (await technique('production')).id,
    );
  });

  it('judges limits inclusively: standard + upper tolerance passes, 0.001 above fails; the weight band edge likewise', async () => {
    const atLimits = await receive(10);
    const passed = await inspected(atLimits.id, [
      { inspectionTypeId: diameter, value: 25.4 },
      // 4.16 kg over 1 m of a 4 kg/m spec: +4.00 %, the edge of the ±4 % band.
      { inspectionTypeId: weight, massKg: 4.16, lengthMm: 1000 },
      { inspectionTypeId: bend, passed: true },
    ]);
    expect(passed.inspection).toMatchObject({ result: 'pass', failedChecks: [], code: expect.stringMatching(/^QI/) });
    expect(passed.receipt).toMatchObject({ id: atLimits.id, qualityStatus: 'passed', heldQuantity: 0 });

    const lowerEdge = await inspected((await receive(10)).id, [
      { inspectionTypeId: diameter, value: 24.5 },
      { inspectionTypeId: weight, massKg: 3.84, lengthMm: 1000 },
    ]);
    expect(lowerEdge.inspection.result).toBe('pass');

    const above = await inspected((await receive(10)).id, [{ inspectionTypeId: diameter, value: 25.401 }]);
    expect(above.inspection.result).toBe('fail');
    expect(above.inspection.failedChecks).toHaveLength(1);

    // 4.1604 kg: +4.01 %.
    const heavy = await inspected((await receive(10)).id, [
      { inspectionTypeId: weight, massKg: 4.1604, lengthMm: 1000 },
    ]);
    expect(heavy.inspection.result).toBe('fail');
    expect(heavy.receipt.qualityStatus).toBe('held');
  });

  it('holds the bars of a failed receipt: free quantity drops, a held row appears, ledger rows say hold', async () => {
    const got = await receive(20);
    const before = await rawRows(got.heatNo);
    expect(before.free).toMatchObject({ quantity: 20, held: false });
    expect(before.held).toBeUndefined();

    const result = await inspected(got.id, [...passing().slice(0, 2), ...failing()]);
    expect(result.inspection.result).toBe('fail');
    expect(result.receipt).toMatchObject({ qualityStatus: 'held', heldQuantity: 20 });

    const after = await rawRows(got.heatNo);
    expect(after.free).toMatchObject({ quantity: 0 });
    expect(after.held).toMatchObject({ quantity: 20, held: true, available: 0, reserved: 0 });
    const heldOnly = answerOf(await inject('GET', `stock/raw?heatNo=${got.heatNo}&held=true`, admin), stockPageSchema);
    expect(heldOnly.items.map((row) => row.id)).toEqual([after.held!.id]);
    expect(heldOnly.totals).toMatchObject({ quantity: 20, heldQuantity: 20 });
    const freeOnly = answerOf(await inject('GET', `stock/raw?heatNo=${got.heatNo}&held=false`, admin), stockPageSchema);
    expect(freeOnly.items).toEqual([]);

    const detail = await receipt(got.id);
    expect(detail).toMatchObject({ qualityStatus: 'held', heldQuantity: 20 });
    expect(detail.ledger.map((row) => [row.reason, row.direction, row.stockId, row.quantity, row.remark])).toEqual([
      ['receipt', 'in', after.free!.id, 20, null],
      ['hold', 'out', after.free!.id, 20, result.inspection.code],
      ['hold', 'in', after.held!.id, 20, result.inspection.code],
    ]);
    const receiptPage = pagedResultSchema(rebarReceiveSchema);
    const listed = answerOf(
      await inject('GET', 'rebarReceive?qualityStatus=held&maxResultCount=999', admin),
      receiptPage,
    );
    expect(listed.items.find((row) => row.id === got.id)).toMatchObject({ qualityStatus: 'held', heldQuantity: 20 });
    expect(listed.items.every((row) => row.qualityStatus === 'held')).toBe(true);
    const passedList = answerOf(await inject('GET', 'rebarReceive?qualityStatus=passed', admin), receiptPage);
    expect(passedList.items.some((row) => row.id === got.id)).toBe(false);

    // Consumption never takes held bars: the free row is empty, so a manual consumption is refused.
    const consume = await inject('POST', 'stockLog/raw', admin, {
      rebarId: specId,
      length: BAR,
      heatNo: got.heatNo,
      direction: 'out',
      quantity: 1,
      reason: 'consumption',
    });
    expect(consume.statusCode, consume.body).toBe(409);
    expect(consume.json()).toMatchObject({ error: { code: 'insufficient_stock' } });
    expect(await integrity()).toMatchObject({ ok: true, mismatches: [] });
  });

  it('holds only what is left of a receipt, and a pass after a hold leaves the hold as it is', async () => {
    const got = await receive(12);
    const used = await inject('POST', 'stockLog/raw', admin, {
      rebarId: specId,
      length: BAR,
      heatNo: got.heatNo,
      direction: 'out',
      quantity: 5,
      reason: 'consumption',
    });
    expect(used.statusCode, used.body).toBe(201);
    const held = await inspected(got.id, failing());
    expect(held.receipt).toMatchObject({ qualityStatus: 'held', heldQuantity: 7 });
    expect(await rawRows(got.heatNo)).toMatchObject({ free: { quantity: 0 }, held: { quantity: 7 } });

    const again = await inspected(got.id, passing());
    expect(again.inspection.result).toBe('pass');
    expect(again.receipt).toMatchObject({ qualityStatus: 'held', heldQuantity: 7 });
  });

  it('never plans held bars; releasing them makes them available to the next run', async () => {
    // A spec whose only bars are these two receipts'.
    const planned = (await created('rebar', { grade: 'QT500', diameter: 25, unitWeight: 4 }, withId)).id;
    const good = await receive(4, planned);
    expect((await inspected(good.id, passing())).receipt.qualityStatus).toBe('passed');
    const bad = await receive(10, planned);
    await inspected(bad.id, failing());
    const held = (await rawRows(bad.heatNo)).held!;
    expect(held.quantity).toBe(10);

    // 16 pieces of 4 m: two per 9 m bar, 8 bars — more than the 4 free bars of this spec.
    const order = await created(
      'demandOrder',
      {
        project: 'Held bars',
        element: 'B1',
        customer: null,
        demandDate: '2026-12-01',
        priority: 'normal',
        remark: null,
        lines: [{ mark: 'M1', rebarId: planned, length: 4000, members: 1, barsPerMember: 16 }],
      },
      demandOrderDetailSchema,
    );
    expect((await inject('POST', `demandOrder/${order.id}/confirm`, admin)).statusCode).toBe(200);
    const plan = await created(
      'cutPlan',
      {
        demandOrderIds: [order.id],
        sources: { raw: true, tails: false, purchase: false },
        timeLimitS: 1,
      },
      cutPlanDetailSchema,
    );
    const settled = () =>
      until(
        async () => answerOf(await inject('GET', `cutPlan/${plan.id}`, admin), cutPlanDetailSchema),
        (now) => ['succeeded', 'failed', 'cancelled'].includes(now.job.state),
        30_000,
      );
    const first = await settled();
    expect(first.job.state, JSON.stringify(first.job)).toBe('succeeded');
    const patterns = first.groups.flatMap((group) => group.patterns);
    expect(patterns.length).toBeGreaterThan(0);
    expect(patterns.every((pattern) => pattern.stockId === good.ledger[0]!.stockId)).toBe(true);
    expect(patterns.reduce((bars, pattern) => bars + pattern.count, 0)).toBe(4);
    expect(patterns.some((pattern) => pattern.heatNo === bad.heatNo)).toBe(false);
    expect(first.groups.flatMap((group) => group.unplaced)).toEqual([
      expect.objectContaining({ count: 8, reason: 'not_enough_stock' }),
    ]);

    const released = await decide(bad.id, 'release');
    expect(released.statusCode, released.body).toBe(200);
    expect(answerOf(released, rebarReceiveSchema)).toMatchObject({ qualityStatus: 'released', heldQuantity: 0 });
    expect(await rawRows(bad.heatNo)).toMatchObject({ free: { quantity: 10 }, held: { quantity: 0 } });
    expect((await receipt(bad.id)).ledger.filter((row) => row.reason === 'release')).toEqual([
      expect.objectContaining({ direction: 'out', stockId: held.id, quantity: 10, remark: 'release by test' }),
      expect.objectContaining({ direction: 'in', quantity: 10, remark: 'release by test' }),
    ]);

    expect((await inject('POST', `cutPlan/${plan.id}/optimize`, admin, { timeLimitS: 1 })).statusCode).toBe(202);
    const second = await settled();
    expect(second.job.state, JSON.stringify(second.job)).toBe('succeeded');
    expect(second.groups.flatMap((group) => group.unplaced)).toEqual([]);
    const used = second.groups.flatMap((group) => group.patterns);
    expect(used.some((pattern) => pattern.heatNo === bad.heatNo)).toBe(true);
    expect(used.some((pattern) => pattern.stockId === held.id)).toBe(false);
    const approved = await inject('POST', `cutPlan/${plan.id}/approve`, admin, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const rows = await rawRows(bad.heatNo);
    expect(rows.free!.reserved).toBeGreaterThan(0);
    expect(rows.held!.reserved).toBe(0);
    expect(await integrity()).toMatchObject({ ok: true });
  });

  it('never consumes held bars: a task cutting a purchased length takes only free ones', async () => {
    const purchaseLength = 9750;
    const f = await createTaskFixture(ctx.app.db, {
      tag: 'QP',
      purchaseLength,
      plannedStart: Date.parse('2026-12-01T01:00:00Z'),
      purchaseLots: { old: 0, recent: 0 },
    });
    const lot = await receive(3, f.rebarId, purchaseLength);
    await inspected(lot.id, failing());
    const task = f.tasks.purchase.id;
    const act = (action: string) => inject('POST', `task/${task}/${action}`, admin, {});
    for (const action of ['dispatch', 'start']) expect((await act(action)).statusCode).toBe(200);

    const refused = await act('complete');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'insufficient_stock' } });
    expect(await rawRows(lot.heatNo)).toMatchObject({ free: { quantity: 0 }, held: { quantity: 3 } });

    expect((await decide(lot.id, 'release')).statusCode).toBe(200);
    const completed = await act('complete');
    expect(completed.statusCode, completed.body).toBe(200);
    expect(answerOf(completed, taskDetailSchema).stockMoves.filter((row) => row.kind === 'raw')).toEqual([
      expect.objectContaining({ heatNo: lot.heatNo, quantity: 1, reason: 'consumption' }),
    ]);
    expect(await rawRows(lot.heatNo)).toMatchObject({ free: { quantity: 2 }, held: { quantity: 0 } });
  });

  it('returns held bars to the supplier; a held receipt cannot be reversed, a returned one cannot be inspected', async () => {
    const got = await receive(12);
    await inspected(got.id, failing());

    const reverse = () => inject('POST', `rebarReceive/${got.id}/reverse`, admin, { reason: 'wrong entry' });
    const refused = await reverse();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'receipt_held' } });
    expect((await receipt(got.id)).status).toBe('received');

    const returned = await decide(got.id, 'return');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(answerOf(returned, rebarReceiveSchema)).toMatchObject({ qualityStatus: 'returned', heldQuantity: 0 });
    const rows = await rawRows(got.heatNo);
    expect(rows).toMatchObject({ free: { quantity: 0 }, held: { quantity: 0 } });
    expect((await receipt(got.id)).ledger.at(-1)).toMatchObject({
      reason: 'return',
      direction: 'out',
      stockId: rows.held!.id,
      quantity: 12,
      remark: 'return by test',
    });

    const inspectAgain = await inspect(got.id, passing());
    expect(inspectAgain.statusCode).toBe(409);
    expect(inspectAgain.json()).toMatchObject({ error: { code: 'inspection_receipt_returned' } });
    for (const action of ['release', 'return'] as const) {
      const notHeld = await decide(got.id, action);
      expect(notHeld.statusCode).toBe(409);
      expect(notHeld.json()).toMatchObject({ error: { code: 'receipt_not_held' } });
      expect(errorOf(notHeld).message).toContain('returned');
    }

    // Reversing it afterwards takes out only what did not go back to the supplier: nothing here.
    expect((await reverse()).statusCode).toBe(200);
    expect((await receipt(got.id)).ledger.filter((row) => row.reason === 'reversal')).toEqual([]);
    const reversedInspect = await inspect(got.id, passing());
    expect(reversedInspect.statusCode).toBe(409);
    expect(reversedInspect.json()).toMatchObject({ error: { code: 'inspection_receipt_reversed' } });
    expect(await integrity()).toMatchObject({ ok: true });
  });

  it('refuses bad checks with 400 naming the field, and writes nothing', async () => {
    const got = await receive(6);
    const wrongStage = await inspect(got.id, [{ inspectionTypeId: cutLength, value: 1000 }]);
    expect(wrongStage.statusCode).toBe(400);
    expect(wrongStage.json()).toMatchObject({
      error: { code: 'inspection_wrong_stage', details: { 'checks.0.inspectionTypeId': [expect.any(String)] } },
    });

    const noMass = await inspect(got.id, [{ inspectionTypeId: weight, lengthMm: 1000 }]);
    expect(noMass.statusCode).toBe(400);
    expect(noMass.json()).toMatchObject({
      error: { code: 'validation_failed', details: { 'checks.0.massKg': [expect.any(String)] } },
    });

    const empty = await inspect(got.id, []);
    expect(empty.statusCode).toBe(400);
    const noReason = await inject('POST', `inspection/receipt/${got.id}/release`, admin, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: { details: { reason: [expect.any(String)] } } });

    const after = await receipt(got.id);
    expect(after).toMatchObject({ qualityStatus: 'uninspected', heldQuantity: 0 });
    expect(after.ledger).toHaveLength(1);
  });

  it('takes no pass/fail check as judged: a missing judgement is refused on its field, "not tested" is said explicitly', async () => {
    const got = await receive(4);
    const unjudged = await inspect(got.id, [passing()[0]!, passing()[1]!, { inspectionTypeId: bend }]);
    expect(unjudged.statusCode).toBe(400);
    expect(unjudged.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        details: { 'checks.2.passed': ['Judge it pass or fail, or mark it not tested'] },
      },
    });
    const nothingJudged = await inspect(got.id, [{ inspectionTypeId: bend, notTested: true }]);
    expect(nothingJudged.statusCode).toBe(400);
    expect(nothingJudged.json()).toMatchObject({ error: { details: { checks: [expect.any(String)] } } });
    expect(await receipt(got.id)).toMatchObject({ qualityStatus: 'uninspected' });

    // The bend test not done: the record holds the two checks judged, and no bend result at all.
    const outcome = await inspected(got.id, [
      passing()[0]!,
      passing()[1]!,
      { inspectionTypeId: bend, notTested: true },
    ]);
    expect(outcome.inspection.result).toBe('pass');
    const record = await inject('GET', `inspection/${outcome.inspection.id}`, admin);
    expect(record.statusCode).toBe(200);
    const checks = answerOf(record, inspectionSchema).checks;
    expect(checks.map((check) => check.inspectionTypeId).sort()).toEqual([diameter, weight].sort());
  });

  it("answers 404 for another tenant's receipt, exactly as for a missing one", async () => {
    const got = await receive(6);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [got.id, missing]) {
      const writes = [
        await inspect(id, failing(), other),
        await decide(id, 'release', other),
        await decide(id, 'return', other),
        await inject('GET', `inspection/receipt/${id}/certificates`, other),
        await (async () => {
          const body = multipartFile('c.png', SAMPLE_PNG);
          return ctx.app.inject({
            method: 'POST',
            url: `/api/inspection/receipt/${id}/certificates`,
            headers: { ...other, ...body.headers },
            payload: body.payload,
          });
        })(),
      ];
      for (const response of writes) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    }
    expect(await receipt(got.id)).toMatchObject({ qualityStatus: 'uninspected', heldQuantity: 0 });
  });

  it('applies a retried inspection once (same Idempotency-Key)', async () => {
    const got = await receive(8);
    const send = () =>
      inject(
        'POST',
        `inspection/receipt/${got.id}`,
        { ...admin, 'idempotency-key': `qi-${got.id}` },
        { checks: failing() },
      );
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const after = await receipt(got.id);
    expect(after).toMatchObject({ qualityStatus: 'held', heldQuantity: 8 });
    expect(after.ledger.filter((row) => row.reason === 'hold')).toHaveLength(2);
    expect(await rawRows(got.heatNo)).toMatchObject({ free: { quantity: 0 }, held: { quantity: 8 } });
  });

  it('keeps mill certificates: PDF and PNG by content, the same bytes back, refusals, deletion', async () => {
    const got = await receive(6);
    const url = `inspection/receipt/${got.id}/certificates`;
    const upload = (fileName: string, content: Buffer) => {
      const body = multipartFile(fileName, content);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        headers: { ...admin, ...body.headers },
        payload: body.payload,
      });
    };
    const pdf = await samplePdf('Heat certificate');
    const storedPdf = await upload('质保书 «2026».pdf', pdf);
    expect(storedPdf.statusCode, storedPdf.body).toBe(201);
    const pdfFile = answerOf(storedPdf, attachmentSchema);
    expect(pdfFile).toMatchObject({
      fileName: '质保书 «2026».pdf',
      mediaType: 'application/pdf',
      size: pdf.length,
      creatorName: expect.any(String),
    });
    // Named as a PDF, but a PNG: the content decides.
    const storedPng = await upload('scan.pdf', SAMPLE_PNG);
    expect(storedPng.statusCode, storedPng.body).toBe(201);
    const pngFile = answerOf(storedPng, attachmentSchema);
    expect(pngFile).toMatchObject({ mediaType: 'image/png', size: SAMPLE_PNG.length });

    const text = await upload('certificate.pdf', Buffer.from('not a pdf at all, just text\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: { code: 'file_type_refused' } });
    expect(errorOf(text).message).toContain('application/pdf');
    const oversize = await upload('big.pdf', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]));
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ error: { code: 'file_too_large' } });
    expect(errorOf(oversize).message).toContain('10 MB');

    const listed = answerOf(await inject('GET', url, admin), z.array(attachmentSchema));
    expect(listed.map((file) => file.id)).toEqual([pdfFile.id, pngFile.id]);

    const inline = await inject('GET', `${url}/${pdfFile.id}`, admin);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(inline.rawPayload.equals(pdf)).toBe(true);
    const download = await inject('GET', `${url}/${pngFile.id}?download=1`, admin);
    expect(download.headers['content-type']).toBe('image/png');
    // A PNG uploaded as `scan.pdf` downloads as the PNG it is.
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="scan.pdf.png"; filename*=UTF-8''scan.pdf.png`,
    );
    expect(download.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    const named = await inject('GET', `${url}/${pdfFile.id}?download=1`, admin);
    expect(named.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('质保书 «2026».pdf')}`,
    );

    // Another receipt's path does not reach the file; another tenant not even the receipt.
    const elsewhere = await receive(1);
    const wrongOwner = await inject('GET', `inspection/receipt/${elsewhere.id}/certificates/${pngFile.id}`, admin);
    expect(wrongOwner.statusCode).toBe(404);
    expect((await inject('GET', `${url}/${pngFile.id}`, other)).statusCode).toBe(404);

    const files = () => readdirSync(path.join(dataDir, 'files', 'rebarReceive'));
    expect(files()).toHaveLength(2);
    const removed = await inject('DELETE', `${url}/${pngFile.id}`, admin);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(answerOf(await inject('GET', url, admin), z.array(attachmentSchema)).map((file) => file.id)).toEqual([
      pdfFile.id,
    ]);
    expect((await inject('GET', `${url}/${pngFile.id}`, admin)).statusCode).toBe(404);
    expect(files()).toHaveLength(1);
  });
});
