/**
 * Shewhart control charts (ISO 7870-2): individuals with a moving range (subgroup size 1), or X̄/R for
 * subgroups of 2–10 consecutive values. Limits are the centre ± 3σ estimated from the ranges.
 */

/** A2, D3, D4 by subgroup size n (ISO 7870-2 table 2); for individuals E2 = 2.66 and D4 = 3.267 (n = 2 moving ranges). */
const FACTORS: Readonly<Record<number, { a2: number; d3: number; d4: number }>> = {
  2: { a2: 1.88, d3: 0, d4: 3.267 },
  3: { a2: 1.023, d3: 0, d4: 2.574 },
  4: { a2: 0.729, d3: 0, d4: 2.282 },
  5: { a2: 0.577, d3: 0, d4: 2.114 },
  6: { a2: 0.483, d3: 0, d4: 2.004 },
  7: { a2: 0.419, d3: 0.076, d4: 1.924 },
  8: { a2: 0.373, d3: 0.136, d4: 1.864 },
  9: { a2: 0.337, d3: 0.184, d4: 1.816 },
  10: { a2: 0.308, d3: 0.223, d4: 1.777 },
};
const E2 = 2.66;
export const MAX_SUBGROUP_SIZE = 10;

export type ChartPoint = {
  /** The plotted value: the individual value, or the subgroup mean. */
  value: number;
  /** The moving range (individuals; null for the first point) or the subgroup range. */
  range: number | null;
  /** Outside the control limits of its chart (value or range). */
  outOfControl: boolean;
};

export type ControlChart = {
  subgroupSize: number;
  points: ChartPoint[];
  /** Centre line and limits of the value chart; null with too few points to estimate them. */
  centre: number | null;
  upperControl: number | null;
  lowerControl: number | null;
  /** Centre line and upper limit of the range chart (its lower limit is D3 × R̄, 0 below n = 7). */
  rangeCentre: number | null;
  rangeUpperControl: number | null;
  rangeLowerControl: number | null;
};

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The chart of `values` in the order they were taken. X̄/R uses complete subgroups only (a trailing
 * partial one is left out until it fills). Limits need at least two ranges.
 */
export function controlChart(values: readonly number[], subgroupSize = 1): ControlChart {
  if (!Number.isInteger(subgroupSize) || subgroupSize < 1 || subgroupSize > MAX_SUBGROUP_SIZE)
    throw new RangeError(`subgroup size ${subgroupSize} is not 1–${MAX_SUBGROUP_SIZE}`);
  const groups: number[][] = [];
  if (subgroupSize === 1) values.forEach((value) => groups.push([value]));
  else
    for (let start = 0; start + subgroupSize <= values.length; start += subgroupSize)
      groups.push(values.slice(start, start + subgroupSize));
  const plotted = groups.map(mean);
  const ranges = groups.map((group, index) =>
    subgroupSize === 1
      ? index === 0
        ? null
        : Math.abs(group[0]! - groups[index - 1]![0]!)
      : Math.max(...group) - Math.min(...group),
  );
  const known = ranges.filter((range): range is number => range !== null);
  if (known.length < 2)
    return {
      subgroupSize,
      points: plotted.map((value, index) => ({
        value: round(value),
        range: ranges[index] ?? null,
        outOfControl: false,
      })),
      centre: plotted.length ? round(mean(plotted)) : null,
      upperControl: null,
      lowerControl: null,
      rangeCentre: null,
      rangeUpperControl: null,
      rangeLowerControl: null,
    };
  const centre = mean(plotted);
  const rBar = mean(known);
  const factors = FACTORS[subgroupSize === 1 ? 2 : subgroupSize]!;
  const spread = subgroupSize === 1 ? E2 * rBar : factors.a2 * rBar;
  const upper = centre + spread;
  const lower = centre - spread;
  const rangeUpper = factors.d4 * rBar;
  const rangeLower = factors.d3 * rBar;
  return {
    subgroupSize,
    points: plotted.map((value, index) => {
      const range = ranges[index] ?? null;
      const outOfControl =
        value > upper || value < lower || (range !== null && (range > rangeUpper || range < rangeLower));
      return { value: round(value), range: range === null ? null : round(range), outOfControl };
    }),
    centre: round(centre),
    upperControl: round(upper),
    lowerControl: round(lower),
    rangeCentre: round(rBar),
    rangeUpperControl: round(rangeUpper),
    rangeLowerControl: round(rangeLower),
  };
}
