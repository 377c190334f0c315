import { describe, expect, it } from 'vitest';
import { ageOf, formatClock, formatHours, formatPercent } from './twin-format.ts';

describe('twin figures', () => {
  it('shows ratios as percentages, and nothing for an undefined one', () => {
    expect(formatPercent(0.714583, 'en-US')).toBe('71.5 %');
    expect(formatPercent(0.8125, 'fr-FR')).toBe('81,3 %');
    expect(formatPercent(null, 'zh-CN')).toBe('—');
  });

  it('shows times in hours', () => {
    expect(formatHours(6.5 * 3_600_000, 'en-US')).toBe('6.50 h');
  });

  it('ages in the largest whole unit', () => {
    expect(ageOf(999)).toEqual({ unit: 'seconds', count: 0 });
    expect(ageOf(59_000)).toEqual({ unit: 'seconds', count: 59 });
    expect(ageOf(75_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(ageOf(2 * 3_600_000 + 5)).toEqual({ unit: 'hours', count: 2 });
    expect(ageOf(3 * 86_400_000)).toEqual({ unit: 'days', count: 3 });
  });

  it('reads instants on the plant clock', () => {
    expect(formatClock(Date.parse('2026-11-23T00:30:00Z'), 'Asia/Shanghai')).toBe('08:30');
    expect(formatClock(Date.parse('2026-11-23T16:00:00Z'), 'Asia/Shanghai')).toBe('00:00');
  });
});
