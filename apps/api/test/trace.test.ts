import ExcelJS from 'exceljs';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  backwardTraceSchema,
  forwardTraceSchema,
  rebarReceiveSchema,
  receiptInspectionResultSchema,
  taskDetailSchema,
  type ReceiptInspectionResult,
  type RebarReceive,
  type TaskDetail,
} from '@armature/domain';
import { inspectionTypes } from '../src/modules/master-data/master-data.table.ts';
import { DEMO_INSPECTOR, DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { listedProductsSchema, loginAs } from './helpers/auth.ts';
import { multipartFile } from './helpers/multipart.ts';
import { samplePdf } from './helpers/sample-files.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { checkedCallsFor, injectorFor, withId } from './helpers/inject.ts';

type Headers = Record<string, string>;

const HEAT = 'TRR';

describe.each(testDatabases())('traceability on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let operator: Headers;
  let inspector: Headers;
  let products: z.output<typeof listedProductsSchema>;
  let f: TaskFixture;
  let receipt: RebarReceive;
  let receiptInspection: ReceiptInspectionResult['inspection'];
  let cut: TaskDetail;
  let bend: TaskDetail;
  let productionInspectionId: string;
  let deliveryCode: string;

  const inject = injectorFor(ctx);
  const { sent, ok } = checkedCallsFor(inject);
  const select = (headers: Headers, code: string) => {
    const product = products.find((each) => each.code === code)!;
    return sent('PUT', 'client/set-currentUser-productId', headers, {
      clientId: product.clientId,
      productId: product.id,
    });
  };
  /** Dispatched by the shift lead, then started and completed by the operator. */
  async function run(taskId: string) {
    await sent('POST', `task/${taskId}/dispatch`, admin);
    await sent('POST', `task/${taskId}/start`, operator);
    await sent('POST', `task/${taskId}/report`, operator, { done: 1 });
    return ok(taskDetailSchema, 'POST', `task/${taskId}/complete`, operator);
  }

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    inspector = {
      ...(await loginAs(ctx.app, DEMO_INSPECTOR.userName, DEMO_INSPECTOR.password)),
      'accept-language': 'en-US',
    };
    products = await ok(listedProductsSchema, 'GET', 'product/all', admin);
    for (const headers of [admin, operator, inspector]) await select(headers, 'LINE1');

    // The fixture's plan cuts 12 m bars of heat TRR (its tag's raw lot); the mill's receipt brings more of them.
    f = await createTaskFixture(ctx.app.db, {
      tag: 'TR',
      purchaseLength: 9310,
      plannedStart: Date.parse('2026-12-02T01:00:00Z'),
    });
    receipt = await ok(rebarReceiveSchema, 'POST', 'rebarReceive', admin, {
      rebarId: f.rebarId,
      supplier: '沙钢',
      heatNo: HEAT,
      length: 12_000,
      bundles: 1,
      barCount: 10,
      receiveDate: '2026-11-20',
      remark: null,
    });
    const upload = multipartFile('mill-certificate.pdf', await samplePdf(`Heat ${HEAT}`));
    await sent(
      'POST',
      `inspection/receipt/${receipt.id}/certificates`,
      { ...inspector, ...upload.headers },
      upload.payload as never,
    );
    const types = await ctx.app.db
      .select({ id: inspectionTypes.id, code: inspectionTypes.code })
      .from(inspectionTypes)
      .where(inArray(inspectionTypes.code, ['RECV-DIA', 'RECV-BEND', 'CUT-LEN']));
    const typeId = (code: string) => types.find((type) => type.code === code)!.id;
    receiptInspection = (
      await ok(receiptInspectionResultSchema, 'POST', `inspection/receipt/${receipt.id}`, inspector, {
        checks: [
          { inspectionTypeId: typeId('RECV-DIA'), value: 0.2 },
          { inspectionTypeId: typeId('RECV-BEND'), passed: true },
        ],
      })
    ).inspection;
    expect(receiptInspection.result).toBe('pass');

    cut = await run(f.tasks.raw.id);
    productionInspectionId = (
      await ok(withId, 'POST', `inspection/task/${cut.id}`, inspector, {
        pieceNo: 1,
        checks: [{ inspectionTypeId: typeId('CUT-LEN'), value: 3 }],
      })
    ).id;
    await run(f.tasks.tail.id);
    bend = await run(f.tasks.bend.id);
    deliveryCode = (
      await ok(z.object({ code: z.string() }), 'POST', 'delivery', admin, {
        site: '滨江一号地块',
        bundleScanIds: [cut.bundles[0]!.scanId],
      })
    ).code;
  });

  it('traces a bundle back to its task, machine, operator, plans, heat, receipt with certificate and inspections', async () => {
    expect(cut.bundles.length).toBeGreaterThanOrEqual(2);
    const bundle = cut.bundles[0]!;
    const trace = await ok(backwardTraceSchema, 'GET', `inspection/trace/bundle/${bundle.scanId}`, inspector);
    expect(trace.bundle).toMatchObject({
      id: bundle.id,
      mark: 'TR-A',
      length: 3000,
      pieces: bundle.pieces,
      status: 'delivered',
      orderCode: bundle.orderCode,
      project: 'Floor TR',
      rebarName: 'HRB400E Φ12',
    });
    expect(trace.tasks).toHaveLength(1);
    expect(trace.tasks[0]).toMatchObject({
      id: cut.id,
      code: cut.code,
      kind: 'cut',
      status: 'done',
      equipment: { id: f.cutter.id, serialNumber: f.cutter.serialNumber },
      operators: [DEMO_OPERATOR.name],
      cutPlan: { id: f.cutPlanId, code: f.cutPlanCode },
      dailyPlan: { id: f.dailyPlanId },
    });
    expect(trace.tasks[0]!.finishedAt).not.toBeNull();
    expect(trace.heatNos).toEqual([HEAT]);
    expect(trace.receipts).toHaveLength(1);
    expect(trace.receipts[0]).toMatchObject({
      id: receipt.id,
      code: receipt.code,
      heatNo: HEAT,
      supplier: '沙钢',
      qualityStatus: 'passed',
      inspections: [
        { id: receiptInspection.id, code: receiptInspection.code, result: 'pass', inspectorName: DEMO_INSPECTOR.name },
      ],
    });
    expect(trace.receipts[0]!.certificates.map((file) => [file.fileName, file.mediaType])).toEqual([
      ['mill-certificate.pdf', 'application/pdf'],
    ]);
    expect(trace.productionInspections).toEqual([
      expect.objectContaining({ id: productionInspectionId, result: 'pass', pieceNo: 1 }),
    ]);
  });

  it('traces a bent bundle through its bend task to the cut task that fed the bender', async () => {
    const bent = bend.bundles[0]!;
    const trace = await ok(backwardTraceSchema, 'GET', `inspection/trace/bundle/${bent.scanId}`, inspector);
    expect(trace.bundle.mark).toBe('TR-B');
    expect(trace.tasks.map((task) => [task.id, task.kind, task.equipment.id])).toEqual([
      [f.tasks.bend.id, 'bend', f.bender.id],
      [f.tasks.tail.id, 'cut', f.cutter.id],
    ]);
    // That cut took offcuts, which carry no heat number.
    expect(trace.heatNos).toEqual([]);
    expect(trace.receipts).toEqual([]);
  });

  it('lists every bundle of a heat, with its task, machine and the delivery of the one sent', async () => {
    const trace = await ok(forwardTraceSchema, 'GET', `inspection/trace/heat/${HEAT}`, inspector);
    expect(trace.heatNo).toBe(HEAT);
    expect(trace.receipts.map((each) => each.id)).toEqual([receipt.id]);
    expect(trace.bundles.map((each) => each.id).sort()).toEqual(cut.bundles.map((each) => each.id).sort());
    for (const bundle of trace.bundles)
      expect(bundle).toMatchObject({ taskCode: cut.code, equipmentName: cut.equipmentName, mark: 'TR-A' });
    const delivered = trace.bundles.filter((bundle) => bundle.delivery);
    expect(delivered.map((bundle) => [bundle.scanId, bundle.delivery!.code, bundle.delivery!.site])).toEqual([
      [cut.bundles[0]!.scanId, deliveryCode, '滨江一号地块'],
    ]);
    expect(trace.bundles.every((bundle) => bundle.finishedAt !== null)).toBe(true);
  });

  it('exports the recall list as an .xlsx with headers in the caller’s language', async () => {
    const response = await inject('GET', `inspection/trace/heat/${HEAT}/export`, inspector);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Order', 'Mark', 'Task', 'Machine', 'Delivery note', 'Site']));
    const column = (name: string) => header.indexOf(name) + 1;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2));
    expect(rows).toHaveLength(cut.bundles.length);
    expect(rows.every((row) => row.getCell(column('Task')).value === cut.code)).toBe(true);
    expect(rows.map((row) => row.getCell(column('Delivery note')).value).filter(Boolean)).toEqual([deliveryCode]);
  });

  it('answers 404 for another product’s bundle, an empty list for its heats, and 403 without the permission', async () => {
    const scanId = cut.bundles[1]!.scanId;
    await select(admin, 'HL-LINE1');
    const foreign = await inject('GET', `inspection/trace/bundle/${scanId}`, admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('trace_bundle_not_found');
    const heat = await ok(forwardTraceSchema, 'GET', `inspection/trace/heat/${HEAT}`, admin);
    expect(heat).toEqual({ heatNo: HEAT, receipts: [], bundles: [] });
    await select(admin, 'LINE1');
    expect((await inject('GET', `inspection/trace/bundle/${scanId}`, admin)).statusCode).toBe(200);
    expect((await inject('GET', `inspection/trace/bundle/unknown-id`, admin)).statusCode).toBe(404);

    const planner = await loginAs(ctx.app, 'planner');
    expect((await inject('GET', `inspection/trace/heat/${HEAT}`, planner)).statusCode).toBe(403);
  });
});
