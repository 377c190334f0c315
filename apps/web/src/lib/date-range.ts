import dayjs, { type Dayjs } from 'dayjs';

/** The address values of a day range filter (`2026-11-01`, `2026-11-21`), or none. */
export function dayRange(range: readonly (Dayjs | null)[] | null): [string | undefined, string | undefined] {
  const [from, to] = range ?? [];
  return [from?.format('YYYY-MM-DD'), to?.format('YYYY-MM-DD')];
}

/**
 * The instants a time filter asks for, from days picked in the user's time zone: the start of the
 * first day to the end of the last, ISO-8601 as the API takes them.
 */
export function timeRange(range: readonly (Dayjs | null)[] | null): [string | undefined, string | undefined] {
  const [from, to] = range ?? [];
  return [from?.startOf('day').toISOString(), to?.endOf('day').toISOString()];
}

/** A range picker's value from two address values (days or instants), or none while either end is missing. */
export function pickerRange(from: string | undefined, to: string | undefined): [Dayjs, Dayjs] | null {
  return from && to ? [dayjs(from), dayjs(to)] : null;
}
