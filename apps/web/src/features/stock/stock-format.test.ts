import { describe, expect, it } from 'vitest';
import { STOCK_PERMISSIONS, buildMenuTree, flattenPages, pageUrlOf } from '@armature/domain';
import { formatKg, lengthValue, movePayload, stockRowLabel, weightChart } from './stock-format.ts';

describe('stock formatting', () => {
  it('shows weights with three decimals in the interface language', () => {
    expect(formatKg(79.92, 'en-US')).toBe('79.920');
    expect(formatKg(1234.5, 'zh-CN')).toBe('1,234.500');
    expect(formatKg(0.001, 'fr-FR')).toBe('0,001');
  });

  it('labels stock rows by spec and length, raw rows also by heat number', () => {
    expect(stockRowLabel({ rebarName: 'HRB400E Φ12', length: 9000, heatNo: null })).toBe('HRB400E Φ12-9000');
    expect(stockRowLabel({ rebarName: 'HRB400E Φ12', length: 9000, heatNo: '24A-1187' })).toBe(
      'HRB400E Φ12-9000-24A-1187',
    );
  });

  it('takes typed lengths as digits only, clamped to the bar limit', () => {
    expect(lengthValue('9000', 18_000)).toBe(9000);
    expect(lengthValue('9a0b0', 18_000)).toBe(900);
    expect(lengthValue('25000', 18_000)).toBe(18_000);
    expect(lengthValue('0', 18_000)).toBe(1);
    expect(lengthValue('', 18_000)).toBeUndefined();
    expect(lengthValue(undefined, 18_000)).toBeUndefined();
  });

  it('opens the ledger pages the stock permissions name', () => {
    const pages = new Map(flattenPages(buildMenuTree('zh-CN', () => true)).map((page) => [page.id, page.url]));
    for (const kind of ['raw', 'finished', 'tail'] as const) {
      const id = STOCK_PERMISSIONS[kind].log;
      expect(pageUrlOf(id)).toBe(pages.get(id));
    }
  });
});

describe('weight chart', () => {
  it('groups weights by diameter, one series per kind present, zero where a kind has none', () => {
    const chart = weightChart([
      { kind: 'tail', diameter: 12, quantity: 3, weight: 5.5 },
      { kind: 'raw', diameter: 16, quantity: 10, weight: 142.08 },
      { kind: 'raw', diameter: 12, quantity: 20, weight: 159.84 },
    ]);
    expect(chart.kinds).toEqual(['raw', 'tail']);
    expect(chart.rows).toEqual([
      { diameter: 12, raw: 159.84, tail: 5.5 },
      { diameter: 16, raw: 142.08, tail: 0 },
    ]);
    expect(weightChart([])).toEqual({ kinds: [], rows: [] });
  });
});

describe('manual moves', () => {
  const values = {
    direction: 'out' as const,
    reason: 'delivery' as const,
    rebarId: 'r1',
    length: 6000,
    heatNo: ' 24A-1187 ',
    quantity: 3,
    remark: '  ',
  };

  it('sends the heat number for raw stock only, and a blank remark as none', () => {
    expect(movePayload('raw', values)).toMatchObject({ heatNo: '24A-1187', remark: null });
    expect(movePayload('finished', values)).toMatchObject({ heatNo: null, quantity: 3, length: 6000 });
  });
});
