import { describe, expect, it } from 'vitest';
import { shortOfMaterial } from './material-short.ts';

describe('shortOfMaterial', () => {
  it('keeps the work whose bars are missing, in order; unknown material (a bend, an ended task) is not short', () => {
    const missing = [{ stock: 'HRB400E Φ12', length: 12000, needed: 3, available: 0, held: 0 }];
    const work = [
      { code: 'T1', material: { ok: true, missing: [] } },
      { code: 'T2', material: { ok: false, missing } },
      { code: 'T3', material: null },
      { code: 'T4', material: { ok: false, missing } },
    ];
    expect(shortOfMaterial(work).map((each) => each.code)).toEqual(['T2', 'T4']);
  });
});
