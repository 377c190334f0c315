import { describe, expect, it } from 'vitest';
import { weightDeviationLimit, weightDeviationPercent } from './weight-deviation.ts';

describe('weightDeviationLimit', () => {
  it('allows ±6 % for 6–12 mm, ±5 % for 14–20 mm, ±4 % for 22–50 mm', () => {
    expect([6, 8, 12, 14, 16, 20, 22, 32, 50].map(weightDeviationLimit)).toEqual([6, 6, 6, 5, 5, 5, 4, 4, 4]);
  });

  it('gives a diameter between bands the band of the next standard size up', () => {
    expect(weightDeviationLimit(13)).toBe(5);
    expect(weightDeviationLimit(21)).toBe(4);
  });
});

describe('weightDeviationPercent', () => {
  it('is 0 for a sample of exactly its nominal mass', () => {
    // 8 m of Φ12 at 0.888 kg/m weighs 7.104 kg.
    expect(weightDeviationPercent(7.104, 8000, 0.888)).toBe(0);
  });

  it('is negative for a light sample, positive for a heavy one, rounded to 2 decimals', () => {
    expect(weightDeviationPercent(6.8, 8000, 0.888)).toBe(-4.28);
    expect(weightDeviationPercent(4, 1000, 3.85)).toBe(3.9);
  });
});
