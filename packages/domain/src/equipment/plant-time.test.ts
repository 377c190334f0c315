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

describe('zone offsets remembered per hour', () => {
  /** The offset as another of Intl's formats gives it (Swedish dates read as ISO), with no cache between. */
  function formatted(ms: number, timeZone: string): number {
    const [date, time] = new Date(ms).toLocaleString('sv-SE', { timeZone }).split(' ') as [string, string];
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d, h, mi, s) - Math.floor(ms / 1000) * 1000;
  }

  it('answers as Intl does at every step through changes on the hour and within it', () => {
    // Changes on the UTC hour (Berlin, Chatham, Apia's skipped day in 2011) and within it: Lord Howe's half-hour
    // daylight saving begins at 15:30 UTC, Kathmandu moved to +05:45 at 18:30 UTC, Monrovia left -00:44:30 at
    // 00:44:30 UTC. Each instant is asked twice, the second answer from the cache.
    const spans: [string, number, number][] = [
      ['Europe/Berlin', Date.UTC(2026, 2, 28), Date.UTC(2026, 2, 30)],
      ['Europe/Berlin', Date.UTC(2026, 9, 24), Date.UTC(2026, 9, 26)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4), Date.UTC(2026, 3, 6)],
      ['Australia/Lord_Howe', Date.UTC(2026, 9, 3), Date.UTC(2026, 9, 4)],
      ['Pacific/Chatham', Date.UTC(2026, 3, 4), Date.UTC(2026, 3, 6)],
      ['Pacific/Apia', Date.UTC(2011, 11, 29), Date.UTC(2011, 11, 31)],
      ['Asia/Kathmandu', Date.UTC(1985, 11, 31), Date.UTC(1986, 0, 1)],
      ['Africa/Monrovia', Date.UTC(1972, 0, 6, 12), Date.UTC(1972, 0, 7, 12)],
    ];
    let mismatches = 0;
    for (const [zone, from, to] of spans)
      for (let at = from; at < to; at += 61_007)
        for (const answer of [zoneOffsetMs(at, zone), zoneOffsetMs(at, zone)])
          if (answer !== formatted(at, zone)) mismatches++;
    expect(mismatches).toBe(0);
    expect(plantDateTimeOf(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:00');
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
