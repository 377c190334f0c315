import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { MAX_DEMAND_LINES, type ImportFormat } from '@armature/domain';
import { AppError } from '../../core/http/app-error.ts';

/** A cell as the sheet import reads it: text, a number, or nothing. */
export type SheetCell = string | number | null;
export type SheetRows = SheetCell[][];

export type ReadImport = { format: 'bvbs'; text: string } | { format: 'xlsx' | 'csv'; rows: SheetRows };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const BVBS_EXTENSIONS = ['abs', 'bvbs', 'txt'];
/** A BVBS bar record starts its line: `BF2D@…`, `BF3D@…`, `BFWE@…`, `BFMA@…`. */
const BVBS_RECORD = /^\s*BF[23A-Z][A-Z]?@/m;

const extensionOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';

const isZip = (buffer: Buffer) => ZIP_MAGIC.every((byte, index) => buffer[index] === byte);

/** NUL bytes, or many other control characters: not a text file (an image, a .xls, a PDF…). */
function looksBinary(buffer: Buffer): boolean {
  const sample = buffer.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  }
  return control > sample.length / 100;
}

/** UTF-8 (with or without a BOM); a file that is not valid UTF-8 is read as GB18030, as Chinese Excel saves CSV. */
function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('gb18030').decode(buffer);
  }
}

function tooManyLines(lines: number): AppError {
  return new AppError('import_too_many_lines', { lines, max: MAX_DEMAND_LINES });
}

/** Non-blank lines of a text file. */
function countLines(text: string): number {
  let lines = 0;
  for (const line of text.split(/\r\n|\r|\n/)) if (line.trim()) lines++;
  return lines;
}

function cellValue(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return null;
}

const STREAM_OPTIONS = {
  sharedStrings: 'cache',
  hyperlinks: 'ignore',
  styles: 'ignore',
  worksheets: 'emit',
  entries: 'ignore',
} as const;

/**
 * The first worksheet's rows as cells, blank rows dropped; 400 when the workbook cannot be read. Read
 * with exceljs' streaming reader (rows as they are parsed, no styles): about twice as fast as loading
 * the whole workbook model, which matters for a 20,000-line schedule.
 */
async function readWorkbook(buffer: Buffer): Promise<SheetRows> {
  const rows: SheetRows = [];
  let count = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), STREAM_OPTIONS);
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        // The header row and the data rows: past the limit, rows are only counted for the message.
        if (++count > MAX_DEMAND_LINES + 1) continue;
        const values = row.values as ExcelJS.CellValue[];
        const cells: SheetCell[] = [];
        for (let column = 1; column < values.length; column++) cells.push(cellValue(values[column]));
        if (cells.some((cell) => cell !== null && String(cell).trim() !== '')) rows.push(cells);
      }
      // The first sheet only (the schedule); the others are not read.
      break;
    }
  } catch {
    throw new AppError('import_unreadable');
  }
  if (count > MAX_DEMAND_LINES + 1) throw tooManyLines(count - 1);
  return rows;
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of a CSV: the one its header line uses most (comma; semicolon as French and German
 * Excel save; tab). Decided once, so a semicolon inside a legs cell (`300:90; 1000`) of a comma file
 * stays in its cell.
 */
function delimiterOf(text: string): string {
  const header = text.split(/\r\n|\r|\n/).find((line) => line.trim()) ?? '';
  const counts = DELIMITERS.map((delimiter) => header.split(delimiter).length - 1);
  const best = counts.indexOf(Math.max(...counts));
  return DELIMITERS[best] ?? ',';
}

/** A CSV's rows: quoted fields, blank lines skipped. */
function readCsv(text: string): SheetRows {
  try {
    const records = parseCsv(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
    return records
      .map((record) => record.map((cell) => (cell === '' ? null : cell)))
      .filter((record) => record.some((cell) => cell !== null));
  } catch {
    throw new AppError('import_unreadable');
  }
}

/**
 * What an uploaded schedule holds, by its extension and its content: an .xlsx (a zip), a .csv, or a
 * BVBS text (.abs, .bvbs, .txt, or any text whose lines are BVBS records). Empty, binary, unknown
 * files and files of more than 20,000 lines are refused with a 400 naming the problem.
 */
export async function readImportFile(fileName: string, buffer: Buffer): Promise<ReadImport> {
  if (buffer.length === 0) throw new AppError('import_empty');
  const extension = extensionOf(fileName);
  if (isZip(buffer)) {
    if (extension !== 'xlsx' && extension !== '') throw new AppError('import_unreadable');
    const rows = await readWorkbook(buffer);
    if (rows.length < 2) throw new AppError('import_empty');
    return { format: 'xlsx', rows };
  }
  if (extension === 'xlsx' || looksBinary(buffer)) throw new AppError('import_unreadable');
  const text = decodeText(buffer);
  if (!text.trim()) throw new AppError('import_empty');
  const isBvbs = BVBS_EXTENSIONS.includes(extension) || (extension !== 'csv' && BVBS_RECORD.test(text));
  if (isBvbs) {
    const lines = countLines(text);
    if (lines > MAX_DEMAND_LINES) throw tooManyLines(lines);
    return { format: 'bvbs', text };
  }
  if (extension !== 'csv' && extension !== '') throw new AppError('import_unreadable');
  // The header line does not count.
  const lines = countLines(text) - 1;
  if (lines > MAX_DEMAND_LINES) throw tooManyLines(lines);
  const rows = readCsv(text);
  if (rows.length < 2) throw new AppError('import_empty');
  return { format: 'csv', rows };
}

/** An .xlsx of one sheet: a bold header row, the rows, columns wide enough for their header. */
export async function writeWorkbook(sheetName: string, rows: readonly (readonly SheetCell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Armature';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  for (const row of rows) sheet.addRow([...row]);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  header.eachCell((cell, column) => {
    sheet.getColumn(column).width = Math.max(10, String(cell.value ?? '').length * 1.6 + 2);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type { ImportFormat };
