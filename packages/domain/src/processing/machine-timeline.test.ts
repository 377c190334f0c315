import { describe, expect, it } from 'vitest';
import { nextDay } from '../equipment/index.ts';
import {
  horizonWindows,
  instantEndingAt,
  instantStartingAt,
  intervalsBetween,
  machineTimeline,
  shiftTimeAt,
} from './machine-timeline.ts';
import { DAY_SHIFT, MONDAY, TIME_ZONE, at } from './schedule-test-kit.ts';

const HOUR = 3_600_000;
const TUESDAY = nextDay(MONDAY);
const horizon = { firstDay: MONDAY, days: 2, timeZone: TIME_ZONE };
const timeline = machineTimeline({ shifts: [DAY_SHIFT], daysOff: [] }, horizon);

describe('machine timeline', () => {
  it('lays the shifts end to end: shift time stands still between them', () => {
    expect(timeline.total).toBe(16 * HOUR);
    expect(shiftTimeAt(timeline, at(MONDAY, '07:00'))).toBe(0);
    expect(shiftTimeAt(timeline, at(MONDAY, '10:00'))).toBe(2 * HOUR);
    expect(shiftTimeAt(timeline, at(MONDAY, '20:00'))).toBe(8 * HOUR);
    expect(shiftTimeAt(timeline, at(TUESDAY, '09:00'))).toBe(9 * HOUR);
  });

  it('starts work at a shift boundary in the next shift, and ends it in the previous one', () => {
    expect(instantStartingAt(timeline, 8 * HOUR)).toBe(at(TUESDAY, '08:00'));
    expect(instantEndingAt(timeline, 8 * HOUR)).toBe(at(MONDAY, '16:00'));
  });

  it('cuts shift time into one interval per shift it touches', () => {
    expect(intervalsBetween(timeline, 7 * HOUR, 9 * HOUR)).toEqual([
      { from: at(MONDAY, '15:00'), to: at(MONDAY, '16:00') },
      { from: at(TUESDAY, '08:00'), to: at(TUESDAY, '09:00') },
    ]);
  });

  it('keeps the night shift of the last day whole and leaves out the one begun the day before', () => {
    const night = { name: 'N', start: '22:00', end: '06:00', weekdays: [1, 2, 3, 4, 5, 6, 7] };
    const windows = horizonWindows({ shifts: [night], daysOff: [] }, horizon);
    expect(windows.map((w) => [w.day, w.from, w.to])).toEqual([
      [MONDAY, at(MONDAY, '22:00'), at(TUESDAY, '06:00')],
      [TUESDAY, at(TUESDAY, '22:00'), at(nextDay(TUESDAY), '06:00')],
    ]);
  });

  it('counts overlapping shifts once', () => {
    const late = { name: 'L', start: '12:00', end: '20:00', weekdays: [1, 2, 3, 4, 5, 6] };
    const windows = horizonWindows({ shifts: [DAY_SHIFT, late], daysOff: [] }, { ...horizon, days: 1 });
    expect(windows.map((w) => [w.name, w.from, w.to])).toEqual([
      ['A', at(MONDAY, '08:00'), at(MONDAY, '16:00')],
      ['L', at(MONDAY, '16:00'), at(MONDAY, '20:00')],
    ]);
  });

  it('follows the plant clock over a daylight-saving change: the night of the change is an hour shorter', () => {
    const paris = { firstDay: '2026-03-28', days: 1, timeZone: 'Europe/Paris' };
    const night = { name: 'N', start: '22:00', end: '06:00', weekdays: [6] };
    expect(machineTimeline({ shifts: [night], daysOff: [] }, paris).total).toBe(7 * HOUR);
  });
});
