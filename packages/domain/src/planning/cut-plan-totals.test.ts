import { describe, expect, it } from 'vitest';
import { planTotalsSchema } from './cut-plan.schema.ts';
import { groupLengths, planTotals, type TotalsGroup } from './cut-plan-totals.ts';

/** Φ12 (0.888 kg/m): 2 stock bars of 12 m with 3 × 3000 and a 2965 tail; 1 purchased 9 m bar, 2 × 4000, 970 waste. */
const phi12 = (): TotalsGroup => ({
  grade: 'HRB400E',
  diameter: 12,
  unitWeight: 0.888,
  patterns: [
    {
      stockLength: 12000,
      source: 'stock',
      count: 2,
      cuts: [{ length: 3000, count: 3 }],
      offcut: 2965,
      offcutKind: 'tail',
    },
    {
      stockLength: 9000,
      source: 'purchase',
      count: 1,
      cuts: [{ length: 4000, count: 2 }],
      offcut: 970,
      offcutKind: 'waste',
    },
  ],
  objective: 3,
  lowerBound: 3,
  optimal: true,
  cost: 100,
  ffdMaterialWeight: 33 * 0.888,
});

/** Φ16 (1.58 kg/m): one offcut of 5000 with 4800; bound 0.9 of a bar. */
const phi16 = (): TotalsGroup => ({
  grade: 'HRB400E',
  diameter: 16,
  unitWeight: 1.58,
  patterns: [
    {
      stockLength: 5000,
      source: 'offcut',
      count: 1,
      cuts: [{ length: 4800, count: 1 }],
      offcut: 175,
      offcutKind: 'waste',
    },
  ],
  objective: 1,
  lowerBound: 0.9,
  optimal: false,
  cost: 0,
  ffdMaterialWeight: 5 * 1.58,
});

describe('groupLengths', () => {
  it('counts pieces, bars and tails over every repetition', () => {
    expect(groupLengths(phi12().patterns)).toEqual({ demand: 18000 + 8000, material: 33000, tail: 5930 });
  });
});

describe('planTotals', () => {
  const totals = planTotals([phi12(), phi16()]);

  it('answers the schema', () => {
    expect(planTotalsSchema.parse(totals)).toEqual(totals);
  });

  it('weighs length × count × the group kg/m, in kg with 3 decimals', () => {
    expect(totals.demandWeight).toBe(30.672);
    expect(totals.materialWeight).toBe(37.204);
    expect(totals.tailWeight).toBe(5.266);
  });

  it('calls waste everything else: trim, kerf, short offcuts (not tails), so the weights add up', () => {
    expect(totals.demandWeight + totals.tailWeight + totals.wasteWeight).toBeCloseTo(totals.materialWeight, 9);
    expect(totals.wasteWeight).toBe(1.266);
  });

  it('gives use and waste rates over the material', () => {
    expect(totals.useRate).toBe(Math.round((30.672 / 37.204) * 1e4) / 1e4);
    expect(totals.wasteRate).toBe(Math.round((1.266 / 37.204) * 1e4) / 1e4);
  });

  it('lists the bars by spec, source and length', () => {
    expect(totals.rawMaterials).toEqual([
      { grade: 'HRB400E', diameter: 12, source: 'stock', length: 12000, count: 2, weight: 21.312 },
      { grade: 'HRB400E', diameter: 12, source: 'purchase', length: 9000, count: 1, weight: 7.992 },
      { grade: 'HRB400E', diameter: 16, source: 'offcut', length: 5000, count: 1, weight: 7.9 },
    ]);
  });

  it('sums bars, cost and bound; the gap is over the bound, optimal only when every group is', () => {
    expect(totals).toMatchObject({ bars: 4, cost: 100, lowerBound: 3.9, optimal: false });
    expect(totals.gap).toBe(Math.round((0.1 / 3.9) * 1e6) / 1e6);
    expect(planTotals([phi12()])).toMatchObject({ optimal: true, gap: 0 });
  });

  it('saves against FFD in kg and % of its material', () => {
    expect(totals.saving).toEqual({ kg: 0, percent: 0 });
    const worseFfd = { ...phi12(), ffdMaterialWeight: 39.072 };
    expect(planTotals([worseFfd]).saving).toEqual({ kg: 9.768, percent: 25 });
  });

  it('answers zeros for no groups', () => {
    expect(planTotals([])).toMatchObject({ materialWeight: 0, useRate: 0, wasteRate: 0, gap: 0, optimal: true });
  });
});
