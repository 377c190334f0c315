import { oeeByShift, oeeOfShifts, type Oee, type StateSpan } from './oee.ts';
import type { ShiftWindow } from './shift-calendar.ts';

/**
 * The figures the digital twin derives from a machine's stored history: state intervals clipped to a
 * window, the rate of the last minutes, production per time bucket and OEE per shift. The API reads
 * the rows (sums per window from the database) and hands them here.
 */

const HOUR_MS = 3_600_000;

/** The board's rate is the production of the last quarter of an hour, as pieces per hour. */
export const RATE_WINDOW_MS = 15 * 60_000;

/** The machine detail's production chart has one bar per quarter of an hour. */
export const COUNTER_BUCKET_MS = 15 * 60_000;

export type TimeWindow = { from: number; to: number };

/** A stored interval: [from, to), `to` null while it lasts. */
export type OpenInterval = { from: number; to: number | null };

/**
 * The intervals overlapping `window`, cut to it, in time order. One still lasting keeps `to: null` when
 * `now` is inside the window (it lasts on); looked at from after the window, it ends with the window.
 */
export function clipIntervals<T extends OpenInterval>(intervals: readonly T[], window: TimeWindow, now: number): T[] {
  const clipped: T[] = [];
  for (const interval of intervals) {
    const from = Math.max(interval.from, window.from);
    const to = Math.min(interval.to ?? now, window.to);
    if (to <= from) continue;
    const lastsOn = interval.to === null && now < window.to;
    clipped.push({ ...interval, from, to: lastsOn ? null : to });
  }
  return clipped.sort((a, b) => a.from - b.from);
}

/** Clipped intervals as closed spans for OEE: one still lasting runs until `now`. */
export function spansOf(intervals: readonly (OpenInterval & { state: string })[], now: number): StateSpan[] {
  return intervals
    .map((interval) => ({ state: interval.state, from: interval.from, to: interval.to ?? now }))
    .filter((span) => span.to > span.from);
}

/** Pieces per hour from what was made in a window of `windowMs`. */
export function ratePerHour(pieces: number, windowMs: number = RATE_WINDOW_MS): number {
  return windowMs > 0 ? (pieces * HOUR_MS) / windowMs : 0;
}

/** Consecutive buckets of `size` from `from` (the last one may be shorter) covering [from, to). */
export function bucketsOf(from: number, to: number, size: number = COUNTER_BUCKET_MS): TimeWindow[] {
  const buckets: TimeWindow[] = [];
  for (let start = from; start < to; start += size) buckets.push({ from: start, to: Math.min(start + size, to) });
  return buckets;
}

/** What the counters add up to in a window (sums of the samples' deltas taken in it). */
export type WindowCount = { pieces: number; good: number };

/**
 * OEE of each shift window and of them together, from the machine's state spans and the production
 * counted in each shift (`counts[i]` for `windows[i]`).
 */
export function oeeOfWindows(
  windows: readonly ShiftWindow[],
  spans: readonly StateSpan[],
  counts: readonly WindowCount[],
  idealRate: number | null,
): { shifts: (ShiftWindow & Oee)[]; total: Oee } {
  // Each shift's count stands as one sample at its start, so the domain's OEE attributes it to that shift.
  const samples = windows.map((window, index) => ({ at: window.from, ...(counts[index] ?? { pieces: 0, good: 0 }) }));
  const shifts = oeeByShift(windows, spans, samples, idealRate);
  return { shifts, total: oeeOfShifts(shifts, idealRate) };
}
