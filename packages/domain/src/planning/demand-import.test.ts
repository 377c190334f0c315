import { describe, expect, it } from 'vitest';
import { parseBvbs } from './bvbs.ts';
import { bvbsOfOrder, sheetHeader, sheetOfOrder } from './demand-export.ts';
import { previewBvbs } from './demand-import-bvbs.ts';
import { previewSheet } from './demand-import-sheet.ts';
import { uuid, ctx, rec, L_BAR } from './demand-import.fixture.ts';
import { type SheetCell } from './demand-import.ts';
import { type DemandImportLine, type DemandOrderLine } from './demand-order.schema.ts';

/** A saved line, as the API returns it, from a preview line. */
function savedLine(line: DemandImportLine, index: number): DemandOrderLine {
  return {
    id: uuid(1000 + index),
    lineNo: index + 1,
    mark: line.mark,
    rebarId: line.rebarId ?? '',
    rebarName: '',
    grade: line.grade,
    diameter: line.diameter ?? 0,
    length: line.length ?? 0,
    members: line.members ?? 1,
    barsPerMember: line.barsPerMember ?? 0,
    quantity: line.quantity ?? 0,
    weight: line.weight ?? 0,
    shapeCode: line.shapeCode,
    geometry: line.geometry,
    mandrel: line.mandrel,
    techniqueIds: line.techniqueIds,
    piecesPerBundle: line.piecesPerBundle,
    drawing: line.drawing,
    privateBlock: line.privateBlock,
    remark: line.remark,
    plannedQuantity: 0,
    producedQuantity: 0,
    supersededRevision: null,
  };
}

const ORDER_ROWS: SheetCell[][] = [
  [
    'Mark',
    'Grade',
    'Diameter',
    'Cut length',
    'Members',
    'Bars per member',
    'Legs',
    'Mandrel',
    'Techniques',
    'Pieces per bundle',
    'Drawing',
    'Remark',
    'Shape code',
  ],
  ['B3-01', 'HRB400E', 12, 975, 2, 5, '400:90; 600', 48, 'CUT, BEND', 100, '417 (a)', 'beam', null],
  [
    'L1',
    'HPB300',
    10,
    1780,
    20,
    10,
    '120:135; 300:90; 500:90; 300:90; 500:135; 120',
    25,
    'CUT, BEND',
    null,
    null,
    null,
    null,
  ],
  ['T1', 'HRB400E', 25, 3000, 1, 4, '', null, 'CUT, THREAD', 20, 'S-01', null, null],
  ['U1', 'HRB400E', 12, 1550, 3, 2, '300,5:90; 1000:90; 300,5', 60, 'CUT, BEND', null, null, null, 'U7'],
];
const ORDER = previewSheet(ORDER_ROWS, 'xlsx', ctx()).lines.map(savedLine);
const TECHNIQUES = ctx().techniques;

describe('round trips', () => {
  it('the order used below imports cleanly', () => {
    expect(previewSheet(ORDER_ROWS, 'xlsx', ctx()).problems).toEqual([]);
  });

  it('BVBS: previewBvbs(bvbsOfOrder(order)) gives the same lines and valid checksums', () => {
    const text = bvbsOfOrder({ project: 'Tower A', lines: ORDER, techniques: TECHNIQUES });
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = parseBvbs(text);
    expect(parsed.every((line) => line.kind === 'record' && line.checksum.found === line.checksum.expected)).toBe(true);
    const preview = previewBvbs(text, ctx());
    expect(preview.problems).toEqual([]);
    expect(preview.project).toBe('Tower A');
    const comparable = (line: DemandImportLine | DemandOrderLine) => ({
      mark: line.mark,
      grade: line.grade,
      diameter: line.diameter,
      rebarId: line.rebarId,
      length: line.length,
      quantity: line.quantity,
      weight: line.weight,
      shapeCode: line.shapeCode,
      geometry: line.geometry.map((leg, index) => (index === line.geometry.length - 1 ? { ...leg, angle: 0 } : leg)),
      mandrel: line.mandrel,
      techniqueIds: line.techniqueIds,
      drawing: line.drawing,
      privateBlock: line.privateBlock,
    });
    // A shape code the detailer chose (U7) is not in BVBS; the derived one comes back.
    const expected = ORDER.map((line) => ({
      ...comparable(line),
      shapeCode: line.shapeCode === 'U7' ? '21' : line.shapeCode,
    }));
    expect(preview.lines.map(comparable)).toEqual(expected);
  });

  it('xlsx: previewSheet(sheetOfOrder(order)) gives the same lines, in every language', () => {
    for (const locale of ['zh-CN', 'en-US', 'fr-FR'] as const) {
      const sheet = sheetOfOrder(ORDER, locale, TECHNIQUES);
      const preview = previewSheet([sheet.header, ...sheet.rows], 'xlsx', ctx('en-US'));
      expect(preview.problems).toEqual([]);
      expect(preview.lines.map((line, index) => savedLine(line, index))).toEqual(ORDER);
    }
  });

  it('the template is the header alone, in the user’s language, with units', () => {
    expect(sheetOfOrder([], 'zh-CN').header).toEqual(sheetHeader('zh-CN'));
    expect(sheetHeader('zh-CN').slice(0, 5)).toEqual(['编号', '牌号', '直径 (mm)', '形状代码', '下料长度 (mm)']);
    expect(previewSheet([sheetHeader('fr-FR')], 'xlsx', ctx()).lines).toEqual([]);
  });
});

// Speed is measured by `npm run bench:import` (docs/benchmarks.md), not here: these only check that
// a schedule of the largest size allowed reads whole.
describe('the largest schedule', () => {
  const N = 20_000;

  it(`reads ${N} BVBS lines`, () => {
    const text = Array.from({ length: N }, (_, i) => rec(L_BAR.replace('pB3-01', `p${i}`))).join('\r\n');
    const preview = previewBvbs(text, ctx());
    expect(preview.lines).toHaveLength(N);
    expect(preview.lines.at(-1)?.mark).toBe(`${N - 1}`);
    expect(preview.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it(`reads ${N} sheet rows`, () => {
    const header = ORDER_ROWS[0]!;
    const rows: SheetCell[][] = [header, ...Array.from({ length: N }, (_, i) => [`M${i}`, ...ORDER_ROWS[1]!.slice(1)])];
    const preview = previewSheet(rows, 'xlsx', ctx());
    expect(preview.lines).toHaveLength(N);
    expect(preview.lines.at(-1)?.mark).toBe(`M${N - 1}`);
  });
});
