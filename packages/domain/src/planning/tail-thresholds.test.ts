import { describe, expect, it } from 'vitest';
import { planThresholdsOf, specThresholds, thresholdsInPlan } from './tail-thresholds.ts';

const product = { minTailLength: 500, wasteLength: 300 };

describe('per-spec tail thresholds', () => {
  it('falls back to the product value by value', () => {
    expect(specThresholds({}, product)).toEqual(product);
    expect(specThresholds({ minTailLength: 1500, wasteLength: null }, product)).toEqual({
      minTailLength: 1500,
      wasteLength: 300,
    });
  });

  it('a plan copies only the specs that differ, and cuts the others by the product values', () => {
    const copied = planThresholdsOf(
      [{ id: 'a', minTailLength: 1500, wasteLength: 600 }, { id: 'b', minTailLength: 500 }, { id: 'c' }],
      product,
    );
    expect(copied).toEqual({ a: { minTailLength: 1500, wasteLength: 600 } });
    expect(planThresholdsOf([{ id: 'b', minTailLength: 500 }], product)).toBeNull();
    const plan = { ...product, thresholds: copied };
    expect(thresholdsInPlan(plan, 'a').minTailLength).toBe(1500);
    expect(thresholdsInPlan(plan, 'c')).toEqual(product);
    expect(thresholdsInPlan({ ...product, thresholds: null }, 'a')).toEqual(product);
  });
});
