/**
 * Wall-clock time in a plant's IANA time zone, with `Intl` only (every runtime knows the zones). Shifts,
 * plant days and OEE windows are defined in the plant's time, stored and computed in UTC milliseconds.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockOf(
  ms: number,
  timeZone: string,
): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { y: parts.year!, m: parts.month!, d: parts.day!, h: parts.hour!, mi: parts.minute!, s: parts.second! };
}

/** How far the zone's clock is ahead of UTC at `ms` (milliseconds, whole seconds). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const w = wallClockOf(ms, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** The plant day (`YYYY-MM-DD`) an instant falls on. */
export function plantDayOf(ms: number, timeZone: string): string {
  const w = wallClockOf(ms, timeZone);
  return `${w.y}-${twoDigits(w.m)}-${twoDigits(w.d)}`;
}

/** An instant on the plant's clock, `YYYY-MM-DD HH:mm`. */
export function plantDateTimeOf(ms: number, timeZone: string): string {
  const w = wallClockOf(ms, timeZone);
  return `${w.y}-${twoDigits(w.m)}-${twoDigits(w.d)} ${twoDigits(w.h)}:${twoDigits(w.mi)}`;
}

/**
 * The instant a plant clock shows `time` (`HH:MM`) on `day` (`YYYY-MM-DD`). In a spring-forward gap the
 * clock time does not exist and the instant just after the gap is given; in a fall-back overlap, the
 * first of the two.
 */
export function plantInstant(day: string, time: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  const DAY = 86_400_000;
  // The zone's offsets a day either side bracket any change on this day.
  const candidates = [wall - zoneOffsetMs(wall - DAY, timeZone), wall - zoneOffsetMs(wall + DAY, timeZone)];
  const valid = candidates.filter((at) => at + zoneOffsetMs(at, timeZone) === wall);
  return valid.length > 0 ? Math.min(...valid) : candidates[0]!;
}

/** The day after `day` (`YYYY-MM-DD`), by the calendar. */
export function nextDay(day: string, by = 1): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + by)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The plant day's bounds: [its midnight, the next midnight) as UTC milliseconds. */
export function plantDayBounds(day: string, timeZone: string): { from: number; to: number } {
  return { from: plantInstant(day, '00:00', timeZone), to: plantInstant(nextDay(day), '00:00', timeZone) };
}
