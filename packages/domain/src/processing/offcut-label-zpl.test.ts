import { describe, expect, it } from 'vitest';
import { offcutLabelsZpl } from './offcut-label-zpl.ts';

const label = {
  code: 'OC20261130-0001',
  scanId: 'q8X2v_Lk9mZ0aB3cD4eF5g',
  spec: 'HRB400E Φ12',
  length: 3480,
  count: 2,
  heatNos: ['G1R', 'G2^R'],
  sourceCode: 'MT20261130-0007',
  madeAt: '2026-11-30T02:00:00.000Z',
  location: 'R1',
};

describe('offcut label ZPL', () => {
  it('writes one 100 × 60 mm label per lot with the scan id in the QR and every field escaped', () => {
    const zpl = offcutLabelsZpl([label, { ...label, heatNos: [], code: 'OC20261130-0002' }], '203', 'en-US');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain('^PW800');
    expect(zpl).toContain('^LL480');
    expect(zpl).toContain(`^FDMA,q8X2v_5FLk9mZ0aB3cD4eF5g^FS`);
    expect(zpl).toContain('^FDOC20261130-0001^FS');
    expect(zpl).toContain('3480 mm');
    // A caret in a value cannot start a command; a lot without heats says so.
    expect(zpl).toContain('G1R, G2_5ER');
    expect(zpl).toContain('heat unknown');
    expect(offcutLabelsZpl([label], '300', 'zh-CN')).toContain('^PW1200');
    expect(offcutLabelsZpl([label], '300', 'zh-CN')).toContain('炉号');
  });
});
