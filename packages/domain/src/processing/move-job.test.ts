import { describe, expect, it } from 'vitest';
import { nextDay } from '../equipment/index.ts';
import { autoSchedule } from './auto-schedule.ts';
import { evaluateSchedule } from './evaluate-schedule.ts';
import { moveJob } from './move-job.ts';
import { BENDING, MONDAY, at, slot, testInput, testJob, testMachine } from './schedule-test-kit.ts';

const TUESDAY = nextDay(MONDAY);
const slow = testMachine({
  id: 'M2',
  throughput: [{ diameterFrom: 6, diameterTo: 32, rate: 30, unit: 'piecesPerHour' }],
});
const input = testInput({
  machines: [testMachine({ id: 'M1' }), slow],
  jobs: [testJob({ id: 'A', diameter: 12 }), testJob({ id: 'B', diameter: 16 }), testJob({ id: 'C', diameter: 12 })],
});

describe('moveJob', () => {
  it('lays the job on the new machine for as long as that machine needs, and redraws the changeovers', () => {
    const slots = [
      slot('A', 'M1', MONDAY, '08:00', '09:00'),
      slot('B', 'M1', MONDAY, '09:00', '09:15', 'setup'),
      slot('B', 'M1', MONDAY, '09:15', '10:15'),
      slot('C', 'M1', MONDAY, '10:15', '10:30', 'setup'),
      slot('C', 'M1', MONDAY, '10:30', '11:30'),
    ];
    const moved = moveJob(input, slots, { jobId: 'B', machineId: 'M2', start: at(MONDAY, '15:00') });
    expect(moved).toEqual([
      slot('A', 'M1', MONDAY, '08:00', '09:00'),
      slot('C', 'M1', MONDAY, '10:30', '11:30'),
      slot('B', 'M2', MONDAY, '15:00', '16:00'),
      slot('B', 'M2', TUESDAY, '08:00', '09:00'),
    ]);
    expect(evaluateSchedule(input, moved!).problems).toEqual([]);
  });

  it('starts a drop outside the shifts at the next shift time', () => {
    const moved = moveJob(input, [], { jobId: 'A', machineId: 'M1', start: at(MONDAY, '19:00') });
    expect(moved).toEqual([slot('A', 'M1', TUESDAY, '08:00', '09:00')]);
  });

  it('draws the changeover the new neighbour needs, as far as there is room, and evaluation says what is missing', () => {
    const slots = [slot('A', 'M1', MONDAY, '08:00', '09:00')];
    const moved = moveJob(input, slots, { jobId: 'B', machineId: 'M1', start: at(MONDAY, '09:05') });
    expect(moved).toEqual([
      slot('A', 'M1', MONDAY, '08:00', '09:00'),
      slot('B', 'M1', MONDAY, '09:00', '09:05', 'setup'),
      slot('B', 'M1', MONDAY, '09:05', '10:05'),
    ]);
    expect(evaluateSchedule(input, moved!).problems).toEqual([
      { code: 'noChangeoverTime', jobId: 'B', machineId: 'M1', otherJobId: 'A' },
    ]);
  });

  it('lets a drop over another job happen, for the evaluation to show in red', () => {
    const { slots } = autoSchedule(input);
    const moved = moveJob(input, slots, { jobId: 'C', machineId: 'M1', start: at(MONDAY, '08:30') });
    expect(evaluateSchedule(input, moved!).problems).toContainEqual({
      code: 'overlap',
      jobId: 'C',
      machineId: 'M1',
      otherJobId: 'A',
    });
  });

  it('refuses a machine that cannot do the job, an unknown job, and a drop too late to fit', () => {
    const withBender = testInput({
      machines: [testMachine({ id: 'bender', techniqueIds: [BENDING] })],
      jobs: [testJob()],
    });
    expect(moveJob(withBender, [], { jobId: 'J1', machineId: 'bender', start: at(MONDAY, '08:00') })).toBeNull();
    expect(moveJob(input, [], { jobId: 'nope', machineId: 'M1', start: at(MONDAY, '08:00') })).toBeNull();
    const friday = nextDay(MONDAY, 4);
    expect(moveJob(input, [], { jobId: 'A', machineId: 'M1', start: at(friday, '15:30') })).toBeNull();
  });
});
