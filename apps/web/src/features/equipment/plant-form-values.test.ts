import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DEFAULT_CHANGEOVER_MATRIX, DEFAULT_SHIFT_CALENDAR, type Equipment } from '@armature/domain';
import { clockValue, plantFormValues, plantInput } from './plant-form-values.ts';

describe('the plant fields form', () => {
  it('starts a new machine on the default calendar, and sends it back unchanged', () => {
    const values = plantFormValues(undefined);
    expect(values.shifts?.map((shift) => shift.start?.format('HH:mm'))).toEqual(['08:00', '16:00']);
    expect(plantInput(values)).toEqual({
      productId: null,
      techniqueIds: [],
      diameterMin: null,
      diameterMax: null,
      idealRate: null,
      throughput: [],
      concurrentTasks: 1,
      shiftCalendar: DEFAULT_SHIFT_CALENDAR,
      changeover: DEFAULT_CHANGEOVER_MATRIX,
      remark: null,
    });
  });

  it('round-trips a machine, sorting weekdays and days off and dropping repeated days', () => {
    const machine = {
      productId: 'p1',
      techniqueIds: ['t1'],
      diameterMin: 6,
      diameterMax: 16,
      idealRate: 900,
      throughput: [{ diameterFrom: 6, diameterTo: 12, rate: 900, unit: 'piecesPerHour' }],
      concurrentTasks: 2,
      shiftCalendar: { shifts: [{ name: 'N', start: '22:00', end: '06:00', weekdays: [5, 1] }], daysOff: [] },
      changeover: { diameterMinutes: 20, familyMinutes: 5, pairs: [{ from: 10, to: 12, minutes: 4 }] },
      remark: ' by the door ',
    } as unknown as Equipment;
    const values = plantFormValues(machine);
    values.daysOff = [dayjs('2026-12-25'), dayjs('2026-01-01'), dayjs('2026-12-25')];
    expect(plantInput(values)).toEqual({
      productId: 'p1',
      techniqueIds: ['t1'],
      diameterMin: 6,
      diameterMax: 16,
      idealRate: 900,
      throughput: [{ diameterFrom: 6, diameterTo: 12, rate: 900, unit: 'piecesPerHour' }],
      concurrentTasks: 2,
      shiftCalendar: {
        shifts: [{ name: 'N', start: '22:00', end: '06:00', weekdays: [1, 5] }],
        daysOff: ['2026-01-01', '2026-12-25'],
      },
      changeover: { diameterMinutes: 20, familyMinutes: 5, pairs: [{ from: 10, to: 12, minutes: 4 }] },
      remark: 'by the door',
    });
  });

  it('sends an unfinished shift as it is, for the server to name what is missing', () => {
    const input = plantInput({ shifts: [{ start: clockValue('07:30') }] });
    expect(input.shiftCalendar.shifts).toEqual([{ name: '', start: '07:30', end: '', weekdays: [] }]);
  });
});
