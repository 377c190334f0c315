import { describe, expect, it } from 'vitest';
import { exportColumns, exportTable, type ListColumn } from './export-columns.ts';

type Row = { id: string; name: string; note: string | null; weight: number; lengths: number[]; tags: string[] };

const columns: ListColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Note', dataIndex: 'note' },
  { title: 'Weight', dataIndex: 'weight' },
  { title: 'Lengths', dataIndex: 'lengths' },
  { title: 'Tags', dataIndex: 'tags', exportValue: (row) => row.tags.join(' / ') },
  { title: 'Actions', key: 'actions' },
];

describe('export columns', () => {
  it('exports plain fields and export values, not the actions column', () => {
    expect(exportColumns(columns).map((column) => column.title)).toEqual(['Name', 'Note', 'Weight', 'Lengths', 'Tags']);
  });

  it('keeps numbers as numbers, empty values as null and joins lists', () => {
    const rows: Row[] = [
      { id: '1', name: 'HRB400E Φ12', note: null, weight: 0.888, lengths: [9000, 12000], tags: ['a', 'b'] },
    ];
    expect(exportTable(exportColumns(columns), rows)).toEqual([
      ['Name', 'Note', 'Weight', 'Lengths', 'Tags'],
      ['HRB400E Φ12', null, 0.888, '9000, 12000', 'a / b'],
    ]);
  });
});
