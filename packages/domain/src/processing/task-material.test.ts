import { describe, expect, it } from 'vitest';
import { materialByNeed, missingMaterialText, purchaseKey, stockRowKey } from './task-material.ts';

describe('materialByNeed', () => {
  const row = stockRowKey('s1');
  const bought = purchaseKey('p1', 'r12', 12_000);

  it('gives each key’s bars to the work planned first; later work on the same bars lacks them', () => {
    const material = materialByNeed(
      [
        { id: 't1', key: row, bars: 3, name: 'HRB400E Φ12 H1', length: 9000 },
        { id: 't2', key: row, bars: 2, name: 'HRB400E Φ12 H1', length: 9000 },
        { id: 't3', key: bought, bars: 1, name: 'HRB400E Φ12', length: 12_000 },
      ],
      new Map([
        [row, { bars: 4, held: 0 }],
        [bought, { bars: 0, held: 2 }],
      ]),
    );
    expect(material.get('t1')).toEqual({ ok: true, missing: [] });
    expect(material.get('t2')).toEqual({
      ok: false,
      missing: [{ stock: 'HRB400E Φ12 H1', length: 9000, needed: 2, available: 1, held: 0 }],
    });
    expect(material.get('t3')).toEqual({
      ok: false,
      missing: [{ stock: 'HRB400E Φ12', length: 12_000, needed: 1, available: 0, held: 2 }],
    });
    expect(missingMaterialText(material.get('t3')!.missing)).toBe('HRB400E Φ12 12000mm 0/1');
  });
});
