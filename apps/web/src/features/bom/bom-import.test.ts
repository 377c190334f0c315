import { describe, expect, it } from 'vitest';
import type { BomImportLine } from '@armature/domain';
import { importLines } from './bom-import.ts';

const line = (row: number, level: number, partCode: string, quantity: number): BomImportLine => ({
  row,
  level,
  partCode,
  partId: `id-${partCode}`,
  partName: partCode,
  quantity,
  positionNo: null,
  remark: null,
  problems: [],
});

describe('importLines', () => {
  it('sends the lines under the root, as read, and leaves the root line out', () => {
    const lines = importLines({
      lines: [line(2, 0, 'M', 1), line(3, 1, 'A', 2), line(4, 2, 'A1', 4)],
      errorCount: 0,
    });
    expect(lines).toEqual([
      { level: 1, partCode: 'A', quantity: 2, positionNo: null, remark: null },
      { level: 2, partCode: 'A1', quantity: 4, positionNo: null, remark: null },
    ]);
  });
});
