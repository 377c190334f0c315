import { describe, expect, it } from 'vitest';
import { oeeByShift, oeeOf, oeeOfShifts } from './oee.ts';

const MIN = 60_000;

describe('OEE', () => {
  it('matches a shift computed by hand', () => {
    // An 8-hour shift (480 min) with 60 min of fault and 30 of idle: 390 min running.
    // Ideal rate 120 pieces/h, 700 pieces made, 14 scrapped.
    //   A = 390 / 480             = 0.8125
    //   P = 700 / (120 × 6.5 h)   = 700 / 780 = 0.897435…
    //   Q = 686 / 700             = 0.98
    //   OEE = 0.8125 × 0.897435… × 0.98 = 0.714583…
    const shiftFrom = 0;
    const shiftTo = 480 * MIN;
    const spans = [
      { state: 'running', from: -30 * MIN, to: 200 * MIN }, // started before the shift: counted from its start
      { state: 'fault', from: 200 * MIN, to: 260 * MIN },
      { state: 'running', from: 260 * MIN, to: 450 * MIN },
      { state: 'idle', from: 450 * MIN, to: 480 * MIN },
    ];
    const samples = [
      { at: -MIN, pieces: 50, good: 50 }, // before the shift: not counted
      { at: 100 * MIN, pieces: 300, good: 296 },
      { at: 300 * MIN, pieces: 250, good: 245 },
      { at: 449 * MIN, pieces: 150, good: 145 },
      { at: 480 * MIN, pieces: 9, good: 9 }, // the next shift's
    ];
    const [shift] = oeeByShift([{ name: 'A', day: '2026-11-23', from: shiftFrom, to: shiftTo }], spans, samples, 120);
    expect(shift!.plannedMs).toBe(480 * MIN);
    expect(shift!.runMs).toBe(390 * MIN);
    expect(shift!.totalPieces).toBe(700);
    expect(shift!.goodPieces).toBe(686);
    expect(shift!.availability).toBeCloseTo(0.8125, 10);
    expect(shift!.performance).toBeCloseTo(700 / 780, 10);
    expect(shift!.quality).toBeCloseTo(0.98, 10);
    expect(shift!.oee).toBeCloseTo(0.8125 * (700 / 780) * 0.98, 10);
    expect(shift!.oee).toBeCloseTo(0.714583, 5);
  });

  it('leaves undefined ratios null instead of inventing them', () => {
    expect(oeeOf({ plannedMs: 0, runMs: 0, totalPieces: 0, goodPieces: 0, idealRate: 100 })).toMatchObject({
      availability: null,
      performance: null,
      quality: null,
      oee: null,
    });
    const noIdealRate = oeeOf({
      plannedMs: 60 * MIN,
      runMs: 30 * MIN,
      totalPieces: 10,
      goodPieces: 10,
      idealRate: null,
    });
    expect(noIdealRate.availability).toBe(0.5);
    expect(noIdealRate.performance).toBeNull();
    expect(noIdealRate.oee).toBeNull();
  });

  it('sums a day of shifts by their inputs, not by averaging ratios', () => {
    const day = oeeOfShifts(
      [
        { plannedMs: 480 * MIN, runMs: 480 * MIN, totalPieces: 960, goodPieces: 960, idealRate: 120 },
        { plannedMs: 240 * MIN, runMs: 0, totalPieces: 0, goodPieces: 0, idealRate: 120 },
      ],
      120,
    );
    expect(day.availability).toBeCloseTo(480 / 720, 10);
    expect(day.performance).toBe(1);
    expect(day.quality).toBe(1);
  });
});
