import { describe, expect, it } from 'vitest';
import { csvColumns, toCsv, type ListColumn } from './csv-export.ts';

type Row = { id: string; name: string; note: string | null; tags: string[] };

const columns: ListColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Note', dataIndex: 'note' },
  { title: 'Tags', dataIndex: 'tags', exportValue: (row) => row.tags.join(', ') },
  { title: 'Actions', key: 'actions' },
];

describe('CSV export', () => {
  it('exports plain fields and export values, not the actions column', () => {
    expect(csvColumns(columns).map((column) => column.title)).toEqual(['Name', 'Note', 'Tags']);
  });

  it('quotes separators, quotes and line breaks, and starts with a byte-order mark', () => {
    const rows: Row[] = [{ id: '1', name: 'Ma "Li"', note: null, tags: ['a', 'b'] }];
    expect(toCsv(csvColumns(columns), rows)).toBe('\uFEFFName,Note,Tags\r\n"Ma ""Li""",,"a, b"\r\n');
  });

  it('keeps a cell that looks like a formula from running in a spreadsheet', () => {
    const rows: Row[] = [{ id: '1', name: '=HYPERLINK("x")', note: '+33 6', tags: [] }];
    expect(toCsv(csvColumns(columns), rows).split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",'+33 6,`);
  });
});
