import { describe, expect, it } from 'vitest';
import { nextDay } from '../equipment/index.ts';
import { evaluateSchedule } from './evaluate-schedule.ts';
import { BENDING, MONDAY, slot, testInput, testJob, testMachine } from './schedule-test-kit.ts';

const TUESDAY = nextDay(MONDAY);
const machines = [
  testMachine({ id: 'M1' }),
  testMachine({ id: 'M2' }),
  testMachine({ id: 'bender', techniqueIds: [BENDING] }),
];

describe('evaluateSchedule', () => {
  it('finds nothing wrong with a job inside a shift, on a machine able to do it, for its duration', () => {
    const input = testInput({ machines, jobs: [testJob()] });
    const evaluation = evaluateSchedule(input, [slot('J1', 'M1', MONDAY, '08:00', '09:00')]);
    expect(evaluation.problems).toEqual([]);
    expect(evaluation.loads.find((l) => l.machineId === 'M1' && l.day === MONDAY)).toEqual({
      machineId: 'M1',
      day: MONDAY,
      capacityMinutes: 480,
      loadMinutes: 60,
      overload: false,
    });
  });

  it('reports two jobs over each other on a machine', () => {
    const input = testInput({ machines, jobs: [testJob({ id: 'A' }), testJob({ id: 'B' })] });
    const slots = [slot('A', 'M1', MONDAY, '08:00', '09:00'), slot('B', 'M1', MONDAY, '08:30', '09:30')];
    expect(evaluateSchedule(input, slots).problems).toEqual([
      { code: 'overlap', jobId: 'B', machineId: 'M1', otherJobId: 'A' },
    ]);
  });

  it('reports work outside the shifts and counts it as overload of the day it starts on', () => {
    const input = testInput({ machines, jobs: [testJob({ pieces: 540 })] });
    const slots = [slot('J1', 'M1', MONDAY, '08:00', '17:00')];
    const evaluation = evaluateSchedule(input, slots);
    expect(evaluation.problems).toEqual([{ code: 'outsideShift', jobId: 'J1', machineId: 'M1', otherJobId: null }]);
    expect(evaluation.loads.find((l) => l.machineId === 'M1' && l.day === MONDAY)).toMatchObject({
      loadMinutes: 540,
      overload: true,
    });
  });

  it('reports a machine that cannot do the job, and work spread over machines', () => {
    const input = testInput({ machines, jobs: [testJob({ id: 'A' }), testJob({ id: 'B', pieces: 120 })] });
    const slots = [
      slot('A', 'bender', MONDAY, '08:00', '09:00'),
      slot('B', 'M1', MONDAY, '08:00', '09:00'),
      slot('B', 'M2', MONDAY, '09:00', '10:00'),
    ];
    expect(evaluateSchedule(input, slots).problems).toEqual([
      { code: 'ineligibleMachine', jobId: 'A', machineId: 'bender', otherJobId: null },
      { code: 'severalMachines', jobId: 'B', machineId: null, otherJobId: null },
    ]);
  });

  it('reports work that does not last what the machine needs (moved to a slower machine)', () => {
    const slow = testMachine({
      id: 'slow',
      throughput: [{ diameterFrom: 6, diameterTo: 32, rate: 30, unit: 'piecesPerHour' }],
    });
    const input = testInput({ machines: [slow], jobs: [testJob()] });
    expect(evaluateSchedule(input, [slot('J1', 'slow', MONDAY, '08:00', '09:00')]).problems).toEqual([
      { code: 'wrongDuration', jobId: 'J1', machineId: 'slow', otherJobId: null },
    ]);
  });

  it('reports a job started before its predecessor ends, or whose predecessor has no slot', () => {
    const jobs = [
      testJob({ id: 'cut' }),
      testJob({ id: 'bend', kind: 'bend', techniqueId: BENDING, after: 'cut' }),
      testJob({ id: 'orphan', kind: 'bend', techniqueId: BENDING, after: 'missing-cut' }),
    ];
    const slots = [
      slot('cut', 'M1', MONDAY, '08:00', '09:00'),
      slot('bend', 'bender', MONDAY, '08:30', '09:30'),
      slot('orphan', 'bender', MONDAY, '10:00', '11:00'),
    ];
    expect(evaluateSchedule(testInput({ machines, jobs }), slots).problems).toEqual([
      { code: 'dependency', jobId: 'bend', machineId: null, otherJobId: 'cut' },
      { code: 'dependency', jobId: 'orphan', machineId: null, otherJobId: 'missing-cut' },
    ]);
  });

  it('reports a change of diameter without the changeover time in the shifts between', () => {
    const jobs = [
      testJob({ id: 'A', diameter: 12 }),
      testJob({ id: 'B', diameter: 16 }),
      testJob({ id: 'C', diameter: 12 }),
      testJob({ id: 'D', diameter: 16 }),
    ];
    const slots = [
      slot('A', 'M1', MONDAY, '08:00', '09:00'),
      slot('B', 'M1', MONDAY, '09:10', '10:10'),
      slot('C', 'M1', MONDAY, '14:55', '15:55'),
      // Sixteen hours later, but the night is no shift time: ten minutes of shifts between.
      slot('D', 'M1', TUESDAY, '08:05', '09:05'),
    ];
    const problems = evaluateSchedule(testInput({ machines, jobs }), slots).problems;
    expect(problems).toEqual([
      { code: 'noChangeoverTime', jobId: 'B', machineId: 'M1', otherJobId: 'A' },
      { code: 'noChangeoverTime', jobId: 'D', machineId: 'M1', otherJobId: 'C' },
    ]);
  });

  it('takes exactly the changeover time between as enough', () => {
    const jobs = [testJob({ id: 'A', diameter: 12 }), testJob({ id: 'B', diameter: 16 })];
    const slots = [slot('A', 'M1', MONDAY, '14:55', '15:55'), slot('B', 'M1', TUESDAY, '08:10', '09:10')];
    expect(evaluateSchedule(testInput({ machines, jobs }), slots).problems).toEqual([]);
  });

  it('needs no changeover between jobs of one diameter, and counts setup slots as load', () => {
    const jobs = [testJob({ id: 'A' }), testJob({ id: 'B' })];
    const slots = [
      slot('A', 'M1', MONDAY, '08:00', '08:15', 'setup'),
      slot('A', 'M1', MONDAY, '08:15', '09:15'),
      slot('B', 'M1', MONDAY, '09:15', '10:15'),
    ];
    const evaluation = evaluateSchedule(testInput({ machines, jobs }), slots);
    expect(evaluation.problems).toEqual([]);
    expect(evaluation.loads.find((l) => l.machineId === 'M1' && l.day === MONDAY)?.loadMinutes).toBe(135);
  });

  it('reports slots of unknown jobs or machines and leaves them out of load and lateness', () => {
    const input = testInput({ machines, jobs: [testJob()] });
    const evaluation = evaluateSchedule(input, [
      slot('ghost', 'M1', MONDAY, '08:00', '09:00'),
      slot('J1', 'nowhere', MONDAY, '08:00', '09:00'),
    ]);
    expect(evaluation.problems).toEqual([
      { code: 'unknownJob', jobId: 'ghost', machineId: 'M1', otherJobId: null },
      { code: 'unknownMachine', jobId: 'J1', machineId: 'nowhere', otherJobId: null },
    ]);
    expect(evaluation.loads.every((l) => l.loadMinutes === 0)).toBe(true);
    expect(evaluation.lateness).toEqual([
      { orderId: 'O1', dueDate: null, finishDay: null, complete: false, daysLate: null },
    ]);
  });

  it('answers lateness from the slots as the planner left them', () => {
    const input = testInput({ machines, jobs: [testJob()], orders: [{ id: 'O1', dueDate: MONDAY }] });
    const evaluation = evaluateSchedule(input, [slot('J1', 'M1', TUESDAY, '08:00', '09:00')]);
    expect(evaluation.lateness).toEqual([
      { orderId: 'O1', dueDate: MONDAY, finishDay: TUESDAY, complete: true, daysLate: 1 },
    ]);
  });
});
