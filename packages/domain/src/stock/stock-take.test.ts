import { describe, expect, it } from 'vitest';
import { countDifferences, stockTakeInputSchema } from './stock-take.ts';

const A = '0b7f4c1e-3f7a-4c55-9a0e-6d2b8f1c2a44';
const B = '1c8f4c1e-3f7a-4c55-9a0e-6d2b8f1c2a44';

describe('stock-take', () => {
  it('compares a location counted whole with its book: losses, gains, rows not counted and rows not booked', () => {
    const book = [
      { rebarId: A, length: 9000, heatNo: 'H1', quantity: 100 },
      { rebarId: A, length: 12000, heatNo: 'H2', quantity: 40 },
      { rebarId: B, length: 9000, heatNo: 'H3', quantity: 10 },
    ];
    const counted = [
      { rebarId: A, length: 9000, heatNo: 'H1', counted: 97 },
      { rebarId: B, length: 9000, heatNo: 'H3', counted: 10 },
      { rebarId: B, length: 6000, heatNo: 'H4', counted: 5 },
    ];
    expect(countDifferences(book, counted).map((row) => [row.heatNo, row.book, row.counted, row.difference])).toEqual([
      ['H1', 100, 97, -3],
      ['H2', 40, 0, -40],
      ['H3', 10, 10, 0],
      ['H4', 0, 5, 5],
    ]);
  });

  it('refuses the same spec, length and heat twice on a sheet', () => {
    const line = { rebarId: A, length: 9000, heatNo: 'H1', counted: 1 };
    const result = stockTakeInputSchema.safeParse({ locationId: A, lines: [line, line] });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['lines.1.heatNo']);
  });

  it('counts offcut lots by their label apart from raw bars of the same spec and length', () => {
    const L1 = '2c8f4c1e-3f7a-4c55-9a0e-6d2b8f1c2a44';
    const L2 = '3c8f4c1e-3f7a-4c55-9a0e-6d2b8f1c2a44';
    const book = [
      { rebarId: A, length: 4000, heatNo: '', lotId: L1, quantity: 6 },
      { rebarId: A, length: 4000, heatNo: 'H1', quantity: 2 },
    ];
    const counted = [
      { rebarId: A, length: 4000, heatNo: '', lotId: L1, counted: 5 },
      { rebarId: A, length: 4000, heatNo: '', lotId: L2, counted: 1 },
      { rebarId: A, length: 4000, heatNo: 'H1', counted: 2 },
    ];
    expect(countDifferences(book, counted).map((row) => [row.lotId, row.heatNo, row.difference])).toEqual([
      [L1, '', -1],
      [null, 'H1', 0],
      [L2, '', 1],
    ]);
    const twice = stockTakeInputSchema.safeParse({ locationId: A, lines: [counted[0], counted[0]] });
    expect(twice.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['lines.1.lotId']);
  });
});
