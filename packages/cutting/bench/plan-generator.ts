/**
 * Deterministic cutting plan for `bench:plan`: order lines dealt over diameter groups, each group with
 * 12 m bars on hand (counted, at book value), 12 m and 9 m bars to buy (unlimited, priced by weight) and a few
 * offcuts at cost 0.
 */
import type { CuttingInput } from '../src/model.ts';
import { random, randomInt } from './random.ts';

const DIAMETERS = [
  { mm: 8, kgPerMeter: 0.395 },
  { mm: 10, kgPerMeter: 0.617 },
  { mm: 12, kgPerMeter: 0.888 },
  { mm: 14, kgPerMeter: 1.208 },
  { mm: 16, kgPerMeter: 1.578 },
  { mm: 20, kgPerMeter: 2.466 },
  { mm: 25, kgPerMeter: 3.853 },
  { mm: 32, kgPerMeter: 6.313 },
] as const;
/** Cents per kg: bought 12 m / 9 m bars, and the book value of bars already on hand. */
const CENTS_PER_KG = { buy12: 80, buy9: 82, onHand: 78 } as const;

export interface PlanGroup {
  diameter: number;
  lines: number;
  pieces: number;
  input: CuttingInput;
}

/** Order lines as on bending schedules (long straight bars, medium bent bars, short links), dealt over diameters. */
export function generatePlan(lines: number, diameters: number, seed: number): PlanGroup[] {
  const rnd = random(seed);
  const int = randomInt(rnd);
  const used = DIAMETERS.slice(0, diameters);
  const groups = used.map((d) => ({ d, demand: [] as CuttingInput['demand'] }));
  for (let k = 0; k < lines; k++) {
    const group = groups[k % groups.length]!;
    const kind = rnd();
    const length = kind < 0.2 ? int(600, 1150) * 10 : kind < 0.6 ? int(150, 600) * 10 : int(40, 150) * 10;
    const quantity = length > 6000 ? int(1, 8) : int(2, 20);
    group.demand.push({ ref: `line ${k + 1}`, length, quantity });
  }
  return groups.map(({ d, demand }) => {
    const price = (length: number, cents: number): number => Math.round((length / 1000) * d.kgPerMeter * cents);
    const tails = Array.from({ length: int(0, 8) }, (_, k) => ({
      id: `offcut ${k + 1}`,
      length: int(60, 500) * 10,
      cost: 0,
      available: int(1, 6),
      kind: 'tail' as const,
    }));
    return {
      diameter: d.mm,
      lines: demand.length,
      pieces: demand.reduce((n, x) => n + x.quantity, 0),
      input: {
        stock: [
          { id: 'stock 12m', length: 12000, cost: price(12000, CENTS_PER_KG.onHand), available: int(0, 60) },
          { id: 'buy 12m', length: 12000, cost: price(12000, CENTS_PER_KG.buy12) },
          { id: 'buy 9m', length: 9000, cost: price(9000, CENTS_PER_KG.buy9) },
          ...tails,
        ],
        demand,
        options: { objective: 'min_cost', kerf: 0, wasteLength: 500, kgPerMeter: d.kgPerMeter },
      },
    };
  });
}
