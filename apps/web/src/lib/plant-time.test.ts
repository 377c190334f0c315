import { describe, expect, it } from 'vitest';
import { formatPlantTime } from './plant-time.ts';

describe('formatPlantTime', () => {
  it('reads an instant on the plant clock, whatever the browser’s zone', () => {
    const instant = Date.UTC(2026, 10, 23, 16, 5);
    expect(formatPlantTime(instant, 'Asia/Shanghai')).toBe('2026-11-24 00:05');
    expect(formatPlantTime(instant, 'Europe/Paris')).toBe('2026-11-23 17:05');
  });
});
