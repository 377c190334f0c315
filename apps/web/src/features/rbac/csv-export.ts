import type { TableColumnType } from 'antd';

/** A list column; `exportValue` gives its text in an exported file when the cell is more than its field. */
export type ListColumn<T> = TableColumnType<T> & { exportValue?: (row: T) => string };

type CsvColumn<T> = { title: string; value: (row: T) => string };

/** The columns that export: a text title and either `exportValue` or a plain field (not the actions). */
export function csvColumns<T>(columns: readonly ListColumn<T>[]): CsvColumn<T>[] {
  return columns.flatMap((column) => {
    const { title, dataIndex, exportValue } = column;
    if (typeof title !== 'string') return [];
    if (exportValue) return [{ title, value: exportValue }];
    if (typeof dataIndex !== 'string') return [];
    return [{ title, value: (row: T) => String((row as Record<string, unknown>)[dataIndex] ?? '') }];
  });
}

// A cell starting like a formula would run as one in a spreadsheet (CSV injection): make it text.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 text, with a byte-order mark so spreadsheet programs read Chinese and French correctly. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [
    columns.map((column) => column.title),
    ...rows.map((row) => columns.map((column) => column.value(row))),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
