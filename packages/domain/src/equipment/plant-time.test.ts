import { describe, expect, it } from 'vitest';
import {
  isoWeekday,
  nextDay,
  plantDateTimeOf,
  plantDayBounds,
  plantDayOf,
  plantInstant,
  zoneOffsetMs,
} from './plant-time.ts';

describe('plant time', () => {
  it('reads the plant day and offset in a zone without daylight saving', () => {
    const at = Date.parse('2026-11-22T17:30:00Z');
    expect(plantDayOf(at, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(zoneOffsetMs(at, 'Asia/Shanghai')).toBe(8 * 3_600_000);
    expect(plantInstant('2026-11-23', '08:00', 'Asia/Shanghai')).toBe(Date.parse('2026-11-23T00:00:00Z'));
  });

  it('keeps wall-clock times across a daylight-saving change', () => {
    // Paris: clocks go forward at 02:00 on 2026-03-29 and back at 03:00 on 2026-10-25.
    expect(plantInstant('2026-03-28', '08:00', 'Europe/Paris')).toBe(Date.parse('2026-03-28T07:00:00Z'));
    expect(plantInstant('2026-03-29', '08:00', 'Europe/Paris')).toBe(Date.parse('2026-03-29T06:00:00Z'));
    // 02:30 does not exist that night: the instant after the gap.
    expect(plantInstant('2026-03-29', '02:30', 'Europe/Paris')).toBe(Date.parse('2026-03-29T01:30:00Z'));
    // 02:30 exists twice on 2026-10-25: the first.
    expect(plantInstant('2026-10-25', '02:30', 'Europe/Paris')).toBe(Date.parse('2026-10-25T00:30:00Z'));
    const shortDay = plantDayBounds('2026-03-29', 'Europe/Paris');
    expect(shortDay.to - shortDay.from).toBe(23 * 3_600_000);
  });

  it('counts calendar days and ISO weekdays', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
  });
});

describe('plantDateTimeOf', () => {
  it('reads an instant on the plant clock, midnight as 00 not 24', () => {
    const midnight = Date.UTC(2026, 10, 22, 16, 0);
    expect(plantDateTimeOf(midnight, 'Asia/Shanghai')).toBe('2026-11-23 00:00');
    expect(plantDateTimeOf(midnight, 'UTC')).toBe('2026-11-22 16:00');
    expect(plantDateTimeOf(Date.UTC(2026, 2, 29, 1, 30), 'Europe/Paris')).toBe('2026-03-29 03:30');
  });
});
