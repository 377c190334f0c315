/**
 * GB/T 1499.2-2018 table 4: the allowed deviation of the actual mass per metre from the nominal one,
 * in percent, by nominal diameter — ±6 % for 6–12 mm, ±5 % for 14–20 mm, ±4 % for 22–50 mm.
 * Diameters between bands (13 mm) take the band of the next standard size up.
 */
export function weightDeviationLimit(diameter: number): number {
  if (diameter <= 12) return 6;
  if (diameter <= 20) return 5;
  return 4;
}

/**
 * The deviation of a weighed sample from its nominal mass, in percent rounded to 2 decimals:
 * (mass ÷ (length m × nominal kg/m) − 1) × 100. A sample lighter than nominal is negative.
 */
export function weightDeviationPercent(massKg: number, lengthMm: number, unitWeight: number): number {
  const nominal = (lengthMm / 1000) * unitWeight;
  return Math.round((massKg / nominal - 1) * 10_000) / 100;
}
