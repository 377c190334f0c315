import { nextDay, plantInstant, shiftWindows, type ShiftCalendar, type ShiftWindow } from '../equipment/index.ts';
import type { ScheduleHorizon, ScheduleInput } from './schedule.schema.ts';

/**
 * A machine's shifts over the horizon laid end to end as one axis of "shift time": work goes forward on
 * it only while a shift runs, so placing a job is placing an interval on this axis, and converting back
 * to instants splits it at the breaks. `cumulative[i]` is the shift time before window i; the last
 * entry is the total. Computed once per machine per scheduling.
 */
export type MachineTimeline = {
  windows: readonly ShiftWindow[];
  cumulative: readonly number[];
  total: number;
};

/** The horizon's plant days, in order. */
export function horizonDays(horizon: ScheduleHorizon): string[] {
  return Array.from({ length: horizon.days }, (_, i) => nextDay(horizon.firstDay, i));
}

/**
 * The shift windows that belong to the horizon's days: a night shift of the last day runs on past
 * midnight, one started the day before the first is not the horizon's. Shifts of a calendar that
 * overlap are trimmed so that no time counts twice.
 */
export function horizonWindows(calendar: ShiftCalendar, horizon: ScheduleHorizon): ShiftWindow[] {
  const days = horizonDays(horizon);
  const lastDay = days[days.length - 1]!;
  const from = plantInstant(horizon.firstDay, '00:00', horizon.timeZone);
  // A shift is at most a day long, so those of the last day end before the second midnight after it.
  const to = plantInstant(nextDay(lastDay, 2), '00:00', horizon.timeZone);
  const windows: ShiftWindow[] = [];
  let reach = -Infinity;
  for (const window of shiftWindows(calendar, from, to, horizon.timeZone)) {
    if (window.day < horizon.firstDay || window.day > lastDay) continue;
    const start = Math.max(window.from, reach);
    if (window.to > start) windows.push({ ...window, from: start });
    reach = Math.max(reach, window.to);
  }
  return windows;
}

export function machineTimeline(calendar: ShiftCalendar, horizon: ScheduleHorizon): MachineTimeline {
  const windows = horizonWindows(calendar, horizon);
  const cumulative = [0];
  for (const window of windows) cumulative.push(cumulative[cumulative.length - 1]! + window.to - window.from);
  return { windows, cumulative, total: cumulative[windows.length]! };
}

/** Every machine's timeline, by machine id: computed once per scheduling or evaluation. */
export function machineTimelines(input: ScheduleInput): Map<string, MachineTimeline> {
  return new Map(input.machines.map((machine) => [machine.id, machineTimeline(machine.shiftCalendar, input.horizon)]));
}

/** Index of the last window starting at or before `at` (−1 when none does). */
function lastWindowFrom(timeline: MachineTimeline, at: number): number {
  let lo = 0;
  let hi = timeline.windows.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (timeline.windows[mid]!.from <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The window i with cumulative[i] ≤ s < cumulative[i + 1] (`inclusiveEnd`: cumulative[i] < s ≤ …). */
function windowAtShiftTime(timeline: MachineTimeline, s: number, inclusiveEnd: boolean): number {
  let lo = 0;
  let hi = timeline.windows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const end = timeline.cumulative[mid + 1]!;
    if (inclusiveEnd ? end >= s : end > s) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Shift time gone by before instant `at`. */
export function shiftTimeAt(timeline: MachineTimeline, at: number): number {
  const i = lastWindowFrom(timeline, at);
  if (i < 0) return 0;
  const window = timeline.windows[i]!;
  return timeline.cumulative[i]! + Math.min(at - window.from, window.to - window.from);
}

/** The instant work begins when it begins at shift time `s` (< total): never at the end of a window. */
export function instantStartingAt(timeline: MachineTimeline, s: number): number {
  const i = windowAtShiftTime(timeline, s, false);
  return timeline.windows[i]!.from + s - timeline.cumulative[i]!;
}

/** The instant work ends when it ends at shift time `s` (> 0): never at the start of a window. */
export function instantEndingAt(timeline: MachineTimeline, s: number): number {
  const i = windowAtShiftTime(timeline, s, true);
  return timeline.windows[i]!.from + s - timeline.cumulative[i]!;
}

/** The instants of shift times [from, to): one interval per shift window it touches. */
export function intervalsBetween(timeline: MachineTimeline, from: number, to: number): { from: number; to: number }[] {
  const intervals: { from: number; to: number }[] = [];
  for (let at = from, i = windowAtShiftTime(timeline, from, false); at < to; i++) {
    const offset = timeline.windows[i]!.from - timeline.cumulative[i]!;
    const end = Math.min(to, timeline.cumulative[i + 1]!);
    intervals.push({ from: offset + at, to: offset + end });
    at = end;
  }
  return intervals;
}

/** How much of the instants [from, to) falls in each shift window, by the plant day of the window. */
export function shiftPartsOf(timeline: MachineTimeline, from: number, to: number): { day: string; ms: number }[] {
  const parts: { day: string; ms: number }[] = [];
  for (let i = Math.max(0, lastWindowFrom(timeline, from)); i < timeline.windows.length; i++) {
    const window = timeline.windows[i]!;
    if (window.from >= to) break;
    const ms = Math.min(to, window.to) - Math.max(from, window.from);
    if (ms > 0) parts.push({ day: window.day, ms });
  }
  return parts;
}
