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

/** The zone's offset at `ms` as `Intl` formats it: exact, and slow (microseconds per call). */
function formattedOffsetMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return (
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) -
    Math.floor(ms / 1000) * 1000
  );
}

const HOUR_MS = 3_600_000;
/** Per zone: the offset of each UTC hour that has one offset throughout (nearly all of them). */
const hourOffsets = new Map<string, Map<number, number>>();
/** Hours kept per zone (about eleven years, a few MB); past it the zone's cache starts again. */
const MAX_CACHED_HOURS = 100_000;

/**
 * How far the zone's clock is ahead of UTC at `ms` (milliseconds, whole seconds). Schedules and board
 * cards ask for thousands of offsets per request (every shift of every machine over the horizon), and
 * formatting each with `Intl` was most of the API's CPU under the load bench; so an hour whose first and
 * last millisecond have the same offset is remembered as a whole (no zone changes its offset twice within
 * an hour), and an hour with a change in it is formatted at each call.
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  let zone = hourOffsets.get(timeZone);
  const known = zone?.get(hour);
  if (known !== undefined) return known;
  const first = formattedOffsetMs(hour * HOUR_MS, timeZone);
  if (first !== formattedOffsetMs(hour * HOUR_MS + HOUR_MS - 1, timeZone)) return formattedOffsetMs(ms, timeZone);
  if (!zone) hourOffsets.set(timeZone, (zone = new Map()));
  if (zone.size >= MAX_CACHED_HOURS) zone.clear();
  zone.set(hour, first);
  return first;
}

function wallClockOf(
  ms: number,
  timeZone: string,
): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  // The clock shows whole seconds: the instant's second moved by the zone's offset, read as UTC.
  const wall = new Date(Math.floor(ms / 1000) * 1000 + zoneOffsetMs(ms, timeZone));
  return {
    y: wall.getUTCFullYear(),
    m: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    h: wall.getUTCHours(),
    mi: wall.getUTCMinutes(),
    s: wall.getUTCSeconds(),
  };
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
  // Every shift bound of every machine over a schedule's horizon: the same few hundred, asked again and again.
  const key = `${timeZone} ${day} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const instant = instantOf(day, time, timeZone);
  if (instants.size >= MAX_CACHED_INSTANTS) instants.clear();
  instants.set(key, instant);
  return instant;
}

const instants = new Map<string, number>();
const MAX_CACHED_INSTANTS = 50_000;

function instantOf(day: string, time: string, timeZone: string): number {
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
