import { describe, expect, it } from 'vitest';
import { LOCALES } from '../core/i18n/locales.ts';
import { DEMAND_COLUMNS, EXAMPLE_ROW_MARKER, isExampleRow } from './demand-columns.ts';
import { sheetHeader } from './demand-export.ts';
import { previewSheet } from './demand-import-sheet.ts';
import { demandTemplate } from './demand-template.ts';

const CONTEXT = {
  specs: [
    { id: 'phi12', grade: 'HRB400E', diameter: 12, unitWeight: 0.888 },
    { id: 'phi16', grade: 'HRB400E', diameter: 16, unitWeight: 1.58 },
  ],
  techniques: [],
  locale: 'en-US' as const,
};
const column = (key: string) => DEMAND_COLUMNS.findIndex((each) => each.key === key);

describe('demandTemplate', () => {
  it('writes the header, a straight and a bent example (legs 400:90;1300), each marked, in every language', () => {
    for (const locale of LOCALES) {
      const { schedule } = demandTemplate(locale);
      expect(schedule[0]).toEqual(sheetHeader(locale));
      expect(schedule).toHaveLength(3);
      expect(schedule[1]![column('geometry')]).toBeNull();
      expect(schedule[2]![column('geometry')]).toBe('400:90;1300');
      expect(schedule.slice(1).every(isExampleRow)).toBe(true);
      expect(schedule[1]![column('remark')]).toBe(EXAMPLE_ROW_MARKER[locale]);
    }
  });

  it('explains every column on its second sheet, required ones said so', () => {
    const { help } = demandTemplate('fr-FR');
    expect(help.slice(1).map((row) => row[0])).toEqual(sheetHeader('fr-FR'));
    expect(help[column('mark') + 1]![1]).toBe('Obligatoire');
    expect(help[column('remark') + 1]![1]).toBeNull();
    expect(help[column('geometry') + 1]![2]).toContain('400:90;1300');
  });

  it('reads to no line as it is; its examples, unmarked, read as the bars they show', () => {
    const { schedule } = demandTemplate('zh-CN');
    expect(previewSheet(schedule, 'xlsx', CONTEXT).lines).toEqual([]);
    const unmarked = schedule.map((row, index) =>
      index === 0 ? row : row.map((cell, at) => (at === column('remark') ? null : cell)),
    );
    const preview = previewSheet(unmarked, 'xlsx', CONTEXT);
    expect(preview.lines.map((line) => [line.mark, line.rebarId, line.quantity])).toEqual([
      ['A1', 'phi12', 10],
      ['A2', 'phi16', 8],
    ]);
    expect(preview.lines[1]!.geometry).toHaveLength(2);
    expect(preview.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('takes a row as an example only when a cell holds the marker, in any language', () => {
    expect(isExampleRow(['A1', 12, ` ${EXAMPLE_ROW_MARKER['fr-FR']} `])).toBe(true);
    expect(isExampleRow(['A1', 12, 'Example'])).toBe(false);
  });
});
