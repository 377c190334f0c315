import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { formatDuration, formatPlantTime } from './plant-time.ts';

/** Echoes the key and its values, so the test reads which words were chosen and with what. */
const t = ((key: string, values: Record<string, number>) => `${key} ${JSON.stringify(values)}`) as unknown as TFunction;

describe('formatPlantTime', () => {
  it('reads an instant on the plant clock, whatever the browser’s zone', () => {
    const instant = Date.UTC(2026, 10, 23, 16, 5);
    expect(formatPlantTime(instant, 'Asia/Shanghai')).toBe('2026-11-24 00:05');
    expect(formatPlantTime(instant, 'Europe/Paris')).toBe('2026-11-23 17:05');
    expect(formatPlantTime(Date.UTC(2026, 10, 30, 0, 0), 'Asia/Shanghai')).toBe('2026-11-30 08:00');
  });
});

describe('formatDuration', () => {
  it('gives a one-minute task its minute, and longer spans hours and minutes', () => {
    expect(formatDuration(60_000, t)).toBe('duration.minutes {"ns":"common","count":1}');
    expect(formatDuration(40_000, t)).toBe('duration.seconds {"ns":"common","count":40}');
    expect(formatDuration(125 * 60_000, t)).toBe('duration.hours {"ns":"common","hours":2,"minutes":5}');
  });
});
