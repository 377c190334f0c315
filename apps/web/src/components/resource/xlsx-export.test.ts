import { describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/universal';
import type { ExportColumn } from './export-columns.ts';
import { xlsxBlob } from './xlsx-export.ts';

type Row = { code: string; weight: number | null };

const columns: ExportColumn<Row>[] = [
  { title: 'Code', value: (row) => row.code },
  { title: 'Unit weight (kg/m)', value: (row) => row.weight },
];

describe('xlsx export', () => {
  it('writes a workbook that reads back with its header, texts and numbers', async () => {
    const rows: Row[] = [
      { code: 'HRB400E Φ12', weight: 0.888 },
      { code: '钢筋', weight: null },
    ];
    const sheet = await readSheet(await xlsxBlob('Rebar specs', columns, rows));
    expect(sheet).toEqual([
      ['Code', 'Unit weight (kg/m)'],
      ['HRB400E Φ12', 0.888],
      ['钢筋', null],
    ]);
  });

  it('writes a text that looks like a formula as inert text', async () => {
    const rows: Row[] = [{ code: '=HYPERLINK("http://x","y")', weight: 1 }];
    const [, row] = await readSheet(await xlsxBlob('A/B: list?', columns, rows));
    expect(row).toEqual(['=HYPERLINK("http://x","y")', 1]);
  });
});
