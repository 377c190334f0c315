import type { ControlChartResult } from '@armature/domain';

export type ChartLine = 'centre' | 'ucl' | 'lcl' | 'lowerLimit' | 'upperLimit';

/** One plotted subgroup: its mean (or value), its range, and the mean again when it is out of control. */
export type ChartRow = {
  n: number;
  inspectionCode: string;
  inspectedAt: string;
  value: number;
  range: number | null;
  outOfControl: number | null;
};

export type ChartSeries = {
  rows: ChartRow[];
  /** Horizontal lines of the value chart, those the answer has (an open tolerance side has none). */
  lines: { line: ChartLine; y: number }[];
  rangeLines: { line: 'centre' | 'ucl' | 'lcl'; y: number }[];
  /** Y-axis bounds holding every value and every line, with some air. */
  domain: [number, number];
  rangeDomain: [number, number];
  outOfControlCount: number;
};

const present = <L extends string>(pairs: [L, number | null][]) =>
  pairs.flatMap(([line, y]) => (y === null ? [] : [{ line, y }]));

/** Some air above and below, so a point on a limit does not sit on the plot's edge. */
function paddedDomain(values: number[]): [number, number] {
  if (values.length === 0) return [0, 1];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const air = high === low ? Math.max(Math.abs(high) * 0.1, 1) : (high - low) * 0.1;
  return [low - air, high + air];
}

/** A control chart answer as the rows and reference lines of a value chart and a range chart. */
export function chartSeries(chart: ControlChartResult): ChartSeries {
  const rows = chart.points.map((point, index) => ({
    n: index + 1,
    inspectionCode: point.inspectionCode,
    inspectedAt: point.inspectedAt,
    value: point.value,
    range: point.range,
    outOfControl: point.outOfControl ? point.value : null,
  }));
  const lines = present<ChartLine>([
    ['centre', chart.centre],
    ['ucl', chart.upperControl],
    ['lcl', chart.lowerControl],
    ['lowerLimit', chart.lowerLimit],
    ['upperLimit', chart.upperLimit],
  ]);
  const rangeLines = present<'centre' | 'ucl' | 'lcl'>([
    ['centre', chart.rangeCentre],
    ['ucl', chart.rangeUpperControl],
    ['lcl', chart.rangeLowerControl],
  ]);
  const ranges = rows.flatMap((row) => (row.range === null ? [] : [row.range]));
  const [, rangeTop] = paddedDomain([0, ...ranges, ...rangeLines.map((line) => line.y)]);
  return {
    rows,
    lines,
    rangeLines,
    domain: paddedDomain([...rows.map((row) => row.value), ...lines.map((line) => line.y)]),
    rangeDomain: [0, rangeTop],
    outOfControlCount: rows.filter((row) => row.outOfControl !== null).length,
  };
}
