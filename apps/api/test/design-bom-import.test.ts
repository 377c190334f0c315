import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerOf, errorOf } from './helpers/inject.ts';
import { bomImportPreviewSchema, designBomDetailSchema } from '@armature/domain';
import type { DesignBomDetail } from '@armature/domain';
import { loginAs } from './helpers/auth.ts';
import { bomClient, shapeOf, type Headers, type Part } from './helpers/bom-fixture.ts';
import { multipartFile } from './helpers/multipart.ts';
import { SAMPLE_PNG } from './helpers/sample-files.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Cell = string | number | null;

async function workbook(rows: Cell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('BOM');
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

describe.each(testDatabases())('design BOM sheets on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let api: ReturnType<typeof bomClient>;
  let parts: Part[];
  let source: DesignBomDetail;

  const preview = (bomId: string, fileName: string, content: Buffer, headers: Headers = {}) => {
    const body = multipartFile(fileName, content);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/designBOM/${bomId}/import/preview`,
      headers: { ...admin, ...body.headers, ...headers },
      payload: body.payload,
    });
  };
  const apply = (bomId: string, lines: object[], headers: Headers = {}) =>
    api.inject('POST', `designBOM/${bomId}/import`, { lines }, headers);

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    api = bomClient(ctx.app, admin);
    parts = await Promise.all(['XM', 'XA', 'XB', 'XC', 'XD'].map((code) => api.part(code, { weight: 1 })));
    const [machine, a, b, c, d] = parts as [Part, Part, Part, Part, Part];
    source = await api.create(machine.id);
    const root = source.nodes[0]!.id;
    const aNode = await api.add(source.id, root, a.id, 2);
    const bNode = await api.add(source.id, aNode.id, b.id, 0.5);
    await api.add(source.id, bNode.id, c.id, 4);
    await api.add(source.id, root, d.id, 1.25);
    await api.add(source.id, root, b.id, 3);
    source = await api.detail(source.id);
  });

  it('exports, previews and imports back to the same tree', async () => {
    const exported = await api.inject('GET', `designBOM/${source.id}/export`, undefined, {
      'accept-language': 'en-US',
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="${source.code}-v1.xlsx"; filename*=UTF-8''${source.code}-v1.xlsx`,
    );
    const rows = await sheetRows(exported.rawPayload);
    expect(rows[0]).toEqual(['Level', 'Part code', 'Part name', 'Quantity', 'Unit', 'Position', 'Remark']);
    const [machine, a, b, c] = parts as [Part, Part, Part, Part];
    expect(rows.slice(1, 5).map((row) => row.slice(0, 2))).toEqual([
      [0, machine.code],
      [1, `  ${a.code}`],
      [2, `    ${b.code}`],
      [3, `      ${c.code}`],
    ]);

    // Another BOM of the same machine takes the exported tree.
    const target = await api.create(machine.id);
    const previewed = await preview(target.id, 'tree.xlsx', exported.rawPayload);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const { lines, errorCount } = answerOf(previewed, bomImportPreviewSchema);
    expect(errorCount).toBe(0);
    expect(lines.map((line) => [line.row, line.level, line.partCode, line.quantity])).toEqual(
      source.nodes.slice(1).map((node, index) => [index + 3, node.depth, node.partCode, node.quantity]),
    );
    // Nothing saved by the preview.
    expect((await api.detail(target.id)).nodeCount).toBe(1);

    const applied = await apply(
      target.id,
      lines.map(({ level, partCode, quantity, positionNo, remark }) => ({
        level,
        partCode,
        quantity,
        positionNo,
        remark,
      })),
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const imported = answerOf(applied, designBomDetailSchema);
    expect(shapeOf(imported)).toEqual(shapeOf(source));
    expect(imported.nodes.map((node) => node.rolledQuantity)).toEqual(source.nodes.map((node) => node.rolledQuantity));
    expect(imported.totals).toEqual(source.totals);

    // Importing again replaces the tree rather than adding to it.
    const again = await apply(target.id, [{ level: 1, partCode: a.code, quantity: 1 }]);
    expect(answerOf(again, designBomDetailSchema).nodes.map((node) => node.partCode)).toEqual([machine.code, a.code]);
  });

  it('reads levels from the indentation of the code and headers of another language', async () => {
    const [machine, a, b] = parts as [Part, Part, Part];
    const file = await workbook([
      ['零件编码', '数量'],
      [machine.code, 1],
      [`  ${a.code}`, 2],
      [`    ${b.code}`, 3],
      [`  ${b.code}`, 1],
    ]);
    const response = await preview(source.id, 'indented.xlsx', file);
    expect(response.statusCode, response.body).toBe(200);
    expect(answerOf(response, bomImportPreviewSchema).lines.map((line) => [line.level, line.partCode])).toEqual([
      [1, a.code],
      [2, b.code],
      [1, b.code],
    ]);
  });

  it('puts problems on their lines, and refuses to apply lines that have them', async () => {
    const [machine, a, b] = parts as [Part, Part, Part];
    const file = await workbook([
      ['Level', 'Part code', 'Quantity'],
      [0, machine.code, 1],
      [1, a.code, 2],
      [1, 'NO-SUCH-PART', 1],
      [3, b.code, 1],
      [1, b.code, -2],
      [2, a.code, 1],
    ]);
    const response = await preview(source.id, 'problems.xlsx', file);
    expect(response.statusCode, response.body).toBe(200);
    const { lines, errorCount } = answerOf(response, bomImportPreviewSchema);
    expect(errorCount).toBe(3);
    expect(lines.map((line) => [line.row, line.problems.map((problem) => `${problem.code}:${problem.field}`)])).toEqual(
      [
        [3, []],
        [4, ['unknown_part:partCode']],
        [5, ['level_jump:level']],
        [6, ['bad_quantity:quantity']],
        [7, []],
      ],
    );

    const draft = await api.create(machine.id);
    const refused = await apply(
      draft.id,
      [
        { level: 1, partCode: a.code, quantity: 1 },
        { level: 2, partCode: 'NO-SUCH-PART', quantity: 1 },
        { level: 4, partCode: b.code, quantity: 1 },
        { level: 1, partCode: machine.code, quantity: 1 },
      ],
      { 'accept-language': 'en-US' },
    );
    expect(refused.statusCode).toBe(400);
    const error = errorOf(refused);
    expect(error.code).toBe('bom_import_problems');
    expect(error.details).toEqual({
      'lines.1.partCode': ['No such part in the library'],
      'lines.2.level': ['The level is more than one below the line above'],
      'lines.3.partCode': ['The part would contain itself'],
    });
    expect((await api.detail(draft.id)).nodeCount).toBe(1);
  });

  it('refuses files that are no sheet, too large, or without the columns', async () => {
    const picture = await preview(source.id, 'tree.xlsx', SAMPLE_PNG);
    expect(picture.statusCode).toBe(400);
    expect(errorOf(picture).code).toBe('file_type_refused');
    const huge = await preview(source.id, 'huge.xlsx', Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    const columns = await preview(
      source.id,
      'columns.xlsx',
      await workbook([
        ['Level', 'Name'],
        [1, 'x'],
      ]),
    );
    expect(columns.statusCode).toBe(400);
    expect(errorOf(columns).code).toBe('import_missing_columns');
    const planner = await loginAs(ctx.app, 'planner');
    const forbidden = await preview(source.id, 'tree.xlsx', await workbook([['Part code', 'Quantity']]), planner);
    expect(forbidden.statusCode).toBe(403);
  });
});
