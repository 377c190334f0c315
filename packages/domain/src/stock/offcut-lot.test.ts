import { describe, expect, it } from 'vitest';
import { lotAgeDays, takeOldestLots } from './offcut-lot.ts';

describe('offcut lots', () => {
  it('counts whole days since a lot was kept, never below 0', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    expect(lotAgeDays('2026-11-30T08:00:00Z', now)).toBe(0);
    expect(lotAgeDays('2026-11-29T12:00:00Z', now)).toBe(1);
    expect(lotAgeDays('2026-10-21T13:00:00Z', now)).toBe(39);
    expect(lotAgeDays('2026-12-01T00:00:00Z', now)).toBe(0);
  });

  it('takes bars from the oldest lots first, each as far as it has bars', () => {
    const lots = [
      { stockId: 'old', available: 2 },
      { stockId: 'empty', available: 0 },
      { stockId: 'new', available: 5 },
    ];
    expect(takeOldestLots(lots, 1)).toEqual([{ lot: lots[0], bars: 1 }]);
    expect(takeOldestLots(lots, 4)).toEqual([
      { lot: lots[0], bars: 2 },
      { lot: lots[2], bars: 2 },
    ]);
    expect(takeOldestLots(lots, 8)).toBeNull();
  });
});
