import { z } from 'zod';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMAND_COLUMNS,
  DEMAND_ORDER_ENDPOINTS,
  EXAMPLE_ROW_MARKER,
  LOCALES,
  bvbsRecord,
  sheetHeader,
  type DemandImportLine,
  type Locale,
  demandImportPreviewSchema,
  demandOrderDetailSchema,
  rebarResource,
  resourceItemSchema,
} from '@armature/domain';
import { demandOrderLines, demandOrders } from '../src/modules/planning/planning.table.ts';
import { listedProductsSchema, loginAs } from './helpers/auth.ts';
import { multipartFile } from './helpers/multipart.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, endpointCallerFor } from './helpers/inject.ts';

type Headers = { authorization: string };
type Spec = { id: string; grade: string; diameter: number };

const DEMO_FILE = readFileSync(new URL('../src/modules/planning/demo/line1-beams.abs', import.meta.url));
const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };

/** A BF2D record with a valid checksum. */
const record = (
  mark: string,
  overrides: { diameter?: number; grade?: string; length?: number; quantity?: number } = {},
) =>
  bvbsRecord({
    project: 'Test',
    drawing: null,
    mark,
    length: overrides.length ?? 3000,
    quantity: overrides.quantity ?? 10,
    weightPerPiece: null,
    diameter: overrides.diameter ?? 12,
    grade: overrides.grade ?? 'HRB400E',
    mandrel: null,
    legs: [],
    coupler: false,
    privateBlock: null,
  });

/** What a saved line and a previewed one have in common (a round trip keeps all of it). */
const essence = (
  line: Pick<DemandImportLine, 'mark' | 'rebarId' | 'length' | 'quantity' | 'weight'> & Partial<DemandImportLine>,
) => ({
  mark: line.mark,
  rebarId: line.rebarId,
  length: line.length,
  quantity: line.quantity,
  weight: line.weight,
  shapeCode: line.shapeCode ?? null,
  geometry: line.geometry && line.geometry.length > 1 ? line.geometry : [],
  mandrel: line.geometry && line.geometry.length > 1 ? line.mandrel : null,
});

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function sheetRows(buffer: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(testDatabases())('demand-order imports on %s', (kind) => {
  const ctx = useTestApp(kind);
  let planner: Headers;
  let specs: Spec[];

  const preview = (fileName: string, content: Buffer | string, headers: object = {}) => {
    const body = multipartFile(fileName, content);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/demandOrder/import/preview',
      headers: { ...planner, ...body.headers, ...headers },
      payload: body.payload,
    });
  };
  const previewOk = async (fileName: string, content: Buffer | string, headers: object = {}) => {
    const response = await preview(fileName, content, headers);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, demandImportPreviewSchema);
  };
  const refused = async (fileName: string, content: Buffer | string, status: number, code: string) => {
    const response = await preview(fileName, content, EN);
    expect(response.statusCode, `${fileName}: ${response.body}`).toBe(status);
    expect(response.json().error.code).toBe(code);
    return response.json().error.message as string;
  };

  async function save(lines: DemandImportLine[], source = 'bvbs') {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/demandOrder',
      headers: planner,
      payload: { project: 'Round trip', demandDate: '2026-12-24', source, lines },
    });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, demandOrderDetailSchema);
  }

  const exported = (id: string, format: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/demandOrder/${id}/export?format=${format}`, headers: planner });

  beforeAll(async () => {
    planner = await loginAs(ctx.app, 'planner');
    const admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(
      await ctx.app.inject({ method: 'GET', url: '/api/product/all', headers: admin }),
      listedProductsSchema,
    );
    const line1 = products.find((product) => product.code === 'LINE1')!;
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers: planner,
      payload: { clientId: line1.clientId, productId: line1.id },
    });
    specs = answerOf(
      await ctx.app.inject({ method: 'GET', url: '/api/rebar/all', headers: planner }),
      z.array(resourceItemSchema(rebarResource)),
    );
  });

  it('seeds three LINE1 orders in different states, one imported from the demo BVBS file', async () => {
    const all = await endpointCallerFor(ctx)(DEMAND_ORDER_ENDPOINTS.all, { params: {}, headers: planner }).then(
      (response) => response.answer(),
    );
    // The demo's cutting plan may plan the confirmed ones (and add an order of its own).
    const statuses = new Set(all.map((order) => order.status));
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(statuses.has('draft') && statuses.has('cancelled')).toBe(true);
    expect(statuses.has('confirmed') || statuses.has('planned')).toBe(true);
    expect(all.filter((order) => order.source === 'bvbs')).toHaveLength(1);
  });

  it('previews the demo BVBS file: every line matched and weighed, stirrups and bent bars with their shapes', async () => {
    const result = await previewOk('line1-beams.abs', DEMO_FILE);
    expect(result.format).toBe('bvbs');
    expect(result.project).toBe('Binjiang Garden 3');
    expect(result.lines).toHaveLength(7);
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(result.lines.every((line) => line.rebarId !== null && line.weight !== null)).toBe(true);
    const stirrup = result.lines.find((line) => line.mark === '5')!;
    expect(stirrup).toMatchObject({ diameter: 8, quantity: 52, mandrel: 32 });
    expect(stirrup.geometry).toHaveLength(6);
    expect(result.lines.filter((line) => line.geometry.length > 1)).toHaveLength(5);
  });

  it('reports BVBS problems on their lines, in the caller language, and saves nothing', async () => {
    const orders = await ctx.handle.db.$count(demandOrders);
    const good = record('A1');
    const badChecksum = record('A2').replace(/C\d+@$/, 'C65@');
    const text = [
      good,
      badChecksum,
      'HELLO WORLD',
      record('A4', { grade: 'B500B' }),
      record('A5', { quantity: 0 }),
      '',
    ].join('\r\n');
    const result = await previewOk('bad.abs', text, EN);
    const codes = result.problems.map((problem) => [problem.lineNo, problem.code]);
    expect(codes).toEqual(
      expect.arrayContaining([
        [2, 'checksum_mismatch'],
        [3, 'unknown_record'],
        [4, 'unknown_spec'],
        [5, 'invalid_value'],
      ]),
    );
    const unknownSpec = result.problems.find((problem) => problem.code === 'unknown_spec')!;
    expect(unknownSpec.message).toContain('HRB400E');
    const chinese = await previewOk('bad.abs', text, ZH);
    expect(chinese.problems.find((problem) => problem.code === 'unknown_record')!.message).toContain('不是钢筋记录');
    expect(await ctx.handle.db.$count(demandOrders)).toBe(orders);
  });

  it('previews a CSV and an xlsx sheet with their problems, headers in any language', async () => {
    const csv = [
      'Mark;Grade;Diameter (mm);Cut length (mm);Members;Bars per member',
      'C1;HRB400E;12;6000;2;10',
      'C2;HRB400E;12;-5;2;10',
      'C3;HRB400E;13;6000;1;1',
    ].join('\n');
    const fromCsv = await previewOk('bbs.csv', csv, EN);
    expect(fromCsv.format).toBe('csv');
    expect(fromCsv.lines.map((line) => line.mark)).toEqual(['C1', 'C2', 'C3']);
    expect(fromCsv.lines[0]).toMatchObject({ quantity: 20, length: 6000, weight: 106.56 });
    expect(fromCsv.problems.map((problem) => problem.code)).toEqual(
      expect.arrayContaining(['invalid_value', 'unknown_spec']),
    );

    const xlsx = await workbook([
      ['编号', '牌号', '直径', '下料长度', '总根数', '重量'],
      ['X1', 'HRB400E', 16, 9000, 5, 71.1],
      ['X2', 'HRB400E', 16, 'abc', 5, null],
      ['X3', 'HRB400E', 16, 9000, 5, 100],
    ]);
    const fromXlsx = await previewOk('bbs.xlsx', xlsx, EN);
    expect(fromXlsx.format).toBe('xlsx');
    expect(fromXlsx.lines).toHaveLength(3);
    expect(fromXlsx.problems.map((problem) => [problem.code, problem.severity])).toEqual(
      expect.arrayContaining([
        ['invalid_value', 'error'],
        ['weight_mismatch', 'warning'],
      ]),
    );
    // Comma-separated with a semicolon inside the legs cell: the header decides the delimiter.
    const commas = await previewOk('bbs.csv', 'Mark,Diameter,Legs,Quantity\nU1,12,300:90; 1000:90; 300,4\n', EN);
    expect(fromCsv.problems.length).toBeGreaterThan(0);
    expect(commas.lines[0]).toMatchObject({ mark: 'U1', quantity: 4 });
    expect(commas.lines[0]!.geometry).toHaveLength(3);
    const missing = await refused('bbs.csv', 'Foo,Bar\n1,2\n', 400, 'import_missing_columns');
    expect(missing).toContain('Mark');
  });

  it('gives the template with the headers in the caller language', async () => {
    for (const locale of LOCALES) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/demandOrder/import/template',
        headers: { ...planner, 'accept-language': locale },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const [header] = await sheetRows(response.rawPayload);
      expect(header).toEqual(sheetHeader(locale));
    }
  });

  it('gives a template of two example rows the import ignores, and a sheet explaining each column', async () => {
    const template = async (locale: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/demandOrder/import/template',
        headers: { ...planner, 'accept-language': locale },
      });
      expect(response.statusCode).toBe(200);
      return response.rawPayload;
    };
    for (const locale of LOCALES) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await template(locale)) as unknown as ArrayBuffer);
      expect(book.worksheets).toHaveLength(2);
      const [header, straight, bent, ...more] = await sheetRows(await template(locale));
      expect(more).toEqual([]);
      const column = (key: string) => DEMAND_COLUMNS.findIndex((each) => each.key === key);
      expect(straight![column('geometry')] ?? null).toBeNull();
      expect(bent![column('geometry')]).toBe('400:90;1300');
      // Each example says so, in the user's language.
      for (const row of [straight!, bent!]) expect(row).toContain(EXAMPLE_ROW_MARKER[locale as Locale]);
      // The second sheet: a row per column, named as the first sheet's header, with what to write.
      const help: unknown[][] = [];
      book.worksheets[1]!.eachRow((row) => help.push((row.values as unknown[]).slice(1)));
      expect(help.slice(1).map((row) => row[0])).toEqual(header);
      for (const row of help.slice(1)) expect(String(row[2] ?? '').length).toBeGreaterThan(3);
    }

    // The untouched template imports nothing, and says why.
    const message = await refused('template.xlsx', await template('en-US'), 400, 'import_only_examples');
    expect(message).toContain('example');
    // The examples with a line of the planner's own below them: that line only.
    const [header, straight, bent] = await sheetRows(await template('zh-CN'));
    const own = [...straight!];
    own[DEMAND_COLUMNS.findIndex((each) => each.key === 'mark')] = 'K9';
    own[DEMAND_COLUMNS.findIndex((each) => each.key === 'remark')] = null;
    const filled = await previewOk('filled.xlsx', await workbook([header, straight, bent, own] as never));
    expect(filled.lines.map((line) => line.mark)).toEqual(['K9']);
    // The bent example, once no longer marked, reads as the bar it shows.
    const unmarked = [...bent!];
    unmarked[DEMAND_COLUMNS.findIndex((each) => each.key === 'remark')] = null;
    const asBar = await previewOk('bent.xlsx', await workbook([header, unmarked] as never));
    expect(asBar.lines[0]!.geometry).toHaveLength(2);
    expect(asBar.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('round-trips an order through BVBS and through xlsx: the export previews to the same lines', async () => {
    const original = await previewOk('line1-beams.abs', DEMO_FILE);
    const order = await save(original.lines);
    expect(order.source).toBe('bvbs');
    const saved = order.lines.map((line) => essence(line));
    expect(saved).toEqual(original.lines.map((line) => essence(line)));

    const bvbs = await exported(order.id, 'bvbs');
    expect(bvbs.statusCode).toBe(200);
    expect(bvbs.headers['content-disposition']).toBe(
      `attachment; filename="${order.code}.abs"; filename*=UTF-8''${order.code}.abs`,
    );
    const fromBvbs = await previewOk(`${order.code}.abs`, bvbs.rawPayload);
    expect(fromBvbs.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(fromBvbs.lines.map((line) => essence(line))).toEqual(saved);

    const xlsx = await exported(order.id, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="${order.code}.xlsx"; filename*=UTF-8''${order.code}.xlsx`,
    );
    const fromXlsx = await previewOk(`${order.code}.xlsx`, xlsx.rawPayload);
    expect(fromXlsx.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(fromXlsx.lines.map((line) => essence(line))).toEqual(saved);
    // And the previewed lines save as they are.
    expect((await save(fromXlsx.lines, 'xlsx')).totalWeight).toBe(order.totalWeight);
  });

  it('refuses files over 10 MB (413), over 20,000 lines, empty, binary or of the wrong type (400)', async () => {
    const lines = await ctx.handle.db.$count(demandOrderLines);
    const tooLarge = await refused('huge.abs', Buffer.alloc(10 * 1024 * 1024 + 1, 'x'), 413, 'import_too_large');
    expect(tooLarge).toContain('10 MB');
    const bvbs = Array.from({ length: 20_001 }, (_, index) => record(`M${index}`)).join('\r\n');
    expect(await refused('many.abs', bvbs, 400, 'import_too_many_lines')).toContain('more than the 20000 lines');
    const csv = ['Mark,Diameter,Cut length,Quantity', ...Array.from({ length: 20_001 }, (_, i) => `M${i},12,3000,1`)];
    await refused('many.csv', csv.join('\n'), 400, 'import_too_many_lines');
    const manyRows = await workbook(csv.map((row) => row.split(',')));
    expect(await refused('many.xlsx', manyRows, 400, 'import_too_many_lines')).toContain('more than the 20000 lines');
    await refused('header-only.xlsx', await workbook([['Mark', 'Diameter']]), 400, 'import_empty');
    expect((await preview('exactly.abs', bvbs.split('\r\n').slice(1).join('\r\n'))).statusCode).toBe(200);
    await refused('empty.abs', '', 400, 'import_empty');
    await refused('blank.csv', '\r\n\r\n  \n', 400, 'import_empty');
    await refused('header-only.csv', 'Mark,Diameter\n', 400, 'import_empty');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await refused('picture.png', png, 400, 'import_unreadable');
    await refused('picture.abs', png, 400, 'import_unreadable');
    await refused('sheet.xlsx', 'Mark,Diameter\nA,12\n', 400, 'import_unreadable');
    await refused(
      'corrupt.xlsx',
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 1)]),
      400,
      'import_unreadable',
    );
    await refused('notes.json', '{"lines": []}', 400, 'import_unreadable');
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/demandOrder/import/preview',
      headers: { ...planner, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().error.code).toBe('import_unreadable');
    const otherField = multipartFile('a.abs', record('A1'), 'upload');
    const wrongField = await ctx.app.inject({
      method: 'POST',
      url: '/api/demandOrder/import/preview',
      headers: { ...planner, ...otherField.headers },
      payload: otherField.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    for (const [payload, type] of [
      ['not multipart at all', 'multipart/form-data; boundary=x'],
      [
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.abs"\r\n\r\nBF2D@',
        'multipart/form-data; boundary=x',
      ],
      ['--x--\r\n', 'multipart/form-data'],
    ]) {
      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/api/demandOrder/import/preview',
        headers: { ...planner, 'content-type': type },
        payload,
      });
      expect(malformed.statusCode, `${type} ${payload}: ${malformed.body}`).toBe(400);
    }
    expect(await ctx.handle.db.$count(demandOrderLines)).toBe(lines);
  });

  it('saves a 20,000-line order in one transaction and refuses 20,001 lines', async () => {
    const spec = specs.find((each) => each.diameter === 12 && each.grade === 'HRB400E')!;
    const line = (index: number) => ({ mark: `L${index}`, rebarId: spec.id, length: 3000, quantity: 2 });
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/demandOrder',
      headers: planner,
      payload: { project: 'Big', demandDate: '2026-12-24', lines: Array.from({ length: 20_000 }, (_, i) => line(i)) },
    });
    expect(big.statusCode, big.body.slice(0, 300)).toBe(201);
    expect(big.json()).toMatchObject({ lineCount: 20_000, totalQuantity: 40_000 });
    const tooMany = await ctx.app.inject({
      method: 'POST',
      url: '/api/demandOrder',
      headers: planner,
      payload: { project: 'Big', demandDate: '2026-12-24', lines: Array.from({ length: 20_001 }, (_, i) => line(i)) },
    });
    expect(tooMany.statusCode).toBe(400);
  }, 120_000);
});
