import { describe, expect, it } from 'vitest';
import { weightCheck, weightTolerance } from './weight-tolerance.ts';

describe('GB/T 1499.2 weight tolerance', () => {
  it('gives ±7 % for Φ6–12, ±5 % for Φ14–20, ±4 % for Φ22–50 and none outside the bands', () => {
    expect([6, 12, 14, 20, 22, 50].map(weightTolerance)).toEqual([0.07, 0.07, 0.05, 0.05, 0.04, 0.04]);
    expect([5, 13, 21, 52].map(weightTolerance)).toEqual([null, null, null, null]);
  });

  it('flags a deviation beyond the band and not one at its edge', () => {
    // Φ16 (±5 %): 1 000 kg theoretical, 1 050 kg weighed is at the edge; 1 051 kg is beyond.
    expect(weightCheck(1_000_000, 1_050_000, 16)).toEqual({ deviation: 0.05, tolerance: 0.05, outOfTolerance: false });
    expect(weightCheck(1_000_000, 1_051_000, 16)).toEqual({
      deviation: 0.051,
      tolerance: 0.05,
      outOfTolerance: true,
    });
    // Light bars count as much as heavy ones: Φ25 (±4 %) weighed 4.5 % under.
    expect(weightCheck(2_000_000, 1_910_000, 25)?.outOfTolerance).toBe(true);
    // The same 6 % under is within Φ10's ±7 %.
    expect(weightCheck(1_000_000, 940_000, 10)?.outOfTolerance).toBe(false);
  });

  it('says nothing without a weighed weight, and never flags a size the standard leaves out', () => {
    expect(weightCheck(1_000_000, null, 16)).toBeNull();
    expect(weightCheck(1_000_000, 2_000_000, 13)).toEqual({ deviation: 1, tolerance: null, outOfTolerance: false });
  });
});
