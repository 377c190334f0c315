import { describe, expect, it } from 'vitest';
import { freeBarsByLength, planPurchases, useStockBeforeBuying, type SourcedPattern } from './cut-plan-purchases.ts';

const buy = (length: number, count: number): SourcedPattern => ({
  source: 'purchase',
  stockId: null,
  heatNo: null,
  stockLength: length,
  count,
});

describe('useStockBeforeBuying', () => {
  it('moves purchased bars onto free bars of the same length, oldest lot first, splitting a pattern', () => {
    const lots = [
      { stockId: 'old', heatNo: 'H1', length: 12_000, available: 2 },
      { stockId: 'new', heatNo: 'H2', length: 12_000, available: 3 },
      { stockId: 'nine', heatNo: 'H3', length: 9000, available: 9 },
    ];
    expect(useStockBeforeBuying([buy(12_000, 7)], lots)).toEqual([
      { source: 'stock', stockId: 'old', heatNo: 'H1', stockLength: 12_000, count: 2 },
      { source: 'stock', stockId: 'new', heatNo: 'H2', stockLength: 12_000, count: 3 },
      buy(12_000, 2),
    ]);
  });

  it('does not offer again the bars the plan already takes, and leaves other lengths bought', () => {
    const taken: SourcedPattern = { source: 'stock', stockId: 'old', heatNo: 'H1', stockLength: 12_000, count: 2 };
    const lots = [{ stockId: 'old', heatNo: 'H1', length: 12_000, available: 3 }];
    expect(useStockBeforeBuying([taken, buy(12_000, 2), buy(9000, 1)], lots)).toEqual([
      taken,
      { source: 'stock', stockId: 'old', heatNo: 'H1', stockLength: 12_000, count: 1 },
      buy(12_000, 1),
      buy(9000, 1),
    ]);
  });
});

describe('planPurchases', () => {
  it('sums what each spec buys per length and says why: no stock of that length, or all of it used', () => {
    const lots = [{ stockId: 'a', heatNo: null, length: 12_000, available: 4 }];
    const group = {
      rebarId: 'r12',
      grade: 'HRB400E',
      diameter: 12,
      patterns: [buy(12_000, 2), buy(9000, 1), buy(12_000, 1)],
      freeStock: freeBarsByLength(lots),
    };
    expect(planPurchases([group])).toEqual([
      { rebarId: 'r12', grade: 'HRB400E', diameter: 12, length: 12_000, bars: 3, freeBars: 4, reason: 'stock_used' },
      { rebarId: 'r12', grade: 'HRB400E', diameter: 12, length: 9000, bars: 1, freeBars: 0, reason: 'no_stock' },
    ]);
    expect(planPurchases([{ ...group, patterns: [] }])).toEqual([]);
  });
});
