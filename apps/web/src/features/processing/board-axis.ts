import { plantDayBounds } from '@armature/domain';

const HOUR = 3_600_000;

/** A plant day on the board: the whole hours it shows ([from, to), UTC ms) and where it starts (px). */
export type AxisDay = { day: string; from: number; to: number; startHour: number; hours: number; x: number };

/** The board's time axis: the horizon's days side by side, each as many hours wide as work there needs. */
export type BoardAxis = { days: AxisDay[]; width: number; hourWidth: number };

/** Hours a day with nothing in it shows: the usual day shift. */
const EMPTY_DAY = { startHour: 8, endHour: 16 };

/**
 * The columns of the board: for each plant day, the whole hours (plant clock) from the earliest shift
 * or slot that day to the latest, so nights and weekends nobody works do not take room.
 */
export function boardAxis(options: {
  days: readonly string[];
  timeZone: string;
  /** Shift windows and slots: what must be visible. */
  spans: readonly { from: number; to: number }[];
  hourWidth: number;
}): BoardAxis {
  let x = 0;
  const days = options.days.map((day): AxisDay => {
    const bounds = plantDayBounds(day, options.timeZone);
    const inDay = options.spans
      .map((span) => ({ from: Math.max(span.from, bounds.from), to: Math.min(span.to, bounds.to) }))
      .filter((span) => span.to > span.from);
    const dayHours = Math.round((bounds.to - bounds.from) / HOUR);
    const startHour = inDay.length
      ? Math.floor((Math.min(...inDay.map((span) => span.from)) - bounds.from) / HOUR)
      : EMPTY_DAY.startHour;
    const endHour = inDay.length
      ? Math.min(dayHours, Math.ceil((Math.max(...inDay.map((span) => span.to)) - bounds.from) / HOUR))
      : EMPTY_DAY.endHour;
    const hours = Math.max(1, endHour - startHour);
    const axisDay = {
      day,
      from: bounds.from + startHour * HOUR,
      to: bounds.from + endHour * HOUR,
      startHour,
      hours,
      x,
    };
    x += hours * options.hourWidth;
    return axisDay;
  });
  return { days, width: x, hourWidth: options.hourWidth };
}

/** Where an instant is on the axis (px); an instant between two shown days is at the next one's start. */
export function xOf(axis: BoardAxis, ms: number): number {
  for (const day of axis.days) {
    if (ms < day.from) return day.x;
    if (ms < day.to) return day.x + ((ms - day.from) / HOUR) * axis.hourWidth;
  }
  return axis.width;
}

/** The instant at a point of the axis (px), rounded to `snapMinutes` (a drop's start). */
export function instantAt(axis: BoardAxis, x: number, snapMinutes = 15): number {
  const day = axis.days.findLast((candidate) => candidate.x <= x) ?? axis.days[0];
  if (!day) return 0;
  const offset = Math.min(Math.max(0, x - day.x), day.hours * axis.hourWidth);
  const snap = snapMinutes * 60_000;
  return day.from + Math.round(((offset / axis.hourWidth) * HOUR) / snap) * snap;
}
