import { describe, expect, it } from 'vitest';
import { MAX_SUBGROUP_SIZE, controlChart } from './control-chart.ts';

describe('controlChart: individuals and moving range', () => {
  it('centres on the mean, limits at ± 2.66 R̄, range limit at 3.267 R̄', () => {
    // Moving ranges 2, 1, 2: R̄ = 5/3.
    const chart = controlChart([10, 12, 11, 13]);
    expect(chart.subgroupSize).toBe(1);
    expect(chart.centre).toBe(11.5);
    expect(chart.upperControl).toBeCloseTo(11.5 + 2.66 * (5 / 3), 4);
    expect(chart.lowerControl).toBeCloseTo(11.5 - 2.66 * (5 / 3), 4);
    expect(chart.rangeCentre).toBeCloseTo(5 / 3, 4);
    expect(chart.rangeUpperControl).toBeCloseTo(3.267 * (5 / 3), 4);
    expect(chart.rangeLowerControl).toBe(0);
    expect(chart.points.map((point) => point.range)).toEqual([null, 2, 1, 2]);
    expect(chart.points.some((point) => point.outOfControl)).toBe(false);
  });

  it('flags a point outside the value limits or whose range is outside the range limits', () => {
    // Ranges 0, 0, 0, 10: R̄ = 2.5, limits 12 ± 6.65, range limit 8.17.
    const chart = controlChart([10, 10, 10, 10, 20]);
    expect(chart.points.map((point) => point.outOfControl)).toEqual([false, false, false, false, true]);
  });

  it('has no limits with fewer than two ranges', () => {
    expect(controlChart([5, 7])).toMatchObject({
      centre: 6,
      upperControl: null,
      lowerControl: null,
      rangeCentre: null,
    });
    expect(controlChart([])).toMatchObject({ centre: null, points: [] });
  });
});

describe('controlChart: X̄ and R', () => {
  it('charts complete subgroups only, with A2 and D4 of the subgroup size', () => {
    // Subgroups [1, 3], [2, 4], [5, 5]; the trailing 9 waits for its subgroup to fill.
    const chart = controlChart([1, 3, 2, 4, 5, 5, 9], 2);
    expect(chart.points.map((point) => [point.value, point.range])).toEqual([
      [2, 2],
      [3, 2],
      [5, 0],
    ]);
    const rBar = 4 / 3;
    expect(chart.centre).toBeCloseTo(10 / 3, 4);
    expect(chart.upperControl).toBeCloseTo(10 / 3 + 1.88 * rBar, 4);
    expect(chart.rangeUpperControl).toBeCloseTo(3.267 * rBar, 4);
  });

  it('has a lower range limit (D3 × R̄) from subgroups of 7', () => {
    const values = Array.from({ length: 21 }, (_, i) => 10 + (i % 7));
    const chart = controlChart(values, 7);
    expect(chart.rangeCentre).toBe(6);
    expect(chart.rangeLowerControl).toBeCloseTo(0.076 * 6, 4);
  });

  it('refuses a subgroup size that is not a whole number from 1 to the maximum', () => {
    for (const size of [0, 1.5, MAX_SUBGROUP_SIZE + 1]) expect(() => controlChart([1, 2, 3], size)).toThrow(RangeError);
  });
});
