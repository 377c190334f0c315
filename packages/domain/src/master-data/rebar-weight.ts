/**
 * Nominal mass per metre of ribbed bars, GB/T 1499.2 (kg/m), by nominal diameter (mm). Diameters the
 * table does not list use the steel formula 0.0061654·d² (density 7850 kg/m³), rounded to 3 decimals.
 */
export const NOMINAL_UNIT_WEIGHTS: Readonly<Record<number, number>> = {
  6: 0.222,
  8: 0.395,
  10: 0.617,
  12: 0.888,
  14: 1.21,
  16: 1.58,
  18: 2.0,
  20: 2.47,
  22: 2.98,
  25: 3.85,
  28: 4.83,
  32: 6.31,
  36: 7.99,
  40: 9.87,
  50: 15.42,
};

const STEEL_KG_PER_M_PER_MM2 = 0.0061654;

export function nominalUnitWeight(diameter: number): number {
  return NOMINAL_UNIT_WEIGHTS[diameter] ?? Math.round(STEEL_KG_PER_M_PER_MM2 * diameter * diameter * 1000) / 1000;
}

/** The unit weight a spec's bars are weighed with: its own, or the nominal one when it has none. */
export function specUnitWeight(spec: { unitWeight: number | null; diameter: number }): number {
  return spec.unitWeight ?? nominalUnitWeight(spec.diameter);
}

/** The name a spec goes by on screens and tags: `HRB400E Φ12`. */
export function rebarSpecName(grade: string, diameter: number): string {
  return `${grade} Φ${diameter}`;
}
