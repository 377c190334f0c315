import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { Zip, unzipSync, type ZipInputFile } from 'fflate';

/**
 * Hostile workbooks, built in memory from a real one: a shared-strings bomb, the same bomb with
 * headers that lie about its size, and a sheet of more rows than an import takes. Entries are
 * deflated by zlib, by default at its fastest level (quick on the megabytes a bomb unpacks to).
 */

type Parts = Record<string, Uint8Array>;

const SHEET = 'xl/worksheets/sheet1.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** A zip of `parts` in their order, each deflated at `level` (zlib's fastest by default). */
export function zipOf(parts: Parts, level = 1): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [filename, data] of Object.entries(parts)) {
    const file: ZipInputFile = { filename, compression: 8, crc: crc32(data), size: data.length };
    zip.add(file);
    file.ondata?.(null, deflateRawSync(data, { level }), true);
  }
  zip.end();
  return Buffer.concat(chunks);
}

/** The parts of an exceljs workbook of one sheet holding `rows`. */
export async function workbookParts(rows: (string | number | null)[][]): Promise<Parts> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return unzipSync(new Uint8Array(await book.xlsx.writeBuffer()));
}

/** `text` with `insert` put just before the last `before`. */
function insertBefore(part: Uint8Array, before: string, insert: Buffer): Buffer {
  const text = Buffer.from(part);
  const at = text.lastIndexOf(before);
  if (at < 0) throw new Error(`no ${before} in the part`);
  return Buffer.concat([text.subarray(0, at), insert, text.subarray(at)]);
}

/** `rows` with shared strings padded to `megabytes` MB: what a 150 KB upload expanding to 150 MB was. */
export async function sharedStringsBomb(rows: (string | number | null)[][], megabytes: number): Promise<Buffer> {
  const parts = await workbookParts(rows);
  const item = '<si><t>bomb</t></si>';
  const padding = Buffer.alloc(Math.ceil((megabytes * 1024 * 1024) / item.length) * item.length, item);
  return zipOf({ ...parts, [SHARED_STRINGS]: insertBefore(parts[SHARED_STRINGS]!, '</sst>', padding) });
}

/**
 * `rows` followed by `extraRows` numbered rows, then (when `poisonTail`) a row no XML parser gets past:
 * a reader that stops at the line limit answers the limit, one that reads on fails. Deflated at
 * zlib's best, as a real upload would be: 2 M rows fit in 9 MB.
 */
export async function manyRowsWorkbook(
  rows: (string | number | null)[][],
  extraRows: number,
  poisonTail = false,
): Promise<Buffer> {
  const parts = await workbookParts(rows);
  const lines: string[] = [];
  for (let index = rows.length + 1; index <= rows.length + extraRows; index++)
    lines.push(`<row r="${index}"><c r="A${index}"><v>${index}</v></c><c r="C${index}"><v>12</v></c></row>`);
  if (poisonTail) lines.push('<row r="9999999"><c r="A9999999"><v>1</v></row></c>');
  return zipOf({ ...parts, [SHEET]: insertBefore(parts[SHEET]!, '</sheetData>', Buffer.from(lines.join(''))) }, 9);
}

/**
 * The zip with every entry's unpacked size (central directory and data descriptors) rewritten to
 * 1 KB: a bomb that a check of the declared sizes alone lets through.
 */
export function withLyingSizes(zip: Buffer): Buffer {
  const lying = Buffer.from(zip);
  const end = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = lying.readUInt16LE(end + 10);
  let record = lying.readUInt32LE(end + 16);
  for (let entry = 0; entry < entries; entry++) {
    const compressed = lying.readUInt32LE(record + 20);
    const local = lying.readUInt32LE(record + 42);
    lying.writeUInt32LE(1024, record + 24);
    // The data descriptor after the entry's data: signature, crc, compressed size, unpacked size.
    const descriptor = local + 30 + lying.readUInt16LE(local + 26) + lying.readUInt16LE(local + 28) + compressed;
    if (lying.readUInt32LE(descriptor) === 0x08074b50) lying.writeUInt32LE(1024, descriptor + 12);
    record += 46 + lying.readUInt16LE(record + 28) + lying.readUInt16LE(record + 30) + lying.readUInt16LE(record + 32);
  }
  return lying;
}
