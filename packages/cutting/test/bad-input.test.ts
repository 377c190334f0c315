import { describe, expect, it } from 'vitest';
import {
  CuttingInputError,
  solveCuttingStock,
  startCuttingJob,
  validatePlan,
  type CuttingInput,
} from '../src/index.ts';

const ok: CuttingInput = { stock: [{ length: 1000 }], demand: [{ ref: 'a', length: 300, quantity: 4 }] };

describe('bad input', () => {
  it.each([
    ['zero stock length', { ...ok, stock: [{ length: 0 }] }],
    ['negative piece length', { ...ok, demand: [{ length: -5, quantity: 1 }] }],
    ['zero quantity', { ...ok, demand: [{ length: 5, quantity: 0 }] }],
    ['non-integer length', { ...ok, demand: [{ length: 12.5, quantity: 1 }] }],
    ['non-integer quantity', { ...ok, demand: [{ length: 12, quantity: 1.5 }] }],
    ['NaN length', { ...ok, stock: [{ length: Number.NaN }] }],
    ['string length', { ...ok, stock: [{ length: '1000' as unknown as number }] }],
    ['empty demand', { ...ok, demand: [] }],
    ['empty stock', { ...ok, stock: [] }],
    ['missing arrays', {} as CuttingInput],
    ['absurd bar length', { ...ok, stock: [{ length: 1e12 }] }],
    ['absurd quantity', { ...ok, demand: [{ length: 10, quantity: 1e9 }] }],
    ['negative kerf', { ...ok, options: { kerf: -1 } }],
    ['negative availability', { ...ok, stock: [{ length: 1000, available: -2 }] }],
    ['unknown objective', { ...ok, options: { objective: 'max_profit' as never } }],
    ['zero time limit', { ...ok, options: { timeLimitMs: 0 } }],
  ])('%s → CuttingInputError', async (_name, input) => {
    const error = await solveCuttingStock(input as CuttingInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CuttingInputError);
    expect((error as CuttingInputError).issues.length).toBeGreaterThan(0);
  });

  it('rejects through the worker API with the same error', async () => {
    const error = await startCuttingJob({ ...ok, demand: [] }).result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CuttingInputError);
  });

  it('reports pieces longer than every bar as unplaced, and plans the rest', async () => {
    const input: CuttingInput = {
      stock: [{ length: 1000 }, { length: 600 }],
      demand: [...ok.demand, { ref: 'long', length: 1200, quantity: 2 }],
    };
    const plan = await solveCuttingStock(input);
    expect(plan.status).toBe('partial');
    expect(plan.unplaced).toEqual([{ ref: 'long', length: 1200, count: 2, reason: 'longer_than_every_stock' }]);
    expect(plan.bars).toBe(2);
    expect(validatePlan(input, plan)).toEqual([]);
  });

  it('reports pieces beyond the limited stock as unplaced', async () => {
    const input: CuttingInput = {
      stock: [{ length: 1000, available: 2 }],
      demand: [{ ref: 'a', length: 400, quantity: 7 }],
    };
    const plan = await solveCuttingStock(input);
    expect(plan.status).toBe('partial');
    expect(plan.bars).toBe(2);
    expect(plan.unplaced).toEqual([{ ref: 'a', length: 400, count: 3, reason: 'not_enough_stock' }]);
    expect(validatePlan(input, plan)).toEqual([]);
  });

  it('treats a piece that only an exhausted stock could hold as short of stock, not too long', async () => {
    const input: CuttingInput = {
      stock: [{ length: 500 }, { length: 2000, available: 0 }],
      demand: [{ ref: 'x', length: 1500, quantity: 1 }],
    };
    const plan = await solveCuttingStock(input);
    expect(plan.unplaced).toEqual([{ ref: 'x', length: 1500, count: 1, reason: 'not_enough_stock' }]);
  });

  it('copes with nothing placeable at all (every stock exhausted, every piece too long)', async () => {
    const input: CuttingInput = {
      stock: [{ length: 200, available: 0 }],
      demand: [{ ref: 'x', length: 195, quantity: 1 }],
      options: { endTrim: 6 },
    };
    const plan = await solveCuttingStock(input);
    expect(plan).toMatchObject({ status: 'partial', bars: 0, objective: 0, lowerBound: 0, gap: 0 });
    expect(plan.unplaced).toEqual([{ ref: 'x', length: 195, count: 1, reason: 'longer_than_every_stock' }]);
  });
});
