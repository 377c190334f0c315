import { describe, expect, it } from 'vitest';
import { formatKg, formatNumber } from './number-format.ts';

const NNBSP = '\u202f';

describe('formatNumber', () => {
  it('groups and marks decimals the way each language does', () => {
    expect(formatKg(5451.84, 'zh-CN')).toBe('5,451.840');
    expect(formatKg(5451.84, 'en-US')).toBe('5,451.840');
    expect(formatKg(5451.84, 'fr-FR')).toBe(`5${NNBSP}451,840`);
  });

  it('gives a decimal field its places in French too (was "0.000")', () => {
    expect(formatNumber(0, 'fr-FR', 3)).toBe('0,000');
    expect(formatNumber(0.888, 'fr-FR', 3)).toBe('0,888');
    expect(formatNumber(-10, 'en-US', 1)).toBe('-10.0');
  });

  it('shows counts and lengths whole, and other numbers with up to three places', () => {
    expect(formatNumber(12000, 'fr-FR', 0)).toBe(`12${NNBSP}000`);
    expect(formatNumber(9000, 'zh-CN', 0)).toBe('9,000');
    expect(formatNumber(2.5, 'en-US')).toBe('2.5');
    expect(formatNumber(1 / 3, 'en-US')).toBe('0.333');
  });
});
