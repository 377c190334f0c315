import { describe, expect, it } from 'vitest';
import type { SheetCell } from '../planning/index.ts';
import {
  BomColumnsMissingError,
  bomSheetRows,
  checkBomLines,
  readBomSheet,
  type BomImportContext,
  type BomSheetNode,
} from './bom-import.ts';

const ctx: BomImportContext = {
  root: { partId: 'p-m', partCode: 'M' },
  parts: new Map(
    ['M', 'A', 'B', 'C', 'S'].map((code) => [code, { id: `p-${code.toLowerCase()}`, name: `${code} name` }]),
  ),
};
const header = ['Level', 'Part code', 'Part name', 'Quantity', 'Unit', 'Position', 'Remark'];
const row = (level: number | null, code: string, quantity: SheetCell = 1): SheetCell[] => [
  level,
  code,
  null,
  quantity,
  'pc',
  null,
  null,
];
const problemsOf = (rows: SheetCell[][]) =>
  readBomSheet([header, ...rows], ctx).lines.map((line) => [line.row, line.problems.map((problem) => problem.code)]);

describe('readBomSheet', () => {
  it('reads levels from the level column and leaves the root row out', () => {
    const preview = readBomSheet([header, row(0, 'M'), row(1, 'A', 2), row(2, 'S', 4), row(1, 'B', 0.5)], ctx);
    expect(preview.errorCount).toBe(0);
    expect(preview.lines.map((line) => [line.row, line.level, line.partId, line.quantity])).toEqual([
      [3, 1, 'p-a', 2],
      [4, 2, 'p-s', 4],
      [5, 1, 'p-b', 0.5],
    ]);
  });

  it('reads levels from the indentation of the code when there is no level', () => {
    const noLevel = (code: string, quantity: number) => [code, quantity];
    const preview = readBomSheet(
      [['零件编码', '数量'], noLevel('M', 1), noLevel('    A', 2), noLevel('        S', 4), noLevel('    B', 1)],
      ctx,
    );
    expect(preview.lines.map((line) => [line.partCode, line.level])).toEqual([
      ['A', 1],
      ['S', 2],
      ['B', 1],
    ]);
    // Without the root row the top lines are the root's children.
    const children = readBomSheet([['Code', 'Qty'], noLevel('A', 2), noLevel(' S', 4)], ctx);
    expect(children.lines.map((line) => line.level)).toEqual([1, 2]);
  });

  it('puts each problem on its line', () => {
    expect(
      problemsOf([
        row(0, 'A'),
        row(1, 'X'),
        row(3, 'B'),
        row(1, 'C', -1),
        row(1, 'C', 'lots'),
        row(1, 'C', 1.2345),
        row(1.5, 'C'),
        row(1, '', 1),
        row(1, 'B', null),
        row(1, 'A'),
        row(2, 'M'),
        row(0, 'M'),
      ]),
    ).toEqual([
      [2, ['root_mismatch']],
      [3, ['unknown_part']],
      [4, ['level_jump']],
      [5, ['bad_quantity']],
      [6, ['bad_quantity']],
      [7, ['bad_quantity']],
      [8, ['bad_level']],
      [9, ['missing_value']],
      [10, ['missing_value']],
      [11, []],
      [12, ['cycle']],
      [13, ['bad_level']],
    ]);
  });

  it('finds a cycle at depth 5', () => {
    const deep = [row(1, 'A'), row(2, 'B'), row(3, 'C'), row(4, 'S'), row(5, 'B')];
    expect(problemsOf(deep).at(-1)).toEqual([6, ['cycle']]);
  });

  it('refuses a sheet without the part code and quantity columns', () => {
    expect(() =>
      readBomSheet(
        [
          ['Level', 'Name'],
          [1, 'x'],
        ],
        ctx,
      ),
    ).toThrow(BomColumnsMissingError);
    try {
      readBomSheet([['Level']], ctx);
    } catch (error) {
      expect((error as BomColumnsMissingError).labels('fr-FR')).toBe('Code pièce, Quantité');
    }
  });
});

describe('bomSheetRows', () => {
  it('writes the level and the indented code, and reads back to the same lines', () => {
    const nodes: BomSheetNode[] = [
      { depth: 0, partCode: 'M', partName: 'M name', partUnit: 'set', quantity: 1, positionNo: null, remark: null },
      { depth: 1, partCode: 'A', partName: 'A name', partUnit: 'pc', quantity: 2, positionNo: '10', remark: 'x' },
      { depth: 2, partCode: 'S', partName: 'S name', partUnit: 'pc', quantity: 0.125, positionNo: null, remark: null },
    ];
    const sheet = bomSheetRows(nodes, 'zh-CN');
    expect(sheet.header).toEqual(['层级', '零件编码', '零件名称', '数量', '单位', '位置号', '备注']);
    expect(sheet.rows[2]).toEqual([2, '    S', 'S name', 0.125, 'pc', null, null]);
    const back = readBomSheet([sheet.header, ...sheet.rows], ctx);
    expect(back.errorCount).toBe(0);
    expect(back.lines.map((line) => [line.level, line.partCode, line.quantity, line.positionNo, line.remark])).toEqual([
      [1, 'A', 2, '10', 'x'],
      [2, 'S', 0.125, null, null],
    ]);
  });
});

describe('checkBomLines', () => {
  it('checks lines given as data (an import applied) the same way', () => {
    const draft = (row: number, level: number, partCode: string) => ({
      row,
      level,
      partCode,
      quantity: 1,
      positionNo: null,
      remark: null,
      problems: [],
    });
    const checked = checkBomLines([draft(1, 1, 'A'), draft(2, 2, 'M')], ctx);
    expect(checked.errorCount).toBe(1);
    expect(checked.lines[1]?.problems).toEqual([{ code: 'cycle', field: 'partCode' }]);
  });
});
