/**
 * The stock per group: raw bars on hand (by length, counted, possibly several heats of the same length),
 * unlimited purchasable lengths priced by weight, and limited reusable offcuts at cost 0 or a configured cost.
 */
import { describe, expect, it } from 'vitest';
import { solveCuttingStock, validatePlan, type CuttingInput, type CuttingPlan } from '../src/index.ts';

const KG_PER_M = 0.888;
const CENTS_PER_KG = 80;
const byWeight = (length: number): number => Math.round((length / 1000) * KG_PER_M * CENTS_PER_KG);
const options = { objective: 'min_cost' as const, wasteLength: 500, kgPerMeter: KG_PER_M, workLimit: 20_000 };

function used(plan: CuttingPlan, stockId: string): number {
  return plan.patterns.filter((p) => p.stockId === stockId).reduce((n, p) => n + p.count, 0);
}

describe('stock sources', () => {
  it('uses counted raw bars on hand (two heats of the same length) up to their counts, then buys', async () => {
    const input: CuttingInput = {
      stock: [
        { id: 'raw 12m heat A', length: 12000, cost: byWeight(12000) - 50, available: 2 },
        { id: 'raw 12m heat B', length: 12000, cost: byWeight(12000) - 40, available: 1 },
        { id: 'buy 12m', length: 12000, cost: byWeight(12000) },
        { id: 'buy 9m', length: 9000, cost: byWeight(9000) + 10 },
      ],
      demand: [{ ref: 'line 1', length: 3000, quantity: 24 }],
      options,
    };
    const plan = await solveCuttingStock(input);
    expect(validatePlan(input, plan)).toEqual([]);
    // 24 × 3 m = six 12 m bars (nothing fits 9 m better): three on hand, the rest bought.
    expect(plan.bars).toBe(6);
    expect(used(plan, 'raw 12m heat A')).toBe(2);
    expect(used(plan, 'raw 12m heat B')).toBe(1);
    expect(used(plan, 'buy 12m')).toBe(3);
    expect(plan.cost).toBe(6 * byWeight(12000) - 2 * 50 - 40);
    expect(plan.provenOptimal).toBe(true);
  });

  it('uses free offcuts first, never more than are on hand', async () => {
    const input: CuttingInput = {
      stock: [
        { id: 'buy 12m', length: 12000, cost: byWeight(12000) },
        { id: 'tail 3.1m', length: 3100, cost: 0, available: 3, kind: 'tail' },
      ],
      demand: [{ ref: 'line 1', length: 3000, quantity: 11 }],
      options,
    };
    const plan = await solveCuttingStock(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(used(plan, 'tail 3.1m')).toBe(3);
    expect(used(plan, 'buy 12m')).toBe(2);
    expect(plan.cost).toBe(2 * byWeight(12000));
    expect(plan.patterns.find((p) => p.stockId === 'tail 3.1m')?.stockKind).toBe('tail');
  });

  it('prices offcuts at a configurable cost: used only while they are cheaper than new steel', async () => {
    const demand = [{ ref: 'line 1', length: 6000, quantity: 2 }];
    const cheap: CuttingInput = {
      stock: [
        { id: 'buy 12m', length: 12000, cost: 1000 },
        { id: 'tail 6m', length: 6000, cost: 400, available: 5, kind: 'tail' },
      ],
      demand,
      options,
    };
    const cheapPlan = await solveCuttingStock(cheap);
    expect(cheapPlan.cost).toBe(800);
    expect(used(cheapPlan, 'tail 6m')).toBe(2);

    const dear: CuttingInput = { ...cheap, stock: [cheap.stock[0]!, { ...cheap.stock[1]!, cost: 600 }] };
    const dearPlan = await solveCuttingStock(dear);
    expect(dearPlan.cost).toBe(1000);
    expect(used(dearPlan, 'tail 6m')).toBe(0);
  });

  it('reports pieces the limited stock cannot hold when nothing can be bought', async () => {
    const input: CuttingInput = {
      stock: [
        { id: 'raw 12m', length: 12000, cost: byWeight(12000), available: 1 },
        { id: 'tail 4m', length: 4000, cost: 0, available: 2, kind: 'tail' },
      ],
      demand: [{ ref: 'line 1', length: 4000, quantity: 6 }],
      options,
    };
    const plan = await solveCuttingStock(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(plan.status).toBe('partial');
    expect(used(plan, 'raw 12m')).toBe(1);
    expect(used(plan, 'tail 4m')).toBe(2);
    expect(plan.unplaced).toEqual([{ ref: 'line 1', length: 4000, count: 1, reason: 'not_enough_stock' }]);
  });
});
