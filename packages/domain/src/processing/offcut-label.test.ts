import { describe, expect, it } from 'vitest';
import { offcutLabelLines } from './offcut-label.ts';

const label = {
  code: 'OC20261130-0001',
  scanId: 'q8X2v_Lk9mZ0aB3cD4eF5g',
  spec: 'HRB400E Φ12',
  length: 3480,
  count: 2,
  heatNos: ['G1R', 'G2R'],
  sourceCode: 'MT20261130-0007',
  madeAt: '2026-11-30T02:00:00.000Z',
  location: 'R1',
};

describe('offcut label lines', () => {
  it('captions each value the PDF and ZPL labels print, in the reader’s language', () => {
    expect(offcutLabelLines(label, 'en-US').map(([, value]) => value)).toEqual([
      'HRB400E Φ12',
      '3480 mm',
      '2',
      'G1R, G2R',
      'MT20261130-0007',
      '2026-11-30',
      'R1',
    ]);
    expect(offcutLabelLines(label, 'zh-CN')[3]![0]).toBe('炉号');
    // A lot without heats (kept before heats were tracked) says so; no source or location stays blank.
    const bare = offcutLabelLines({ ...label, heatNos: [], sourceCode: null, location: null }, 'fr-FR');
    expect(bare[3]![1]).not.toBe('');
    expect(bare[4]![1]).toBe('');
    expect(bare[6]![1]).toBe('');
  });
});
