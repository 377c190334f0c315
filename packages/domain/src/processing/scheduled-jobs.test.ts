import { describe, expect, it } from 'vitest';
import { nextDay } from '../equipment/index.ts';
import { autoSchedule } from './auto-schedule.ts';
import { scheduledJobs } from './scheduled-jobs.ts';
import { DAY_SHIFT, MONDAY, at, slot, testInput, testJob, testMachine } from './schedule-test-kit.ts';

const TUESDAY = nextDay(MONDAY);
const twoShifts = {
  shifts: [DAY_SHIFT, { name: 'B', start: '16:00', end: '00:00', weekdays: [1, 2, 3, 4, 5, 6] }],
  daysOff: [],
};

describe('scheduledJobs', () => {
  it('lists each machine’s jobs in order, with the day and shift their work starts in', () => {
    const machines = [testMachine({ id: 'M1', shiftCalendar: twoShifts }), testMachine({ id: 'M2' })];
    const jobs = [testJob({ id: 'long', pieces: 600 }), testJob({ id: 'next' }), testJob({ id: 'other', pieces: 30 })];
    const slots = [
      slot('next', 'M2', MONDAY, '08:00', '09:00'),
      slot('other', 'M1', MONDAY, '18:00', '18:30'),
      slot('long', 'M1', MONDAY, '08:00', '16:00'),
      slot('long', 'M1', MONDAY, '16:00', '18:00'),
    ];
    expect(scheduledJobs(testInput({ machines, jobs }), slots)).toEqual([
      { jobId: 'long', machineId: 'M1', start: at(MONDAY, '08:00'), end: at(MONDAY, '18:00'), day: MONDAY, shift: 'A' },
      {
        jobId: 'other',
        machineId: 'M1',
        start: at(MONDAY, '18:00'),
        end: at(MONDAY, '18:30'),
        day: MONDAY,
        shift: 'B',
      },
      { jobId: 'next', machineId: 'M2', start: at(MONDAY, '08:00'), end: at(MONDAY, '09:00'), day: MONDAY, shift: 'A' },
    ]);
  });

  it('names the day a night shift belongs to for work starting after midnight', () => {
    const night = { shifts: [{ name: 'N', start: '22:00', end: '06:00', weekdays: [1, 2, 3, 4, 5] }], daysOff: [] };
    const input = testInput({ machines: [testMachine({ shiftCalendar: night })], jobs: [testJob()] });
    const { slots } = autoSchedule({
      ...input,
      jobs: [{ ...input.jobs[0]!, pinned: { machineId: 'M1', start: at(TUESDAY, '02:00') } }],
    });
    expect(scheduledJobs(input, slots)).toEqual([
      { jobId: 'J1', machineId: 'M1', start: at(TUESDAY, '02:00'), end: at(TUESDAY, '03:00'), day: MONDAY, shift: 'N' },
    ]);
  });

  it('gives no shift to work started outside the shifts, and the plant day it starts on', () => {
    const input = testInput({ jobs: [testJob()] });
    expect(scheduledJobs(input, [slot('J1', 'M1', MONDAY, '20:00', '21:00')])).toEqual([
      { jobId: 'J1', machineId: 'M1', start: at(MONDAY, '20:00'), end: at(MONDAY, '21:00'), day: MONDAY, shift: null },
    ]);
  });
});
