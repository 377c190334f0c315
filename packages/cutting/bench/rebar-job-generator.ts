/**
 * Deterministic synthetic rebar jobs: one diameter per job, 9 m and 12 m purchasable bars priced by weight, a few
 * inventory tails (already paid for: price 0), piece marks as on bending schedules (lengths in 10 mm steps, a
 * handful of long straight bars, many short stirrup/link lengths), waste threshold 500 mm.
 */
import type { CuttingInput } from '../src/model.ts';
import { random, randomInt } from './random.ts';

const DIAMETERS = [
  { mm: 8, kgPerMeter: 0.395 },
  { mm: 10, kgPerMeter: 0.617 },
  { mm: 12, kgPerMeter: 0.888 },
  { mm: 16, kgPerMeter: 1.578 },
  { mm: 20, kgPerMeter: 2.466 },
  { mm: 25, kgPerMeter: 3.853 },
] as const;

/** Steel price per kg in cents; 9 m bars cost a little more per kg (handling), as on many price lists. */
const CENTS_PER_KG = { 12000: 80, 9000: 82 } as const;

export interface RebarJob {
  name: string;
  input: CuttingInput;
}

export function generateRebarJob(seed: number): RebarJob {
  const rnd = random(seed);
  const int = randomInt(rnd);
  const diameter = DIAMETERS[int(0, DIAMETERS.length - 1)]!;
  const price = (length: number, centsPerKg: number): number =>
    Math.round((length / 1000) * diameter.kgPerMeter * centsPerKg);
  const marks = int(5, 40);
  const lengths = new Set<number>();
  while (lengths.size < marks) {
    const kind = rnd();
    // Long straight bars, medium bent bars, short links: rebar schedules mix all three.
    const length = kind < 0.2 ? int(600, 1150) * 10 : kind < 0.6 ? int(150, 600) * 10 : int(40, 150) * 10;
    lengths.add(length);
  }
  const demand = [...lengths].map((length, k) => ({
    ref: `mark ${100 + k}`,
    length,
    quantity: length > 6000 ? int(1, 20) : int(2, 80),
  }));
  const tails = Array.from({ length: int(0, 5) }, (_, k) => ({
    id: `tail ${k + 1}`,
    length: int(60, 500) * 10,
    cost: 0,
    available: int(1, 6),
    kind: 'tail' as const,
  }));
  return {
    name: `rebar_${String(seed).padStart(3, '0')}_d${diameter.mm}`,
    input: {
      stock: [
        { id: '12m', length: 12000, cost: price(12000, CENTS_PER_KG[12000]), available: null, kind: 'bar' },
        { id: '9m', length: 9000, cost: price(9000, CENTS_PER_KG[9000]), available: null, kind: 'bar' },
        ...tails,
      ],
      demand,
      options: { objective: 'min_cost', kerf: 0, wasteLength: 500, kgPerMeter: diameter.kgPerMeter },
    },
  };
}

export function generateRebarJobs(count: number, firstSeed = 1): RebarJob[] {
  return Array.from({ length: count }, (_, k) => generateRebarJob(firstSeed + k));
}
