/**
 * Weighed against theoretical weight of delivered bars. GB/T 1499.2 (hot-rolled ribbed bars) lets a
 * delivery's actual weight deviate from its theoretical one (length × bars × nominal kg/m) by ±7 % for
 * Φ6–12, ±5 % for Φ14–20 and ±4 % for Φ22–50; beyond that the lot is flagged for the inspector. Sizes
 * outside those bands (or between them, e.g. Φ13) have no tolerance in the standard: never flagged.
 */
const BANDS = [
  { from: 6, to: 12, tolerance: 0.07 },
  { from: 14, to: 20, tolerance: 0.05 },
  { from: 22, to: 50, tolerance: 0.04 },
] as const;

/** The allowed deviation (a fraction, 0.05 = ±5 %) for a bar diameter in mm, null when the standard has none. */
export function weightTolerance(diameter: number): number | null {
  return BANDS.find((band) => diameter >= band.from && diameter <= band.to)?.tolerance ?? null;
}

export type WeightCheck = {
  /** (weighed − theoretical) / theoretical, rounded to 0.01 %. */
  deviation: number;
  tolerance: number | null;
  /** The deviation exceeds the tolerance (false when the standard gives none). */
  outOfTolerance: boolean;
};

/** The weighed weight checked against the theoretical one (both in grams); null when nothing can be said. */
export function weightCheck(
  theoreticalGrams: number,
  weighedGrams: number | null,
  diameter: number,
): WeightCheck | null {
  if (weighedGrams === null || theoreticalGrams <= 0) return null;
  const deviation = Math.round(((weighedGrams - theoreticalGrams) / theoreticalGrams) * 10_000) / 10_000;
  const tolerance = weightTolerance(diameter);
  return { deviation, tolerance, outOfTolerance: tolerance !== null && Math.abs(deviation) > tolerance };
}
