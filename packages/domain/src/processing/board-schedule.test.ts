import { describe, expect, it } from 'vitest';
import { boardScheduleInput, previewMove, type BoardMachine } from './board-schedule.ts';
import type { DailyPlanDetail } from './daily-plan.schema.ts';
import { BENDING, CUTTING, DAY_SHIFT, MONDAY, TIME_ZONE, at, slot, testJob } from './schedule-test-kit.ts';

const machine = (id: string, techniqueIds = [CUTTING]): BoardMachine => ({
  id,
  name: id,
  techniqueIds,
  diameterMin: 6,
  diameterMax: 32,
  idealRate: null,
  throughput: [{ diameterFrom: 6, diameterTo: 32, rate: 60, unit: 'piecesPerHour' }],
  shiftCalendar: { shifts: [DAY_SHIFT], daysOff: [] },
  changeover: { diameterMinutes: 15, familyMinutes: 0, pairs: [] },
});

// Only what the board reads of a stored schedule: its horizon, machines, jobs (with their board fields) and orders.
const detail = {
  firstDay: MONDAY,
  days: 2,
  timeZone: TIME_ZONE,
  machines: [{ id: 'M1' }, { id: 'M2' }],
  jobs: [
    { ...testJob({ id: 'A' }), cutPlanCode: 'CP1', taskId: null },
    { ...testJob({ id: 'B', diameter: 16 }), cutPlanCode: 'CP1', taskId: null },
  ],
  orders: [{ id: 'O1', code: 'DO1', project: 'P', dueDate: MONDAY, lineDueDates: {} }],
} as unknown as DailyPlanDetail;

const slots = [slot('A', 'M1', MONDAY, '08:00', '09:00'), slot('B', 'M1', MONDAY, '09:15', '10:15')];

describe('boardScheduleInput', () => {
  it('rebuilds the scheduling input from the detail and the machines’ equipment records', () => {
    const input = boardScheduleInput(detail, [machine('M1'), machine('M2'), machine('M9')]);
    expect(input?.horizon).toEqual({ firstDay: MONDAY, days: 2, timeZone: TIME_ZONE });
    expect(input?.machines.map((m) => [m.id, m.changeover.diameterMinutes])).toEqual([
      ['M1', 15],
      ['M2', 15],
    ]);
    expect(input?.jobs.map((job) => job.id)).toEqual(['A', 'B']);
    expect(input?.orders).toEqual([{ id: 'O1', code: 'DO1', dueDate: MONDAY, lineDueDates: {} }]);
  });

  it('is null when a machine of the schedule is not known', () => {
    expect(boardScheduleInput(detail, [machine('M1')])).toBeNull();
  });
});

describe('previewMove', () => {
  const input = boardScheduleInput(detail, [machine('M1'), machine('M2', [BENDING])]);

  it('previews a drop with moveJob: the job on the new time, the changeovers redrawn', () => {
    const preview = previewMove(input, slots, { jobId: 'B', machineId: 'M1', start: at(MONDAY, '13:00') });
    expect(preview.refused).toBe(false);
    expect(preview.slots).toEqual([
      slot('A', 'M1', MONDAY, '08:00', '09:00'),
      slot('B', 'M1', MONDAY, '12:45', '13:00', 'setup'),
      slot('B', 'M1', MONDAY, '13:00', '14:00'),
    ]);
  });

  it('refuses a drop on a machine that cannot do the job, keeping the slots', () => {
    const preview = previewMove(input, slots, { jobId: 'A', machineId: 'M2', start: at(MONDAY, '08:00') });
    expect(preview).toEqual({ slots, refused: true });
  });

  it('keeps the slots for the server to answer when the machines are not known', () => {
    const preview = previewMove(null, slots, { jobId: 'A', machineId: 'M2', start: at(MONDAY, '08:00') });
    expect(preview).toEqual({ slots, refused: false });
  });
});
