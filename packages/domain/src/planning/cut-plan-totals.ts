import type { BarSource } from './cut-plan-status.ts';
import type { PlanTotals } from './cut-plan.schema.ts';

/**
 * The totals of a run over its spec groups (the spec's fields), kg with 3 decimals.
 *
 * - demand: the pieces cut (placed ones: unplaced pieces use no steel, so they are not in the rates);
 * - material: the bars used, whole (stock length × bars);
 * - tail: offcuts of kind `tail` (long enough to go back to tail stock). Tails are not waste;
 * - waste: the rest of the material: end trim, kerf, and offcuts too short to reuse;
 *   so demand + tail + waste = material, to the gram;
 * - useRate = demand / material, wasteRate = waste / material (0…1, 4 decimals; 0 without material);
 * - cost: Σ groups' cost; lowerBound: Σ groups' bound on the objective; gap = (Σ objective − bound) / bound;
 * - optimal: every group proven optimal (gap 0 then);
 * - saving against first-fit decreasing: FFD's material weight − ours (kg, and % of FFD's).
 */
export type TotalsPattern = {
  stockLength: number;
  source: BarSource;
  count: number;
  cuts: readonly { length: number; count: number }[];
  offcut: number;
  offcutKind: 'tail' | 'waste';
};

export type TotalsGroup = {
  grade: string;
  diameter: number;
  /** kg/m of the group's spec. */
  unitWeight: number;
  patterns: readonly TotalsPattern[];
  /** The optimiser's objective (bars or cost, whichever it minimised) and its lower bound. */
  objective: number;
  lowerBound: number;
  optimal: boolean;
  cost: number;
  /** Material weight (kg) of first-fit decreasing on the same input. */
  ffdMaterialWeight: number;
};

/** mm × kg/m = g; rounded once per group and figure, so that sums stay whole grams. */
const grams = (lengthMm: number, unitWeight: number) => Math.round(lengthMm * unitWeight);
const kg = (g: number) => g / 1000;
const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
};
const ratio = (part: number, whole: number, decimals: number) => (whole > 0 ? round(part / whole, decimals) : 0);

/** Lengths (mm) of one group: pieces cut, bars used, tails. */
export function groupLengths(patterns: readonly TotalsPattern[]): { demand: number; material: number; tail: number } {
  let demand = 0;
  let material = 0;
  let tail = 0;
  for (const pattern of patterns) {
    const pieces = pattern.cuts.reduce((sum, cut) => sum + cut.length * cut.count, 0);
    demand += pieces * pattern.count;
    material += pattern.stockLength * pattern.count;
    if (pattern.offcutKind === 'tail') tail += pattern.offcut * pattern.count;
  }
  return { demand, material, tail };
}

/** Weights in grams of one group; waste is what remains, so the three add up to the material. */
export function groupWeightGrams(group: Pick<TotalsGroup, 'patterns' | 'unitWeight'>) {
  const lengths = groupLengths(group.patterns);
  const demand = grams(lengths.demand, group.unitWeight);
  const material = grams(lengths.material, group.unitWeight);
  const tail = grams(lengths.tail, group.unitWeight);
  return { demand, material, tail, waste: material - demand - tail };
}

export type RawMaterial = PlanTotals['rawMaterials'][number];

/** The bars a run uses, per spec, source and length (a purchase list needs the spec), longest first. */
export function rawMaterialsOf(
  groups: readonly Pick<TotalsGroup, 'grade' | 'diameter' | 'unitWeight' | 'patterns'>[],
): RawMaterial[] {
  const rows = new Map<string, RawMaterial & { grade: string; diameter: number; grams: number }>();
  for (const group of groups) {
    for (const pattern of group.patterns) {
      const key = `${group.grade}|${group.diameter}|${pattern.source}|${pattern.stockLength}`;
      const row = rows.get(key) ?? {
        grade: group.grade,
        diameter: group.diameter,
        source: pattern.source,
        length: pattern.stockLength,
        count: 0,
        weight: 0,
        grams: 0,
      };
      row.count += pattern.count;
      row.grams += grams(pattern.stockLength * pattern.count, group.unitWeight);
      rows.set(key, row);
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.diameter - b.diameter || sourceOrder(a.source) - sourceOrder(b.source) || b.length - a.length)
    .map(({ grams: g, ...row }) => ({ ...row, weight: kg(g) }));
}

const sourceOrder = (source: BarSource) => ['stock', 'offcut', 'purchase'].indexOf(source);

export function planTotals(groups: readonly TotalsGroup[]): PlanTotals {
  const weights = groups.map(groupWeightGrams);
  const sum = (pick: (w: (typeof weights)[number]) => number) => weights.reduce((total, w) => total + pick(w), 0);
  const demand = sum((w) => w.demand);
  const material = sum((w) => w.material);
  const tail = sum((w) => w.tail);
  const waste = sum((w) => w.waste);
  const objective = groups.reduce((total, g) => total + g.objective, 0);
  const lowerBound = groups.reduce((total, g) => total + g.lowerBound, 0);
  const optimal = groups.every((g) => g.optimal);
  const ffd = Math.round(groups.reduce((total, g) => total + g.ffdMaterialWeight, 0) * 1000);
  return {
    demandWeight: kg(demand),
    materialWeight: kg(material),
    tailWeight: kg(tail),
    wasteWeight: kg(waste),
    useRate: ratio(demand, material, 4),
    wasteRate: ratio(waste, material, 4),
    rawMaterials: rawMaterialsOf(groups),
    bars: groups.reduce((total, g) => total + g.patterns.reduce((n, p) => n + p.count, 0), 0),
    cost: round(
      groups.reduce((total, g) => total + g.cost, 0),
      2,
    ),
    lowerBound: round(lowerBound, 6),
    // Proven groups have no gap, whatever rounding left in their objective and bound.
    gap: optimal ? 0 : ratio(Math.max(0, objective - lowerBound), lowerBound, 6),
    optimal,
    saving: { kg: kg(ffd - material), percent: ratio((ffd - material) * 100, ffd, 2) },
  };
}
