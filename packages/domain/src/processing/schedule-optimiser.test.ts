import { describe, expect, it } from 'vitest';
import { autoSchedule } from './auto-schedule.ts';
import { evaluateSchedule } from './evaluate-schedule.ts';
import { compareCost } from './schedule-objective.ts';
import { optimiseSchedule, optimiseSteps } from './schedule-optimiser.ts';
import { at, MONDAY, testInput, testJob, testMachine } from './schedule-test-kit.ts';

// One machine, one 8-hour shift a day: two orders due Monday, each a Φ12 and a Φ16 job of 3 hours.
// The list schedule takes both Φ12 first (one changeover), so both orders end on Tuesday; doing one
// order's two jobs first finishes it on Monday, at the cost of a changeover more.
function twoOrders() {
  const job = (id: string, orderId: string, diameter: number) =>
    testJob({ id, orderIds: [orderId], diameter, pieces: 180 });
  return testInput({
    jobs: [job('A12', 'A', 12), job('B12', 'B', 12), job('A16', 'A', 16), job('B16', 'B', 16)],
    orders: [
      { id: 'A', dueDate: MONDAY },
      { id: 'B', dueDate: MONDAY },
    ],
  });
}

const BOUNDED = { timeLimitMs: 60_000, maxEvaluations: 300 };

describe('optimiseSchedule', () => {
  it('finishes one of two orders a day earlier than the list schedule, and says what it changed', () => {
    const input = twoOrders();
    const list = autoSchedule(input);
    expect(list.lateness.map((l) => l.daysLate)).toEqual([1, 1]);

    const { result, before, after } = optimiseSchedule(input, BOUNDED);
    expect(before).toMatchObject({ lateness: 2, unscheduled: 0, changeovers: 1 });
    expect(after).toMatchObject({ lateness: 1, unscheduled: 0, changeovers: 2 });
    expect(result.lateness.map((l) => l.daysLate).sort()).toEqual([0, 1]);
    expect(result.unscheduled).toEqual([]);
    expect(evaluateSchedule(input, result.slots).problems).toEqual([]);
    expect(result.slots.filter((s) => s.kind === 'setup').map((s) => s.jobId)).toHaveLength(2);
  });

  it('gives the same schedule on every run with a work limit', () => {
    const input = twoOrders();
    expect(optimiseSchedule(input, BOUNDED)).toEqual(optimiseSchedule(input, BOUNDED));
  });

  it('returns the list schedule when nothing beats it', () => {
    const input = testInput({ jobs: [testJob({ id: 'J1' })], orders: [{ id: 'O1', dueDate: MONDAY }] });
    const { result, before, after } = optimiseSchedule(input, BOUNDED);
    expect(result).toEqual(autoSchedule(input));
    expect(after).toEqual(before);
  });

  it('keeps a bend after its cut and a pinned job where it is pinned', () => {
    const input = testInput({
      machines: [testMachine({ id: 'M1' }), testMachine({ id: 'M2' })],
      jobs: [
        testJob({ id: 'cut', orderIds: ['A'], pieces: 240 }),
        testJob({ id: 'bend', orderIds: ['A'], after: 'cut', pieces: 120 }),
        testJob({ id: 'pin', orderIds: ['B'], pinned: { machineId: 'M2', start: at(MONDAY, '09:00') } }),
        testJob({ id: 'other', orderIds: ['B'], diameter: 16 }),
      ],
      orders: [
        { id: 'A', dueDate: MONDAY },
        { id: 'B', dueDate: MONDAY },
      ],
    });
    const { result } = optimiseSchedule(input, BOUNDED);
    expect(evaluateSchedule(input, result.slots).problems).toEqual([]);
    const pinned = result.slots.filter((s) => s.jobId === 'pin' && s.kind === 'work');
    expect(pinned).toEqual([
      { jobId: 'pin', machineId: 'M2', kind: 'work', from: at(MONDAY, '09:00'), to: at(MONDAY, '10:00') },
    ]);
  });
});

describe('optimiseSteps', () => {
  it('yields its progress while it searches and, told to stop, returns the best schedule found so far', () => {
    const input = twoOrders();
    // No work limit and a minute of time: only the caller's stop ends it.
    const steps = optimiseSteps(input, { timeLimitMs: 60_000 });
    const first = steps.next();
    if (first.done) throw new Error('the search ended before its first slice of work');
    const progress = first.value;
    expect(progress.fraction).toBeGreaterThanOrEqual(0);
    expect(progress.fraction).toBeLessThan(1);
    expect(progress.evaluations).toBeGreaterThan(0);
    expect(progress.before).toMatchObject({ lateness: 2, unscheduled: 0 });
    expect(compareCost(progress.best, progress.before)).toBeLessThanOrEqual(0);

    const last = steps.next(true);
    if (!last.done) throw new Error('the search went on after it was told to stop');
    expect(last.value.evaluations).toBe(progress.evaluations);
    expect(last.value.after).toEqual(compareCost(progress.best, progress.before) < 0 ? progress.best : progress.before);
    expect(evaluateSchedule(input, last.value.result.slots).problems).toEqual([]);
  });
});
