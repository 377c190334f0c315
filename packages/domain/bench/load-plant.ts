import { seededRandom } from '../src/core/seeded-random.ts';
import type { LoadBundle, TruckLimits } from '../src/processing/load-plan.ts';

/**
 * The bench's truck: a 13.6 m flatbed, 25 t payload, twelve bays (rows between the stakes, counting the
 * layers a row is stacked in).
 */
export const BENCH_TRUCK: TruckLimits = { bedLength: 13_600, maxPayload: 25_000, bays: 12 };

/**
 * One generated delivery day: 20–200 bundles over 1–5 drops. Half are straight stock-length bars (6, 9
 * or 12 m), half bent pieces (0.8–4 m); a bundle weighs what its bars do (Φ10–Φ32 at 0.617–6.31 kg/m,
 * 20–100 bars), capped at the 3 t a crane lifts, so weight and floor length both bind on some days.
 */
export function generateDay(seed: number): LoadBundle[] {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const count = 20 + Math.floor(random() * 181);
  const drops = 1 + Math.floor(random() * 5);
  const kgPerMetre = [0.617, 0.888, 1.21, 1.58, 2.0, 2.47, 3.85, 4.83, 6.31];
  return Array.from({ length: count }, (_, index) => {
    const length = random() < 0.5 ? pick([6000, 9000, 12_000]) : 800 + Math.round(random() * 3200);
    const bars = 20 + Math.floor(random() * 81);
    const weight = Math.min(3000, Math.round((length / 1000) * pick(kgPerMetre) * bars * 1000) / 1000);
    return { id: `${seed}-${index + 1}`, length, weight, drop: 1 + Math.floor(random() * drops) };
  });
}
