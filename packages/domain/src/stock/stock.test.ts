import { describe, expect, it } from 'vitest';
import { menuPagePermissions } from '../core/menu/menu-pages.ts';
import {
  MANUAL_REASONS,
  RECEIPT_PERMISSIONS,
  STOCK_INTEGRITY_PERMISSION,
  STOCK_KINDS,
  STOCK_PERMISSIONS,
} from './stock-kinds.ts';
import { manualMoveProblems } from './stock-move-rules.ts';
import { applyMove, weightGrams } from './stock-weight.ts';
import { STOCK_PAGES } from './stock.menu.ts';
import { rebarReceiveInputSchema, stockMoveInputSchema } from './stock.schema.ts';

const SOME_ID = '0b7f4c1e-3f7a-4c55-9a0e-6d2b8f1c2a44';

describe('stock weights', () => {
  it('weighs bars in whole grams: 9 m × 10 bars of Φ12 (0.888 kg/m) is 79.92 kg', () => {
    expect(weightGrams(9000, 10, 0.888)).toBe(79_920);
    expect(weightGrams(1, 1, 0.222)).toBe(0);
  });

  it('adds in-moves and refuses an out-move larger than the balance, with the shortfall', () => {
    const start = { quantity: 3, weightGrams: 23_976 };
    const taken = applyMove(start, { direction: 'in', quantity: 2, lengthMm: 9000, unitWeight: 0.888 });
    expect(taken).toEqual({ ok: true, weightGrams: 15_984, after: { quantity: 5, weightGrams: 39_960 } });
    expect(applyMove(start, { direction: 'out', quantity: 5, lengthMm: 9000, unitWeight: 0.888 })).toEqual({
      ok: false,
      available: 3,
      shortfall: 2,
    });
  });

  it('empties a stock of all its weight even when the unit weight changed between moves', () => {
    const booked = { quantity: 2, weightGrams: 15_984 };
    const heavier = applyMove(booked, { direction: 'out', quantity: 1, lengthMm: 9000, unitWeight: 0.9 });
    expect(heavier).toEqual({ ok: true, weightGrams: 8_100, after: { quantity: 1, weightGrams: 7_884 } });
    if (!heavier.ok) throw new Error('unreachable');
    const last = applyMove(heavier.after, { direction: 'out', quantity: 1, lengthMm: 9000, unitWeight: 0.9 });
    expect(last).toEqual({ ok: true, weightGrams: 7_884, after: { quantity: 0, weightGrams: 0 } });
  });
});

describe('stock rules', () => {
  // The stock pages are the stock area's share of the menu catalogue (catalogue.test.ts pins the whole).
  it('guards every kind with permissions of the menu catalogue', () => {
    const permissions = new Set(menuPagePermissions(STOCK_PAGES));
    const names = [
      ...STOCK_KINDS.flatMap((kind) => Object.values(STOCK_PERMISSIONS[kind])),
      ...Object.values(RECEIPT_PERMISSIONS),
      STOCK_INTEGRITY_PERMISSION,
    ];
    for (const name of names) expect(permissions.has(name), name).toBe(true);
  });

  it('allows receipts only through rebarReceive and asks raw moves for their heat number', () => {
    for (const kind of STOCK_KINDS) expect(MANUAL_REASONS[kind].in).not.toContain('receipt');
    expect(manualMoveProblems('raw', { direction: 'out', reason: 'consumption', heatNo: null })).toEqual({
      heatNo: ['required'],
    });
    expect(manualMoveProblems('finished', { direction: 'out', reason: 'delivery' })).toEqual({});
    expect(manualMoveProblems('finished', { direction: 'in', reason: 'delivery' })).toEqual({
      reason: ['reasonNotAllowed'],
    });
  });

  it('refuses zero, negative and fractional quantities and impossible lengths', () => {
    const move = { rebarId: SOME_ID, length: 6000, direction: 'out', reason: 'delivery' };
    for (const quantity of [0, -1, 1.5])
      expect(stockMoveInputSchema.safeParse({ ...move, quantity }).success).toBe(false);
    for (const length of [0, 18_001])
      expect(stockMoveInputSchema.safeParse({ ...move, quantity: 1, length }).success).toBe(false);
    expect(stockMoveInputSchema.safeParse({ ...move, quantity: 1 }).success).toBe(true);
    const receipt = {
      rebarId: SOME_ID,
      supplier: '沙钢',
      heatNo: '24A-1187',
      length: 9000,
      bundles: 2,
      barCount: 120,
      receiveDate: '2026-11-20',
    };
    expect(rebarReceiveInputSchema.parse(receipt).remark).toBeNull();
    expect(rebarReceiveInputSchema.safeParse({ ...receipt, receiveDate: '2026-13-01' }).success).toBe(false);
  });
});
