/**
 * Seeded families for what the public sets do not cover (`large`: very large capacities with many piece types):
 * - `long`: capacities of 100,000–1,000,000 (bars in tenths of a millimetre, 18 m bars, coils) with 2–5 pieces per
 *   bar, where a capacity-indexed DP is too large;
 * - `many`: 500–1,000 piece types on 12 m bars with demand in the tens of thousands of pieces.
 * Their optimum is unknown; the benchmark reports the gap to the solver's proven bound instead.
 */
import type { CuttingInput } from '../src/model.ts';
import { random, randomInt } from './random.ts';

export interface GeneratedInstance {
  name: string;
  input: CuttingInput;
}

export function generateLongBarInstance(seed: number): GeneratedInstance {
  const int = randomInt(random(seed));
  const capacity = int(100_000, 1_000_000);
  const types = int(20, 120);
  const lengths = new Set<number>();
  // Between a fifth and a half of the bar: 2 to 5 pieces fit, as with long stock cut into a few parts.
  while (lengths.size < types) lengths.add(int(Math.ceil(capacity / 5.5), Math.floor(capacity / 2.05)));
  return {
    name: `long_${String(seed).padStart(3, '0')}_${capacity}`,
    input: {
      stock: [{ id: 'bar', length: capacity }],
      demand: [...lengths].map((length, k) => ({ ref: `p${k + 1}`, length, quantity: int(1, 12) })),
      options: { objective: 'min_bars' },
    },
  };
}

export function generateManyTypesInstance(seed: number): GeneratedInstance {
  const int = randomInt(random(seed));
  const types = int(500, 1000);
  const lengths = new Set<number>();
  while (lengths.size < types) lengths.add(int(200, 6000));
  const demand = [...lengths].map((length, k) => ({ ref: `p${k + 1}`, length, quantity: int(5, 60) }));
  return {
    name: `many_${String(seed).padStart(3, '0')}_${types}x${demand.reduce((n, d) => n + d.quantity, 0)}`,
    input: { stock: [{ id: '12m', length: 12_000 }], demand, options: { objective: 'min_bars' } },
  };
}

/**
 * The `large` family: very large capacities with many piece types — capacity 100,000–1,500,000, 50–800 piece types of 1–80 %
 * of it, demand 1–100 each. Short pieces allow up to a hundred on a bar, so neither the capacity-indexed DP nor a
 * search over a few pieces per bar prices it cheaply.
 */
export function generateLargeInstance(seed: number): GeneratedInstance {
  const int = randomInt(random(seed));
  const capacity = int(100_000, 1_500_000);
  const types = int(50, 800);
  const lengths = new Set<number>();
  while (lengths.size < types) lengths.add(int(Math.ceil(capacity * 0.01), Math.floor(capacity * 0.8)));
  return {
    name: `large_${String(seed).padStart(3, '0')}_${capacity}x${types}`,
    input: {
      stock: [{ id: 'bar', length: capacity }],
      demand: [...lengths].map((length, k) => ({ ref: `p${k + 1}`, length, quantity: int(1, 100) })),
      options: { objective: 'min_bars' },
    },
  };
}

export const GENERATED_FAMILIES = {
  long: generateLongBarInstance,
  many: generateManyTypesInstance,
  large: generateLargeInstance,
} as const;

export type GeneratedFamily = keyof typeof GENERATED_FAMILIES;

export function generateFamily(family: GeneratedFamily, count: number, firstSeed = 1): GeneratedInstance[] {
  return Array.from({ length: count }, (_, k) => GENERATED_FAMILIES[family](firstSeed + k));
}
