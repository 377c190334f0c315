import { describe, expect, it } from 'vitest';
import { generatePlan } from '../bench/plan-generator.ts';
import { solveWithFfd, validatePlan } from '../src/index.ts';

describe('bench:plan generator (2,000 lines over 8 diameters)', () => {
  it('is deterministic and gives valid groups with stock on hand, stock to buy and offcuts', () => {
    const groups = generatePlan(2000, 8, 1);
    expect(generatePlan(2000, 8, 1)).toEqual(groups);
    expect(groups.map((g) => g.lines)).toEqual(Array(8).fill(250));
    const pieces = groups.reduce((n, g) => n + g.pieces, 0);
    expect(pieces).toBeGreaterThan(18_000);
    expect(pieces).toBeLessThan(22_000);
    for (const g of groups) {
      expect(g.input.stock.some((s) => s.available !== undefined && s.kind !== 'tail')).toBe(true);
      expect(g.input.stock.filter((s) => s.available === undefined).map((s) => s.length)).toEqual([12000, 9000]);
      const ffd = solveWithFfd(g.input);
      expect(validatePlan(g.input, ffd)).toEqual([]);
      expect(ffd.unplaced).toEqual([]);
    }
  });
});
