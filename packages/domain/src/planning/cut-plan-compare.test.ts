import { describe, expect, it } from 'vitest';
import { compareRuns, type ComparedTotals } from './cut-plan-compare.ts';

const first: ComparedTotals = {
  bars: 10,
  cost: 1200.5,
  materialWeight: 106.56,
  wasteWeight: 3.1,
  tailWeight: 2,
  useRate: 0.952,
  gap: 0.004,
};

describe('compareRuns', () => {
  it('gives both figures, b − a, and the better run on each', () => {
    const second = { ...first, bars: 9, cost: 1250.25, wasteWeight: 3.1, tailWeight: 4.2, useRate: 0.9611, gap: 0 };
    expect(compareRuns(first, second)).toEqual([
      { figure: 'bars', a: 10, b: 9, difference: -1, better: 'b' },
      { figure: 'cost', a: 1200.5, b: 1250.25, difference: 49.75, better: 'a' },
      { figure: 'materialWeight', a: 106.56, b: 106.56, difference: 0, better: null },
      { figure: 'wasteWeight', a: 3.1, b: 3.1, difference: 0, better: null },
      { figure: 'tailWeight', a: 2, b: 4.2, difference: 2.2, better: null },
      { figure: 'useRate', a: 0.952, b: 0.9611, difference: 0.0091, better: 'b' },
      { figure: 'gap', a: 0.004, b: 0, difference: -0.004, better: 'b' },
    ]);
  });

  it('rounds the differences as the figures are (no 0.30000000000000004)', () => {
    const rows = compareRuns({ ...first, wasteWeight: 0.1 }, { ...first, wasteWeight: 0.4 });
    expect(rows.find((row) => row.figure === 'wasteWeight')).toMatchObject({ difference: 0.3, better: 'a' });
  });
});
