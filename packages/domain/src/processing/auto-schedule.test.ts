import { describe, expect, it } from 'vitest';
import { nextDay } from '../equipment/index.ts';
import { autoSchedule, schedulingOrder } from './auto-schedule.ts';
import { evaluateSchedule } from './evaluate-schedule.ts';
import { BENDING, MONDAY, at, slot, testInput, testJob, testMachine } from './schedule-test-kit.ts';

const TUESDAY = nextDay(MONDAY);
const WEDNESDAY = nextDay(MONDAY, 2);

describe('autoSchedule', () => {
  it('puts a job at the start of the first shift, for as long as the machine needs', () => {
    const result = autoSchedule(testInput({ jobs: [testJob({ pieces: 120 })] }));
    expect(result.slots).toEqual([slot('J1', 'M1', MONDAY, '08:00', '10:00')]);
    expect(result.unscheduled).toEqual([]);
  });

  it('reports a job no machine can do: another technique, or a diameter out of range', () => {
    const result = autoSchedule(
      testInput({ jobs: [testJob({ id: 'bend', techniqueId: BENDING }), testJob({ id: 'thick', diameter: 40 })] }),
    );
    expect(result.slots).toEqual([]);
    expect(result.unscheduled).toEqual([
      { jobId: 'bend', reason: 'noEligibleMachine' },
      { jobId: 'thick', reason: 'noEligibleMachine' },
    ]);
  });

  it('inserts the changeover between two diameters, as a setup slot of the second job', () => {
    const result = autoSchedule(
      testInput({ jobs: [testJob({ id: 'A', diameter: 12 }), testJob({ id: 'B', diameter: 16 })] }),
    );
    expect(result.slots).toEqual([
      slot('A', 'M1', MONDAY, '08:00', '09:00'),
      slot('B', 'M1', MONDAY, '09:00', '09:15', 'setup'),
      slot('B', 'M1', MONDAY, '09:15', '10:15'),
    ]);
  });

  it('charges the machine’s matrix: a pair of diameters its own time, a tool change on top, and checks clean', () => {
    const bender = testMachine({
      techniqueIds: [BENDING],
      changeover: { diameterMinutes: 20, familyMinutes: 10, pairs: [{ from: 12, to: 14, minutes: 5 }] },
    });
    const bend = (id: string, diameter: number, family: string) =>
      testJob({ id, techniqueId: BENDING, kind: 'bend', diameter, family });
    const input = testInput({
      machines: [bender],
      jobs: [bend('A', 12, 'bend'), bend('B', 14, 'bend'), bend('C', 14, 'link'), bend('D', 16, 'bend')],
    });
    const result = autoSchedule(input, input.jobs);
    expect(result.slots).toEqual([
      slot('A', 'M1', MONDAY, '08:00', '09:00'),
      slot('B', 'M1', MONDAY, '09:00', '09:05', 'setup'),
      slot('B', 'M1', MONDAY, '09:05', '10:05'),
      slot('C', 'M1', MONDAY, '10:05', '10:15', 'setup'),
      slot('C', 'M1', MONDAY, '10:15', '11:15'),
      slot('D', 'M1', MONDAY, '11:15', '11:45', 'setup'),
      slot('D', 'M1', MONDAY, '11:45', '12:45'),
    ]);
    expect(evaluateSchedule(input, result.slots).problems).toEqual([]);
    // A job moved in without its setup time is reported.
    const squeezed = result.slots
      .filter((s) => s.kind === 'work')
      .map((s) => (s.jobId === 'D' ? { ...s, from: s.from - 20 * 60_000, to: s.to - 20 * 60_000 } : s));
    expect(evaluateSchedule(input, squeezed).problems.map((p) => [p.code, p.jobId])).toEqual([
      ['noChangeoverTime', 'D'],
    ]);
  });

  it('charges a changeover before the first job when the machine is set up for another diameter', () => {
    const result = autoSchedule(testInput({ machines: [testMachine({ setUpDiameter: 16 })], jobs: [testJob()] }));
    expect(result.slots).toEqual([
      slot('J1', 'M1', MONDAY, '08:00', '08:15', 'setup'),
      slot('J1', 'M1', MONDAY, '08:15', '09:15'),
    ]);
  });

  it('keeps the jobs of one diameter together within a due day, so one changeover does', () => {
    const jobs = [
      testJob({ id: 'A', diameter: 16 }),
      testJob({ id: 'B', diameter: 12 }),
      testJob({ id: 'C', diameter: 16 }),
    ];
    const result = autoSchedule(testInput({ jobs }));
    expect(result.slots.filter((s) => s.kind === 'work').map((s) => s.jobId)).toEqual(['B', 'A', 'C']);
    expect(result.slots.filter((s) => s.kind === 'setup')).toHaveLength(1);
  });

  it('places the earliest due date first, whatever the diameter, and jobs without a due date last', () => {
    const jobs = [
      testJob({ id: 'none', diameter: 8, orderIds: ['O3'] }),
      testJob({ id: 'late', diameter: 10, orderIds: ['O2'] }),
      testJob({ id: 'soon', diameter: 20, orderIds: ['O1'] }),
    ];
    const orders = [
      { id: 'O1', dueDate: MONDAY },
      { id: 'O2', dueDate: WEDNESDAY },
      { id: 'O3', dueDate: null },
    ];
    const input = testInput({ jobs, orders });
    expect(schedulingOrder(input).map((job) => job.id)).toEqual(['soon', 'late', 'none']);
    const starts = autoSchedule(input)
      .slots.filter((s) => s.kind === 'work')
      .map((s) => s.jobId);
    expect(starts).toEqual(['soon', 'late', 'none']);
  });

  it('runs the diameters up on one due day and down on the next, so that a day starts where the last ended', () => {
    const jobs = [
      testJob({ id: 'mon-16', diameter: 16, orderIds: ['O1'] }),
      testJob({ id: 'mon-12', diameter: 12, orderIds: ['O1'] }),
      testJob({ id: 'tue-12', diameter: 12, orderIds: ['O2'] }),
      testJob({ id: 'tue-16', diameter: 16, orderIds: ['O2'] }),
      testJob({ id: 'wed-16', diameter: 16, orderIds: ['O3'] }),
      testJob({ id: 'wed-12', diameter: 12, orderIds: ['O3'] }),
    ];
    const orders = [
      { id: 'O1', dueDate: MONDAY },
      { id: 'O2', dueDate: TUESDAY },
      { id: 'O3', dueDate: WEDNESDAY },
    ];
    const order = schedulingOrder(testInput({ jobs, orders })).map((job) => job.id);
    expect(order).toEqual(['mon-12', 'mon-16', 'tue-16', 'tue-12', 'wed-12', 'wed-16']);
    const result = autoSchedule(testInput({ jobs, orders }));
    // 12 16 | 16 12 | 12 16: three changes of diameter where always upwards would make five.
    expect(result.slots.filter((s) => s.kind === 'setup')).toHaveLength(3);
  });

  it('takes a job due date as the earliest of its orders', () => {
    const jobs = [testJob({ id: 'later', orderIds: ['O2'] }), testJob({ id: 'both', orderIds: ['O2', 'O1'] })];
    const orders = [
      { id: 'O1', dueDate: MONDAY },
      { id: 'O2', dueDate: WEDNESDAY },
    ];
    expect(schedulingOrder(testInput({ jobs, orders })).map((job) => job.id)).toEqual(['both', 'later']);
  });

  it('sends a job to the machine where it finishes earliest', () => {
    const machines = [testMachine({ id: 'M1' }), testMachine({ id: 'M2' })];
    const result = autoSchedule(testInput({ machines, jobs: [testJob({ id: 'A' }), testJob({ id: 'B' })] }));
    expect(result.slots).toEqual([
      slot('A', 'M1', MONDAY, '08:00', '09:00'),
      slot('B', 'M2', MONDAY, '08:00', '09:00'),
    ]);
  });

  it('prefers a slower machine when the faster one would finish later', () => {
    const machines = [
      testMachine({ id: 'fast', throughput: [{ diameterFrom: 6, diameterTo: 32, rate: 120, unit: 'piecesPerHour' }] }),
      testMachine({ id: 'slow' }),
    ];
    const jobs = [testJob({ id: 'A', pieces: 240 }), testJob({ id: 'B', pieces: 60 })];
    const result = autoSchedule(testInput({ machines, jobs }));
    expect(result.slots).toEqual([
      slot('A', 'fast', MONDAY, '08:00', '10:00'),
      slot('B', 'slow', MONDAY, '08:00', '09:00'),
    ]);
  });

  it('starts a bend once its cut has ended, even when the bend comes first in the order', () => {
    const machines = [testMachine({ id: 'saw' }), testMachine({ id: 'bender', techniqueIds: [BENDING] })];
    const jobs = [
      testJob({ id: 'bend', kind: 'bend', techniqueId: BENDING, after: 'cut', orderIds: ['O1'] }),
      testJob({ id: 'cut', pieces: 90, orderIds: ['O1', 'O2'] }),
    ];
    const orders = [
      { id: 'O1', dueDate: TUESDAY },
      { id: 'O2', dueDate: WEDNESDAY },
    ];
    const result = autoSchedule(testInput({ machines, jobs, orders }));
    expect(result.slots).toEqual([
      slot('cut', 'saw', MONDAY, '08:00', '09:30'),
      slot('bend', 'bender', MONDAY, '09:30', '10:30'),
    ]);
  });

  it('fills an earlier gap on a machine when a job fits there', () => {
    const machines = [testMachine({ id: 'saw' }), testMachine({ id: 'bender', techniqueIds: [BENDING] })];
    const jobs = [
      testJob({ id: 'cut', pieces: 180 }),
      testJob({ id: 'bend', kind: 'bend', techniqueId: BENDING, after: 'cut' }),
      testJob({ id: 'other', kind: 'bend', techniqueId: BENDING, pieces: 120 }),
    ];
    const result = autoSchedule(testInput({ machines, jobs }));
    expect(result.slots).toEqual([
      slot('cut', 'saw', MONDAY, '08:00', '11:00'),
      slot('other', 'bender', MONDAY, '08:00', '10:00'),
      slot('bend', 'bender', MONDAY, '11:00', '12:00'),
    ]);
  });

  it('splits a job longer than what is left of a shift into slots, one per shift', () => {
    const result = autoSchedule(testInput({ jobs: [testJob({ pieces: 600 })] }));
    expect(result.slots).toEqual([
      slot('J1', 'M1', MONDAY, '08:00', '16:00'),
      slot('J1', 'M1', TUESDAY, '08:00', '10:00'),
    ]);
  });

  it('runs a night shift across midnight and counts its hours for the day it started', () => {
    const night = { name: 'N', start: '22:00', end: '06:00', weekdays: [1, 2, 3, 4, 5] };
    const machines = [testMachine({ shiftCalendar: { shifts: [night], daysOff: [] } })];
    const result = autoSchedule(testInput({ machines, jobs: [testJob({ pieces: 600 })] }));
    expect(result.slots).toEqual([
      slot('J1', 'M1', MONDAY, '22:00', '06:00', 'work', TUESDAY),
      slot('J1', 'M1', TUESDAY, '22:00', '00:00', 'work', WEDNESDAY),
    ]);
    const loads = result.loads
      .slice(0, 2)
      .map(({ day, loadMinutes, capacityMinutes }) => ({ day, loadMinutes, capacityMinutes }));
    expect(loads).toEqual([
      { day: MONDAY, loadMinutes: 480, capacityMinutes: 480 },
      { day: TUESDAY, loadMinutes: 120, capacityMinutes: 480 },
    ]);
  });

  it('skips a day off', () => {
    const machines = [
      testMachine({
        shiftCalendar: {
          shifts: [{ name: 'A', start: '08:00', end: '16:00', weekdays: [1, 2, 3, 4, 5, 6] }],
          daysOff: [TUESDAY],
        },
      }),
    ];
    const result = autoSchedule(testInput({ machines, jobs: [testJob({ pieces: 600 })] }));
    expect(result.slots).toEqual([
      slot('J1', 'M1', MONDAY, '08:00', '16:00'),
      slot('J1', 'M1', WEDNESDAY, '08:00', '10:00'),
    ]);
    expect(result.loads.find((load) => load.day === TUESDAY)).toMatchObject({ capacityMinutes: 0, loadMinutes: 0 });
  });

  it('reports a job that does not fit before the horizon ends, and the job waiting for it', () => {
    const jobs = [
      testJob({ id: 'huge', pieces: 60 * 41 }),
      testJob({ id: 'after', after: 'huge' }),
      testJob({ id: 'small' }),
    ];
    const result = autoSchedule(testInput({ jobs }));
    expect(result.unscheduled).toEqual([
      { jobId: 'huge', reason: 'beyondHorizon' },
      { jobId: 'after', reason: 'dependency' },
    ]);
    expect(result.slots).toEqual([slot('small', 'M1', MONDAY, '08:00', '09:00')]);
  });

  it('reports jobs waiting on an unknown job or on each other as dependency problems', () => {
    const jobs = [
      testJob({ id: 'A', after: 'B' }),
      testJob({ id: 'B', after: 'A' }),
      testJob({ id: 'C', after: 'nowhere' }),
      testJob({ id: 'D', after: 'D' }),
    ];
    const result = autoSchedule(testInput({ jobs }));
    expect(result.slots).toEqual([]);
    expect(result.unscheduled.map((u) => [u.jobId, u.reason])).toEqual([
      ['A', 'dependency'],
      ['B', 'dependency'],
      ['C', 'dependency'],
      ['D', 'dependency'],
    ]);
  });

  it('keeps a pinned job where the planner put it, and the others around it', () => {
    const machines = [testMachine({ id: 'M1' }), testMachine({ id: 'M2' })];
    const jobs = [
      testJob({ id: 'free', pieces: 120 }),
      testJob({ id: 'pinned', pinned: { machineId: 'M1', start: at(MONDAY, '09:00') } }),
    ];
    const result = autoSchedule(testInput({ machines, jobs }));
    expect(result.slots).toEqual([
      slot('pinned', 'M1', MONDAY, '09:00', '10:00'),
      slot('free', 'M2', MONDAY, '08:00', '10:00'),
    ]);
  });

  it('starts a job pinned outside the shifts at the next shift time', () => {
    const jobs = [testJob({ pinned: { machineId: 'M1', start: at(MONDAY, '20:00') } })];
    expect(autoSchedule(testInput({ jobs })).slots).toEqual([slot('J1', 'M1', TUESDAY, '08:00', '09:00')]);
  });

  it('moves a pinned job later on its machine when its predecessor ends after the pin', () => {
    const machines = [testMachine({ id: 'saw' }), testMachine({ id: 'bender', techniqueIds: [BENDING] })];
    const jobs = [
      testJob({ id: 'cut', pieces: 180 }),
      testJob({
        id: 'bend',
        kind: 'bend',
        techniqueId: BENDING,
        after: 'cut',
        pinned: { machineId: 'bender', start: at(MONDAY, '09:00') },
      }),
    ];
    const result = autoSchedule(testInput({ machines, jobs }));
    expect(result.slots).toEqual([
      slot('cut', 'saw', MONDAY, '08:00', '11:00'),
      slot('bend', 'bender', MONDAY, '11:00', '12:00'),
    ]);
  });

  it('gives back the time a pinned job reserved when it cannot run (its predecessor is itself)', () => {
    const jobs = [
      testJob({ id: 'loop', after: 'loop', pinned: { machineId: 'M1', start: at(MONDAY, '08:00') } }),
      testJob({ id: 'free' }),
    ];
    const result = autoSchedule(testInput({ jobs }));
    expect(result.unscheduled).toEqual([{ jobId: 'loop', reason: 'dependency' }]);
    expect(result.slots).toEqual([slot('free', 'M1', MONDAY, '08:00', '09:00')]);
  });

  it('reports a job pinned to a machine that cannot do it', () => {
    const jobs = [testJob({ diameter: 40, pinned: { machineId: 'M1', start: at(MONDAY, '08:00') } })];
    expect(autoSchedule(testInput({ jobs })).unscheduled).toEqual([{ jobId: 'J1', reason: 'pinnedIneligible' }]);
  });

  it('answers each order’s lateness: the day its last job ends against its due date', () => {
    const jobs = [
      testJob({ id: 'long', pieces: 600, orderIds: ['early'] }),
      testJob({ id: 'short', orderIds: ['early', 'onTime'] }),
      testJob({ id: 'never', diameter: 40, orderIds: ['open'] }),
    ];
    const orders = [
      { id: 'early', dueDate: MONDAY },
      { id: 'onTime', dueDate: WEDNESDAY },
      { id: 'open', dueDate: MONDAY },
    ];
    expect(autoSchedule(testInput({ jobs, orders })).lateness).toEqual([
      { orderId: 'early', dueDate: MONDAY, finishDay: TUESDAY, complete: true, daysLate: 1 },
      { orderId: 'onTime', dueDate: WEDNESDAY, finishDay: TUESDAY, complete: true, daysLate: 0 },
      { orderId: 'open', dueDate: MONDAY, finishDay: null, complete: false, daysLate: null },
    ]);
  });

  it('counts work ending at midnight as finished on the day before', () => {
    const evening = { name: 'B', start: '16:00', end: '00:00', weekdays: [1, 2, 3, 4, 5, 6] };
    const machines = [testMachine({ shiftCalendar: { shifts: [evening], daysOff: [] } })];
    const result = autoSchedule(
      testInput({ machines, jobs: [testJob({ pieces: 480 })], orders: [{ id: 'O1', dueDate: MONDAY }] }),
    );
    expect(result.slots).toEqual([slot('J1', 'M1', MONDAY, '16:00', '00:00', 'work', TUESDAY)]);
    expect(result.lateness).toEqual([
      { orderId: 'O1', dueDate: MONDAY, finishDay: MONDAY, complete: true, daysLate: 0 },
    ]);
  });

  it('leaves every machine-day within its capacity and the schedule without a problem', () => {
    const machines = [testMachine({ id: 'M1' }), testMachine({ id: 'M2', diameterMax: 16 })];
    const jobs = Array.from({ length: 30 }, (_, i) =>
      testJob({ id: `J${i}`, diameter: [10, 12, 20][i % 3]!, pieces: 50 + 13 * i }),
    );
    const input = testInput({ machines, jobs });
    const result = autoSchedule(input);
    expect(result.loads.some((load) => load.overload)).toBe(false);
    expect(result.loads.reduce((sum, load) => sum + load.loadMinutes, 0)).toBeGreaterThan(0);
    expect(evaluateSchedule(input, result.slots).problems).toEqual([]);
  });
});
