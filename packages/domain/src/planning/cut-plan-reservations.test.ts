import { describe, expect, it } from 'vitest';
import { reservationShortfalls, type ReservingPattern, stockReservations } from './cut-plan-reservations.ts';

const bar = (pattern: Partial<ReservingPattern>): ReservingPattern => ({
  source: 'stock',
  stockId: 's1',
  stockLength: 12000,
  heatNo: 'H1',
  count: 1,
  ...pattern,
});

const groups = [
  { patterns: [bar({ count: 3 }), bar({ count: 2 }), bar({ source: 'purchase', stockId: null, count: 9 })] },
  { patterns: [bar({ source: 'offcut', stockId: 't1', stockLength: 4000, heatNo: null, count: 2 })] },
];

describe('stockReservations', () => {
  it('sums bars per stock row, and reserves nothing for purchased lengths', () => {
    expect(stockReservations(groups)).toEqual([
      { source: 'stock', stockId: 's1', stockLength: 12000, heatNo: 'H1', count: 5 },
      { source: 'offcut', stockId: 't1', stockLength: 4000, heatNo: null, count: 2 },
    ]);
  });
});

describe('reservationShortfalls', () => {
  const reservations = stockReservations(groups);

  it('is empty while the stock covers the plan', () => {
    expect(
      reservationShortfalls(
        reservations,
        new Map([
          ['s1', 5],
          ['t1', 3],
        ]),
      ),
    ).toEqual([]);
  });

  it('names the stock that is gone, with what is left', () => {
    expect(reservationShortfalls(reservations, new Map([['s1', 4]]))).toEqual([
      { ...reservations[0], available: 4 },
      { ...reservations[1], available: 0 },
    ]);
  });

  it('cannot cover a reservation without a stock row', () => {
    const orphan = stockReservations([{ patterns: [bar({ stockId: null })] }]);
    expect(reservationShortfalls(orphan, new Map())).toHaveLength(1);
  });
});
