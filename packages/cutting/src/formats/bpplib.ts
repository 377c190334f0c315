/** BPPLIB cutting-stock format: m, capacity, then m lines "length demand"; any whitespace separates tokens. */
import { CuttingInputError, type CuttingInput } from '../model.ts';

export function parseBpplib(text: string): CuttingInput {
  const tokens = text
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .map(Number);
  const [m, capacity] = tokens;
  if (m === undefined || capacity === undefined || !Number.isInteger(m) || m < 0) {
    throw new CuttingInputError(['BPPLIB: expected the number of piece types and the capacity']);
  }
  if (tokens.length !== 2 + 2 * m) {
    throw new CuttingInputError([`BPPLIB: expected ${2 + 2 * m} numbers for ${m} piece types, found ${tokens.length}`]);
  }
  const demand = Array.from({ length: m }, (_, k) => ({
    ref: `item${k + 1}`,
    length: tokens[2 + 2 * k]!,
    quantity: tokens[3 + 2 * k]!,
  }));
  return {
    stock: [{ id: 'stock', length: capacity, cost: 1, available: null }],
    demand,
    options: { objective: 'min_bars' },
  };
}
