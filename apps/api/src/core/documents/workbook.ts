import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { SheetCell } from '@armature/domain';
import { contentDisposition } from '../files/content-disposition.ts';

/**
 * A sheet to write: its first row is the header (bold, kept in view while scrolling). Column widths are
 * in characters, from `widths` or else from the header's text.
 */
export type SheetOut = {
  name: string;
  rows: Iterable<readonly SheetCell[]>;
  widths?: readonly (number | undefined)[];
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const headerWidth = (cell: SheetCell) => Math.max(10, String(cell ?? '').length * 1.6 + 2);

/**
 * Writes the sheets as an .xlsx into the stream, row by row: exceljs' streaming writer zips each row as it
 * is committed instead of building the workbook's model and then its bytes, so an export holds neither.
 * exceljs is loaded on the first workbook, not at the server's start.
 */
export async function writeSheetsTo(stream: Writable, sheets: readonly SheetOut[]): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  // Inline strings: shared strings would be kept in memory until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Armature';
  for (const { name, rows, widths } of sheets) {
    // Excel refuses sheet names of more than 31 characters.
    const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    let first = true;
    for (const cells of rows) {
      if (first) sheet.columns = cells.map((cell, column) => ({ width: widths?.[column] ?? headerWidth(cell) }));
      const row = sheet.addRow([...cells]);
      if (first) row.font = { bold: true };
      row.commit();
      first = false;
    }
    sheet.commit();
  }
  await workbook.commit();
}

/**
 * Sends the sheets as a download named `fileName`, streamed: the response starts with the first rows. A
 * failure half-way can then only cut the download short, which the browser reports as failed.
 */
export function sendWorkbook(reply: FastifyReply, fileName: string, sheets: readonly SheetOut[]) {
  const out = new PassThrough();
  writeSheetsTo(out, sheets).catch((error: unknown) => out.destroy(error as Error));
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .send(out);
}
