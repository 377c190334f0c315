import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bomImportPreviewSchema, demandImportPreviewSchema } from '@armature/domain';
import { chooseProduct, loginAs } from './helpers/auth.ts';
import { bomClient, type Headers, type Part } from './helpers/bom-fixture.ts';
import { multipartFile } from './helpers/multipart.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { manyRowsWorkbook, sharedStringsBomb, withLyingSizes, workbookParts, zipOf } from './helpers/workbook-bombs.ts';
import { answerOf, errorOf } from './helpers/inject.ts';

type Rows = (string | number | null)[][];

const EN = { 'accept-language': 'en-US' };
const SCHEDULE: Rows = [
  ['Mark', 'Diameter', 'Cut length', 'Quantity'],
  ['A1', 12, 3000, 4],
];
/** Past the 64 MB an upload may unpack to. */
const BOMB_MB = 70;
/**
 * Rows past the 20,000-line limit before the poisoned row: more than the 64 KB exceljs parses at a
 * time, so a reader that stops at the limit never meets it.
 */
const ROWS_PAST_LIMIT = 3000;

/** exceljs' temporary files of this process (one test file per process): sheets stored before the shared strings. */
const temporaryFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));

/** A workbook of `rows`, as an upload of the hostile files' own make (deflated entries, data descriptors). */
const workbookOf = async (rows: Rows) => zipOf(await workbookParts(rows));

/** A bomb, the bomb lying about its size, and a sheet past the line limit whose tail no parser gets through. */
async function hostileFiles(rows: Rows) {
  const bomb = await sharedStringsBomb(rows, BOMB_MB);
  return {
    bomb,
    lying: withLyingSizes(bomb),
    manyRows: await manyRowsWorkbook(rows, 20_000 + ROWS_PAST_LIMIT, true),
  };
}

describe.each(testDatabases())('import bombs on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let planner: Headers;
  let bomId: string;
  let part: Part;

  const upload = (url: string, headers: Headers, fileName: string, content: Buffer) => {
    const body = multipartFile(fileName, content);
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...EN, ...body.headers },
      payload: body.payload,
    });
  };
  const previewDemand = (content: Buffer) =>
    upload('/api/demandOrder/import/preview', planner, 'schedule.xlsx', content);
  const previewBom = (content: Buffer) => upload(`/api/designBOM/${bomId}/import/preview`, admin, 'bom.xlsx', content);

  const expectRefused = (response: Awaited<ReturnType<typeof previewDemand>>, code: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe(code);
    return error.message;
  };

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    planner = await loginAs(ctx.app, 'planner');
    await chooseProduct(ctx.app, planner);
    const api = bomClient(ctx.app, admin);
    const machine = await api.part('BOMBM');
    part = await api.part('BOMBP');
    bomId = (await api.create(machine.id)).id;
  });

  describe('the demand-order import', () => {
    let files: Awaited<ReturnType<typeof hostileFiles>>;
    beforeAll(async () => {
      files = await hostileFiles(SCHEDULE);
    });

    it('refuses a workbook whose shared strings unpack past 64 MB, by its headers and when they lie', async () => {
      expect(files.bomb.length).toBeLessThan(1024 * 1024);
      const message = expectRefused(await previewDemand(files.bomb), 'import_file_too_large');
      expect(message).toContain('64 MB');
      expectRefused(await previewDemand(files.lying), 'import_file_too_large');
    });

    it('stops reading a sheet at the first row past 20,000 lines, and leaves no temporary file', async () => {
      const message = expectRefused(await previewDemand(files.manyRows), 'import_too_many_lines');
      expect(message).toContain('20000');
      await vi.waitFor(() => expect(temporaryFiles()).toEqual([]));
    });

    it('still imports a normal workbook, of several sheets, and leaves no temporary file', async () => {
      // A copy of the sheet right after it: both stored before the shared strings, so in temporary files.
      const parts = Object.entries(await workbookParts(SCHEDULE)).flatMap(([name, data]) =>
        name === 'xl/worksheets/sheet1.xml'
          ? [
              [name, data],
              ['xl/worksheets/sheet2.xml', data],
            ]
          : [[name, data]],
      );
      const response = await previewDemand(zipOf(Object.fromEntries(parts)));
      expect(response.statusCode, response.body).toBe(200);
      expect(answerOf(response, demandImportPreviewSchema).lines.map((line) => [line.mark, line.quantity])).toEqual([
        ['A1', 4],
      ]);
      await vi.waitFor(() => expect(temporaryFiles()).toEqual([]));
    });
  });

  describe('the design BOM import', () => {
    let files: Awaited<ReturnType<typeof hostileFiles>>;
    beforeAll(async () => {
      files = await hostileFiles([
        ['Level', 'Part code', 'Quantity'],
        [1, part.code, 2],
      ]);
    });

    it('refuses the bombs and the sheet past the line limit the same way', async () => {
      expectRefused(await previewBom(files.bomb), 'import_file_too_large');
      expectRefused(await previewBom(files.lying), 'import_file_too_large');
      expectRefused(await previewBom(files.manyRows), 'import_too_many_lines');
      await vi.waitFor(() => expect(temporaryFiles()).toEqual([]));
    });

    it('still imports a normal workbook', async () => {
      const response = await previewBom(
        await workbookOf([
          ['Level', 'Part code', 'Quantity'],
          [1, part.code, 2],
        ]),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(answerOf(response, bomImportPreviewSchema).lines.map((line) => [line.partCode, line.quantity])).toEqual([
        [part.code, 2],
      ]);
    });
  });
});
