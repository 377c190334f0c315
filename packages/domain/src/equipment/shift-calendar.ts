import { z } from 'zod';
import { plainText } from '../core/common.schema.ts';
import { isoDateSchema } from '../stock/index.ts';
import { isoWeekday, nextDay, plantDayOf, plantInstant } from './plant-time.ts';

const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * A shift a machine works on the given weekdays (1 = Monday … 7 = Sunday), in the plant's time. An end
 * at or before the start crosses midnight (`22:00`–`06:00`); the shift belongs to the day it starts on.
 */
export const shiftSchema = z.object({
  name: plainText().trim().min(1).max(20),
  start: clockTimeSchema,
  end: clockTimeSchema,
  weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
});
export type Shift = z.infer<typeof shiftSchema>;

/** When a machine is planned to produce: its shifts, less the plant days it is off. */
export const shiftCalendarSchema = z.object({
  shifts: z.array(shiftSchema).max(6),
  daysOff: z.array(isoDateSchema).max(366),
});
export type ShiftCalendar = z.infer<typeof shiftCalendarSchema>;

/** Two eight-hour shifts, Monday to Saturday: what a new machine starts with. */
export const DEFAULT_SHIFT_CALENDAR: ShiftCalendar = {
  shifts: [
    { name: 'A', start: '08:00', end: '16:00', weekdays: [1, 2, 3, 4, 5, 6] },
    { name: 'B', start: '16:00', end: '00:00', weekdays: [1, 2, 3, 4, 5, 6] },
  ],
  daysOff: [],
};

/** One worked shift: its name, the plant day it belongs to, and its bounds in UTC milliseconds. */
export type ShiftWindow = { name: string; day: string; from: number; to: number };

/**
 * The shifts of a calendar that overlap [from, to), in time order, each clipped to the range. A shift
 * that started the day before (a night shift) is included from the range's start.
 */
export function shiftWindows(calendar: ShiftCalendar, from: number, to: number, timeZone: string): ShiftWindow[] {
  if (to <= from) return [];
  const daysOff = new Set(calendar.daysOff);
  const windows: ShiftWindow[] = [];
  const lastDay = plantDayOf(to, timeZone);
  for (let day = nextDay(plantDayOf(from, timeZone), -1); day <= lastDay; day = nextDay(day)) {
    if (daysOff.has(day)) continue;
    const weekday = isoWeekday(day);
    for (const shift of calendar.shifts) {
      if (!shift.weekdays.includes(weekday)) continue;
      const start = plantInstant(day, shift.start, timeZone);
      const end = plantInstant(shift.end > shift.start ? day : nextDay(day), shift.end, timeZone);
      const clippedFrom = Math.max(start, from);
      const clippedTo = Math.min(end, to);
      if (clippedTo > clippedFrom) windows.push({ name: shift.name, day, from: clippedFrom, to: clippedTo });
    }
  }
  return windows.sort((a, b) => a.from - b.from);
}

/** Planned production time in [from, to): the length of the calendar's shifts there (ms; overlaps once). */
export function plannedTimeMs(calendar: ShiftCalendar, from: number, to: number, timeZone: string): number {
  return totalLength(shiftWindows(calendar, from, to, timeZone));
}

/** Total length of possibly overlapping intervals, each counted once. */
export function totalLength(intervals: readonly { from: number; to: number }[]): number {
  const sorted = [...intervals].sort((a, b) => a.from - b.from);
  let total = 0;
  let reach = -Infinity;
  for (const { from, to } of sorted) {
    const start = Math.max(from, reach);
    if (to > start) total += to - start;
    reach = Math.max(reach, to);
  }
  return total;
}

/** The parts of `intervals` inside `windows` (both lists of [from, to)), as one total length (ms). */
export function overlapMs(
  intervals: readonly { from: number; to: number }[],
  windows: readonly { from: number; to: number }[],
): number {
  const pieces: { from: number; to: number }[] = [];
  for (const a of intervals) {
    for (const w of windows) {
      const from = Math.max(a.from, w.from);
      const to = Math.min(a.to, w.to);
      if (to > from) pieces.push({ from, to });
    }
  }
  return totalLength(pieces);
}
