import { describe, expect, it } from 'vitest';
import type { DemandImportLine, ImportProblem } from '@armature/domain';
import {
  editLine,
  estimatedWeight,
  fromPreviewLine,
  hasOpenError,
  invalidFields,
  newLine,
  openProblems,
  toLineInput,
} from './demand-line.ts';

const previewLine: DemandImportLine = {
  lineNo: 4,
  mark: '4',
  grade: 'B500B',
  diameter: 12,
  rebarId: null,
  length: 2400,
  quantity: 8,
  members: null,
  barsPerMember: null,
  weight: 17.05,
  shapeCode: null,
  geometry: [{ length: 2400, angle: 0 }],
  mandrel: null,
  techniqueIds: [],
  piecesPerBundle: null,
  drawing: 'S-101 a',
  privateBlock: null,
  remark: null,
};

const SPEC_ID = '0193a5a0-0000-7000-8000-000000000012';

const problem = (field: string, code: ImportProblem['code'], severity: ImportProblem['severity']): ImportProblem => ({
  lineNo: 4,
  field,
  code,
  severity,
  message: code,
});

describe('demand lines', () => {
  it('counts a problem as handled once the field it is about changed', () => {
    const line = fromPreviewLine(previewLine, [
      problem('grade', 'unknown_spec', 'error'),
      problem('weight', 'weight_mismatch', 'warning'),
    ]);
    expect(hasOpenError(line)).toBe(true);
    const fixed = editLine(line, { rebarId: SPEC_ID, grade: 'HRB400E', diameter: 12 });
    expect(fixed.touched).toEqual(['rebarId']);
    // Choosing a spec answers both: the spec, and the weight that follows from it.
    expect(openProblems(fixed)).toEqual([]);
    expect(hasOpenError(fixed)).toBe(false);
  });

  it('counts a problem about the whole record as handled by any correction', () => {
    const line = fromPreviewLine(previewLine, [problem('record', 'checksum_mismatch', 'error')]);
    expect(hasOpenError(line)).toBe(true);
    expect(hasOpenError(editLine(line, { length: 2450 }))).toBe(false);
  });

  it('keeps quantity = members × bars per member, and derives the shape code of a new geometry', () => {
    let line = newLine();
    line = editLine(line, { members: 3 });
    line = editLine(line, { barsPerMember: 4 });
    expect(line.quantity).toBe(12);
    line = editLine(line, {
      geometry: [
        { length: 1000, angle: 90 },
        { length: 500, angle: 0 },
      ],
      mandrel: 64,
    });
    expect(line.shapeCode).toBe('11');
    line = editLine(line, { geometry: [] });
    expect(line.shapeCode).toBeNull();
    expect(line.mandrel).toBeNull();
  });

  it('sends a preview line as the preview returned it, with the fixes', () => {
    const line = editLine(fromPreviewLine(previewLine, []), { rebarId: SPEC_ID });
    expect(toLineInput(line)).toMatchObject({
      lineNo: 4,
      mark: '4',
      grade: 'B500B',
      rebarId: SPEC_ID,
      length: 2400,
      quantity: 8,
      weight: 17.05,
      geometry: [{ length: 2400, angle: 0 }],
      drawing: 'S-101 a',
    });
  });

  it('names what a line still lacks, and estimates its weight from the spec', () => {
    const empty = newLine();
    expect(invalidFields(empty)).toEqual(expect.arrayContaining(['mark', 'rebarId', 'length']));
    const line = editLine(fromPreviewLine(previewLine, []), { rebarId: SPEC_ID });
    expect(invalidFields(line)).toEqual([]);
    expect(estimatedWeight(line, { unitWeight: 0.888, diameter: 12 })).toBeCloseTo(17.05, 2);
  });
});
