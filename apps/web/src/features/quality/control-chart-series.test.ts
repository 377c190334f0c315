import { describe, expect, it } from 'vitest';
import type { ControlChartResult } from '@armature/domain';
import { chartSeries } from './control-chart-series.ts';

const chart = (overrides: Partial<ControlChartResult>): ControlChartResult => ({
  inspectionTypeId: '00000000-0000-4000-8000-000000000001',
  code: 'CUT-LEN',
  name: '切断长度',
  unit: 'mm',
  subgroupSize: 1,
  lowerLimit: 995,
  upperLimit: 1005,
  centre: 1000,
  upperControl: 1003,
  lowerControl: 997,
  rangeCentre: 1.2,
  rangeUpperControl: 3.9,
  rangeLowerControl: 0,
  points: [
    { value: 1000, range: null, outOfControl: false, inspectedAt: '2026-11-20T08:00:00Z', inspectionCode: 'QI1' },
    { value: 1004, range: 4, outOfControl: true, inspectedAt: '2026-11-20T09:00:00Z', inspectionCode: 'QI2' },
    { value: 1001, range: 3, outOfControl: false, inspectedAt: '2026-11-20T10:00:00Z', inspectionCode: 'QI3' },
  ],
  ...overrides,
});

describe('chartSeries', () => {
  it('numbers the points and repeats only the out-of-control ones as highlights', () => {
    const series = chartSeries(chart({}));
    expect(series.rows.map((row) => [row.n, row.value, row.outOfControl])).toEqual([
      [1, 1000, null],
      [2, 1004, 1004],
      [3, 1001, null],
    ]);
    expect(series.outOfControlCount).toBe(1);
  });

  it('draws the lines the answer has, leaving out an open tolerance side', () => {
    const series = chartSeries(chart({ upperLimit: null }));
    expect(series.lines).toEqual([
      { line: 'centre', y: 1000 },
      { line: 'ucl', y: 1003 },
      { line: 'lcl', y: 997 },
      { line: 'lowerLimit', y: 995 },
    ]);
    expect(series.rangeLines.map((line) => line.line)).toEqual(['centre', 'ucl', 'lcl']);
  });

  it('keeps every value and line inside the axes, the range axis from zero', () => {
    const series = chartSeries(chart({}));
    expect(series.domain[0]).toBeLessThan(995);
    expect(series.domain[1]).toBeGreaterThan(1005);
    expect(series.rangeDomain[0]).toBe(0);
    expect(series.rangeDomain[1]).toBeGreaterThan(4);
  });

  it('gives a flat or empty chart some height', () => {
    const flat = chartSeries(
      chart({
        lowerLimit: null,
        upperLimit: null,
        centre: null,
        upperControl: null,
        lowerControl: null,
        points: [
          { value: 5, range: null, outOfControl: false, inspectedAt: '2026-11-20T08:00:00Z', inspectionCode: 'QI1' },
        ],
      }),
    );
    expect(flat.domain[0]).toBeLessThan(5);
    expect(flat.domain[1]).toBeGreaterThan(5);
    expect(
      chartSeries(
        chart({ points: [], centre: null, upperControl: null, lowerControl: null, lowerLimit: null, upperLimit: null }),
      ).domain,
    ).toEqual([0, 1]);
  });
});
