import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { dayRange, pickerRange, timeRange } from './date-range.ts';

describe('date range filters', () => {
  it('turn ranges of days into query values: days, or instants from the start of the first to the end of the last', () => {
    const range = [dayjs('2026-11-01T15:00'), dayjs('2026-11-21T08:00')];
    expect(dayRange(range)).toEqual(['2026-11-01', '2026-11-21']);
    expect(dayRange(null)).toEqual([undefined, undefined]);
    const [from, to] = timeRange(range);
    expect(dayjs(from).valueOf()).toBe(dayjs('2026-11-01T00:00:00.000').valueOf());
    expect(dayjs(to).valueOf()).toBe(dayjs('2026-11-21T23:59:59.999').valueOf());
    expect(from).toMatch(/Z$/);
  });

  it('give a picker its value back only when both ends are set', () => {
    expect(pickerRange('2026-11-01', undefined)).toBeNull();
    expect(pickerRange('2026-11-01', '2026-11-21')?.map((day) => day.format('YYYY-MM-DD'))).toEqual([
      '2026-11-01',
      '2026-11-21',
    ]);
  });
});
