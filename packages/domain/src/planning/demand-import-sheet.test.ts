import { describe, expect, it } from 'vitest';
import { MissingColumnsError, previewSheet } from './demand-import-sheet.ts';
import { uuid, CUT, BEND, THREAD, ctx, problemsOf, codes } from './demand-import.fixture.ts';
import { type SheetCell } from './demand-import.ts';
import { demandImportPreviewSchema } from './demand-order.schema.ts';

describe('previewSheet', () => {
  const header = ['Mark', 'Grade', 'Diameter (mm)', 'Cut length (mm)', 'Members', 'Bars per member', 'Legs'];

  it('matches columns by any language’s label or alias, ignoring case, spaces and units', () => {
    const rows: SheetCell[][] = [
      [],
      ['Bar Mark', '牌号', 'DIA', 'longueur (mm)', 'no. of members', '每件根数', 'Geometry', 'Poids [kg]'],
      ['A1', 'HRB400E', 12, 975, 2, 5, '400:90; 600', 8.658],
    ];
    const preview = previewSheet(rows, 'xlsx', ctx());
    expect(preview.format).toBe('xlsx');
    expect(preview.problems).toEqual([]);
    expect(preview.lines[0]).toMatchObject({
      lineNo: 3,
      mark: 'A1',
      rebarId: uuid(1),
      length: 975,
      members: 2,
      barsPerMember: 5,
      quantity: 10,
      weight: 8.658,
      shapeCode: '11',
      mandrel: 48,
      techniqueIds: [CUT, BEND],
    });
    expect(demandImportPreviewSchema.parse(preview)).toEqual(preview);
  });

  it('throws MissingColumnsError naming the required columns that are missing', () => {
    const attempt = () => previewSheet([['Grade', 'Cut length']], 'csv', ctx());
    expect(attempt).toThrow(MissingColumnsError);
    try {
      attempt();
    } catch (error) {
      expect((error as MissingColumnsError).columns).toEqual(['mark', 'diameter']);
      expect((error as MissingColumnsError).labels('zh-CN')).toBe('编号, 直径');
    }
    expect(() => previewSheet([[], [null, '']], 'csv', ctx())).toThrow(MissingColumnsError);
  });

  it('finds the header below a title block', () => {
    const rows: SheetCell[][] = [
      ['Bar bending schedule — Tower A'],
      ['Drawing S-01', null, 'rev. b'],
      [],
      ['Mark', 'Grade', 'Diameter', 'Cut length', 'Quantity'],
      ['1', 'HRB400E', 12, '1 000', 2],
    ];
    const preview = previewSheet(rows, 'xlsx', ctx());
    expect(preview.problems).toEqual([]);
    expect(preview.lines.map((line) => [line.lineNo, line.length])).toEqual([[5, 1000]]);
  });

  it('reads text cells: decimal commas, a Φ before the diameter, numeric shape codes, empty rows skipped', () => {
    const rows: SheetCell[][] = [
      ['编号', '直径', '形状代码', '下料长度', '总根数', '备注', '图号', '每捆根数', '牌号'],
      ['1', 'Φ25', 0, '6000,0', '4', 'north side', 'S-01', '50', 'HRB400E'],
      [null, '', '  '],
      ['2', '12', 11, '975', '10', null, null, null, 'HRB 400E'],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(preview.problems).toEqual([]);
    expect(
      preview.lines.map((line) => [line.lineNo, line.diameter, line.shapeCode, line.length, line.quantity]),
    ).toEqual([
      [2, 25, '00', 6000, 4],
      [4, 12, '11', 975, 10],
    ]);
    expect(preview.lines[0]).toMatchObject({ remark: 'north side', drawing: 'S-01', piecesPerBundle: 50, members: 1 });
  });

  it('takes the weight column as the line’s total and warns beyond 3 %', () => {
    const rows: SheetCell[][] = [
      ['Mark', 'Diameter', 'Grade', 'Cut length', 'Quantity', 'Weight'],
      ['1', 12, 'HRB400E', 1000, 10, 8.9],
      ['2', 12, 'HRB400E', 1000, 10, 0.888],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(problemsOf(preview).map((p) => [p.lineNo, p.code])).toEqual([[3, 'weight_mismatch']]);
  });

  it('reads the techniques column as codes, whatever their case', () => {
    const rows: SheetCell[][] = [
      ['Mark', 'Diameter', 'Grade', 'Cut length', 'Quantity', 'Techniques'],
      ['1', 12, 'HRB400E', 1000, 10, 'cut, thread'],
      ['2', 12, 'HRB400E', 1000, 10, 'CUT，BEND，PAINT'],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(preview.lines.map((line) => line.techniqueIds)).toEqual([
      [CUT, THREAD],
      [CUT, BEND],
    ]);
  });

  it.each([
    ['quantity = members × bars', [2, 5, 10], { members: 2, barsPerMember: 5, quantity: 10 }],
    ['quantity alone is one member', [null, null, 7], { members: 1, barsPerMember: 7, quantity: 7 }],
    ['quantity and members give the bars', [3, null, 12], { members: 3, barsPerMember: 4, quantity: 12 }],
  ])('%s', (_name, [members, bars, quantity], expected) => {
    const rows: SheetCell[][] = [
      ['Mark', 'Diameter', 'Grade', 'Cut length', 'Members', 'Bars per member', 'Quantity'],
      ['1', 12, 'HRB400E', 1000, members ?? null, bars ?? null, quantity ?? null],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(preview.problems).toEqual([]);
    expect(preview.lines[0]).toMatchObject(expected);
  });

  it('quantity_mismatch when the quantity is not members × bars; missing_value when there is none', () => {
    const rows: SheetCell[][] = [
      [...header, 'Quantity'],
      ['1', 'HRB400E', 12, 1000, 2, 5, '', 11],
      ['2', 'HRB400E', 12, 1000, null, null, '', null],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(problemsOf(preview).map((p) => [p.lineNo, p.field, p.code])).toEqual([
      [2, 'quantity', 'quantity_mismatch'],
      [3, 'quantity', 'missing_value'],
    ]);
    expect(problemsOf(preview, 2)[0]?.message).toBe('The quantity 11 is not members 2 × bars per member 5');
    expect(preview.lines[0]?.quantity).toBeNull();
  });

  it('invalid_value for unreadable legs, counts and lengths', () => {
    const rows: SheetCell[][] = [
      header,
      ['1', 'HRB400E', 12, 1000, 1, 1, '400:90; abc'],
      ['2', 'HRB400E', 12, 'long', 1.5, 1, ''],
      ['3', 'HRB400E', -12, 1000, 1, 1, ''],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(problemsOf(preview).map((p) => [p.lineNo, p.field, p.code])).toEqual([
      [2, 'geometry', 'invalid_value'],
      [3, 'length', 'invalid_value'],
      [3, 'members', 'invalid_value'],
      [4, 'diameter', 'invalid_value'],
    ]);
  });

  it('length_mismatch on a sheet too, and the developed length when the length is empty', () => {
    const rows: SheetCell[][] = [
      header,
      ['1', 'HRB400E', 12, 1200, 1, 1, '400:90; 600'],
      ['2', 'HRB400E', 12, null, 1, 1, '400:90; 600'],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(codes(preview)).toEqual(['length_mismatch']);
    expect(preview.lines[1]?.length).toBe(975);
  });
});
