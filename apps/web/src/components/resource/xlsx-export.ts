import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/browser';
import { exportTable, type ExportColumn } from './export-columns.ts';
import { saveFile } from '../../lib/browser-files.ts';

/** Wide enough for most codes and names, at most so wide that a long text does not swallow the screen. */
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/**
 * The sheet of an exported list: a bold header, then the rows. Texts are written as shared strings,
 * never as formulas (the library writes a formula only for a cell typed 'Formula'), so a cell such as
 * `=HYPERLINK(…)` stays inert text and needs no escaping, unlike the former CSV export.
 */
export function toSheetData<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): SheetData {
  const [, ...body] = exportTable(columns, rows);
  return [
    columns.map((column): Cell => ({ value: column.title, fontWeight: 'bold' })),
    ...body.map((cells) => cells.map((value): Cell => value)),
  ];
}

/** Column widths in characters from the longest text of each column. */
function columnWidths(data: SheetData): { width: number }[] {
  const widths: number[] = [];
  for (const row of data)
    row.forEach((cell, index) => {
      const value = cell !== null && typeof cell === 'object' && 'value' in cell ? cell.value : cell;
      const length = value === null || value === undefined ? 0 : String(value).length;
      widths[index] = Math.max(widths[index] ?? MIN_WIDTH, Math.min(MAX_WIDTH, length + 2));
    });
  return widths.map((width) => ({ width }));
}

/** The workbook of an exported list, with the header row kept in view while scrolling. */
export function xlsxBlob<T>(sheet: string, columns: readonly ExportColumn<T>[], rows: readonly T[]): Promise<Blob> {
  const data = toSheetData(columns, rows);
  // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
  const sheetName = sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
  return writeXlsxFile(data, { sheet: sheetName, columns: columnWidths(data), stickyRowsCount: 1 }).toBlob();
}

/** Hands a file to the browser (`saveFile`, for the callers that load this module on demand). */
export function downloadBlob(fileName: string, blob: Blob): void {
  saveFile(blob, fileName);
}
