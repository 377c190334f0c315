import { describe, expect, it } from 'vitest';
import {
  overlapMs,
  plannedTimeMs,
  shiftCalendarSchema,
  shiftWindows,
  totalLength,
  type ShiftCalendar,
} from './shift-calendar.ts';

const H = 3_600_000;
const TZ = 'Asia/Shanghai';
const at = (local: string) => Date.parse(`${local}+08:00`);

const twoShifts: ShiftCalendar = {
  shifts: [
    { name: 'Day', start: '08:00', end: '16:00', weekdays: [1, 2, 3, 4, 5] },
    { name: 'Night', start: '22:00', end: '06:00', weekdays: [1, 2, 3, 4, 5] },
  ],
  daysOff: ['2026-11-25'],
};

describe('shift calendar', () => {
  it('lists the shifts of a range in plant time, a night shift crossing midnight', () => {
    // Monday 2026-11-23.
    const windows = shiftWindows(twoShifts, at('2026-11-23T00:00:00'), at('2026-11-24T00:00:00'), TZ);
    expect(windows).toEqual([
      { name: 'Day', day: '2026-11-23', from: at('2026-11-23T08:00:00'), to: at('2026-11-23T16:00:00') },
      // Clipped at the range's end: the rest belongs to Tuesday's range.
      { name: 'Night', day: '2026-11-23', from: at('2026-11-23T22:00:00'), to: at('2026-11-24T00:00:00') },
    ]);
  });

  it('includes the tail of the previous night and skips weekends and days off', () => {
    // Saturday 2026-11-28: only Friday night's tail, 00:00–06:00.
    const saturday = shiftWindows(twoShifts, at('2026-11-28T00:00:00'), at('2026-11-29T00:00:00'), TZ);
    expect(saturday).toEqual([
      { name: 'Night', day: '2026-11-27', from: at('2026-11-28T00:00:00'), to: at('2026-11-28T06:00:00') },
    ]);
    // Wednesday 2026-11-25 is off: only Tuesday night's tail.
    expect(plannedTimeMs(twoShifts, at('2026-11-25T00:00:00'), at('2026-11-26T00:00:00'), TZ)).toBe(6 * H);
    // A working week: 5 × 16 h, less the day off's 16 h.
    expect(plannedTimeMs(twoShifts, at('2026-11-23T00:00:00'), at('2026-11-30T00:00:00'), TZ)).toBe(64 * H);
  });

  it('measures overlapping intervals once', () => {
    expect(
      totalLength([
        { from: 0, to: 10 },
        { from: 5, to: 15 },
        { from: 20, to: 25 },
      ]),
    ).toBe(20);
    expect(
      overlapMs(
        [
          { from: 0, to: 10 },
          { from: 12, to: 30 },
        ],
        [{ from: 5, to: 20 }],
      ),
    ).toBe(13);
    expect(shiftWindows(twoShifts, 10, 10, TZ)).toEqual([]);
  });

  it('refuses malformed shifts', () => {
    expect(
      shiftCalendarSchema.safeParse({
        shifts: [{ name: 'A', start: '24:00', end: '08:00', weekdays: [1] }],
        daysOff: [],
      }).success,
    ).toBe(false);
    expect(
      shiftCalendarSchema.safeParse({
        shifts: [{ name: 'A', start: '08:00', end: '16:00', weekdays: [8] }],
        daysOff: [],
      }).success,
    ).toBe(false);
    expect(shiftCalendarSchema.safeParse({ shifts: [], daysOff: ['2026-13-01'] }).success).toBe(false);
  });
});
