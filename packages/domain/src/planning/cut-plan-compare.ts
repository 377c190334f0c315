import type { PlanTotals } from './cut-plan.schema.ts';

/**
 * Two runs of a plan side by side (re-optimise and compare): each figure of both, the change from
 * a to b, and which run is better on it. Fewer bars, lower cost, less material, waste and gap, and a
 * higher use rate are better; tails are neither (reusable steel, but steel not used now), so
 * `better` is null for them, as it is when both runs are equal.
 */
export const COMPARED_FIGURES = [
  'bars',
  'cost',
  'materialWeight',
  'wasteWeight',
  'tailWeight',
  'useRate',
  'gap',
] as const;
export type ComparedFigure = (typeof COMPARED_FIGURES)[number];

export type RunDifference = {
  figure: ComparedFigure;
  a: number;
  b: number;
  /** b − a, rounded as the figure is. */
  difference: number;
  better: 'a' | 'b' | null;
};

type Preference = 'lower' | 'higher' | null;

const FIGURES: Readonly<Record<ComparedFigure, { decimals: number; preference: Preference }>> = {
  bars: { decimals: 0, preference: 'lower' },
  cost: { decimals: 2, preference: 'lower' },
  materialWeight: { decimals: 3, preference: 'lower' },
  wasteWeight: { decimals: 3, preference: 'lower' },
  tailWeight: { decimals: 3, preference: null },
  useRate: { decimals: 4, preference: 'higher' },
  gap: { decimals: 6, preference: 'lower' },
};

export type ComparedTotals = Pick<PlanTotals, ComparedFigure>;

export function compareRuns(a: ComparedTotals, b: ComparedTotals): RunDifference[] {
  return COMPARED_FIGURES.map((figure) => {
    const { decimals, preference } = FIGURES[figure];
    const difference = roundTo(b[figure] - a[figure], decimals);
    return { figure, a: a[figure], b: b[figure], difference, better: betterRun(difference, preference) };
  });
}

function betterRun(difference: number, preference: Preference): 'a' | 'b' | null {
  if (preference === null || difference === 0) return null;
  const bIsHigher = difference > 0;
  return bIsHigher === (preference === 'higher') ? 'b' : 'a';
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}
