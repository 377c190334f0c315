import { describe, expect, it } from 'vitest';
import { generateFamily } from '../bench/generated-families.ts';

describe('generated benchmark families', () => {
  it('are the same on every run', () => {
    expect(generateFamily('long', 3)).toEqual(generateFamily('long', 3));
    expect(generateFamily('many', 2)).toEqual(generateFamily('many', 2));
    expect(generateFamily('large', 2)).toEqual(generateFamily('large', 2));
  });

  it('long: capacities of 100,000–1,000,000 with 2–5 pieces per bar', () => {
    for (const { input } of generateFamily('long', 20)) {
      const capacity = input.stock[0]!.length;
      expect(capacity).toBeGreaterThanOrEqual(100_000);
      expect(capacity).toBeLessThanOrEqual(1_000_000);
      for (const d of input.demand) {
        expect(Math.floor(capacity / d.length)).toBeGreaterThanOrEqual(2);
        expect(Math.floor(capacity / d.length)).toBeLessThanOrEqual(5);
      }
    }
  });

  it('many: 500–1,000 piece types and tens of thousands of pieces', () => {
    for (const { input } of generateFamily('many', 5)) {
      expect(input.demand.length).toBeGreaterThanOrEqual(500);
      expect(input.demand.length).toBeLessThanOrEqual(1000);
      expect(input.demand.reduce((n, d) => n + d.quantity, 0)).toBeGreaterThanOrEqual(10_000);
    }
  });

  it('large: capacities of 100,000–1,500,000, 50–800 piece types of 1–80 % of it, demand 1–100', () => {
    for (const { input } of generateFamily('large', 10)) {
      const capacity = input.stock[0]!.length;
      expect(capacity).toBeGreaterThanOrEqual(100_000);
      expect(capacity).toBeLessThanOrEqual(1_500_000);
      expect(input.demand.length).toBeGreaterThanOrEqual(50);
      expect(input.demand.length).toBeLessThanOrEqual(800);
      for (const d of input.demand) {
        expect(d.length).toBeGreaterThanOrEqual(capacity * 0.01);
        expect(d.length).toBeLessThanOrEqual(capacity * 0.8);
        expect(d.quantity).toBeGreaterThanOrEqual(1);
        expect(d.quantity).toBeLessThanOrEqual(100);
      }
    }
  });
});
