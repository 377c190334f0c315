import dayjs, { type Dayjs } from 'dayjs';

/** The address values of a day range filter (`2026-11-01`, `2026-11-21`), or none. */
export function dayRange(range: readonly (Dayjs | null)[] | null): [string | undefined, string | undefined] {
  const [from, to] = range ?? [];
  return [from?.format('YYYY-MM-DD'), to?.format('YYYY-MM-DD')];
}

/** A range picker's value from two address days, or none while either end is missing. */
export function pickerRange(from: string | undefined, to: string | undefined): [Dayjs, Dayjs] | null {
  return from && to ? [dayjs(from), dayjs(to)] : null;
}

/**
 * One `Idempotency-Key` per distinct body: sending the same order again (a double click, a retry after
 * a lost answer) reuses its key, so the server saves it once; an edited body gets a new key.
 */
export function idempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  let last: { body: string; key: string } | undefined;
  return (body: unknown): string => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { body: text, key: newKey() };
    return last.key;
  };
}
