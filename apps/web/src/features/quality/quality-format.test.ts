import { describe, expect, it } from 'vitest';
import { checkUnit, limitsText } from './quality-format.ts';

describe('limitsText', () => {
  it('shows a closed interval with its unit', () => {
    expect(limitsText(-0.4, 0.4, 'mm')).toBe('-0.4 – 0.4 mm');
  });

  it('shows an open side as a bound', () => {
    expect(limitsText(540, null, 'MPa')).toBe('≥ 540 MPa');
    expect(limitsText(null, 1005, null)).toBe('≤ 1005');
  });

  it('shows a dash for a pass/fail check without limits', () => {
    expect(limitsText(null, null, null)).toBe('—');
  });
});

describe('checkUnit', () => {
  it('judges a weight deviation in percent', () => {
    expect(checkUnit({ method: 'weightDeviation', unit: 'kg' })).toBe('%');
    expect(checkUnit({ method: 'measured', unit: 'mm' })).toBe('mm');
  });
});
