import { parse as parseCsv } from 'csv-parse/sync';
import { MAX_DEMAND_LINES, type ImportFormat, type SheetCell } from '@armature/domain';
import { AppError } from '../http/app-error.ts';
import { ZipTooLargeError, checkZipLimits, type ZipLimits } from '../files/zip-limits.ts';
import { XlsxUnreadableError, readXlsxRows, type XlsxRows } from './xlsx-rows.ts';

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

const tooManyLines = () => new AppError('import_too_many_lines', { max: MAX_DEMAND_LINES });

/**
 * What an uploaded workbook may unpack to: a 20,000-line schedule is about 12 MB unzipped, so 64 MB
 * leaves room for a few other sheets while a zip bomb (150 KB that expands to 150 MB of shared
 * strings) is refused before a byte of it is parsed.
 */
export const WORKBOOK_LIMITS: ZipLimits = { maxBytes: 64 * 1024 * 1024, maxEntries: 1000 };

/** Whether the text has more than `max` non-blank lines: counted in place, and no further than that. */
function hasMoreLinesThan(text: string, max: number): boolean {
  const nonBlankLine = /^[^\S\r\n]*\S/gm;
  let lines = 0;
  while (nonBlankLine.exec(text)) if (++lines > max) return true;
  return false;
}

/** 400 `import_file_too_large` when the workbook unpacks to more than its limits, `import_unreadable` when it is no zip. */
async function checkWorkbookSize(buffer: Buffer) {
  try {
    await checkZipLimits(buffer, WORKBOOK_LIMITS);
  } catch (error) {
    if (error instanceof ZipTooLargeError)
      throw new AppError('import_file_too_large', {
        maxMb: error.limits.maxBytes / 1024 / 1024,
        maxParts: error.limits.maxEntries,
      });
    throw new AppError('import_unreadable');
  }
}

/**
 * The first worksheet's rows as cells, blank rows dropped; 400 when the workbook cannot be read. Read as it
 * inflates (`readXlsxRows`), up to the first row past the limit: a worst-case upload holds no more than
 * the rows it keeps, so several read at once.
 */
async function readWorkbook(buffer: Buffer): Promise<SheetRows> {
  await checkWorkbookSize(buffer);
  let read: XlsxRows;
  try {
    // The header row and the data rows.
    read = await readXlsxRows(buffer, MAX_DEMAND_LINES + 1);
  } catch (error) {
    if (error instanceof XlsxUnreadableError) throw new AppError('import_unreadable');
    throw error;
  }
  if (read.lines > MAX_DEMAND_LINES + 1) throw tooManyLines();
  return read.rows;
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
    if (hasMoreLinesThan(text, MAX_DEMAND_LINES)) throw tooManyLines();
    return { format: 'bvbs', text };
  }
  if (extension !== 'csv' && extension !== '') throw new AppError('import_unreadable');
  // The header line does not count.
  if (hasMoreLinesThan(text, MAX_DEMAND_LINES + 1)) throw tooManyLines();
  const rows = readCsv(text);
  if (rows.length < 2) throw new AppError('import_empty');
  return { format: 'csv', rows };
}

export type { ImportFormat };
