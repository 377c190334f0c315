import type { TableColumnType } from 'antd';

/** What an exported cell holds: numbers stay numbers so a spreadsheet can sum them; null is an empty cell. */
export type ExportValue = string | number | null;

/** A list column; `exportValue` gives its exported cell when the cell is more than its field's value. */
export type ListColumn<T> = TableColumnType<T> & { exportValue?: (row: T) => ExportValue };

export type ExportColumn<T> = { title: string; value: (row: T) => ExportValue };

/** A field's value as a cell: numbers as they are, lists joined, anything else as text. */
function plainValue(value: unknown): ExportValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The columns that export: a text title and either `exportValue` or a plain field (not the actions). */
export function exportColumns<T>(columns: readonly ListColumn<T>[]): ExportColumn<T>[] {
  return columns.flatMap((column) => {
    const { title, dataIndex, exportValue } = column;
    if (typeof title !== 'string') return [];
    if (exportValue) return [{ title, value: exportValue }];
    if (typeof dataIndex !== 'string') return [];
    return [{ title, value: (row: T) => plainValue((row as Record<string, unknown>)[dataIndex]) }];
  });
}

/** The header row, then one row of cells per record. */
export function exportTable<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): ExportValue[][] {
  return [columns.map((column) => column.title), ...rows.map((row) => columns.map((column) => column.value(row)))];
}
