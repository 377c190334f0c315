import { describe, expect, it } from 'vitest';
import { autoSchedule, schedulingOrder } from './auto-schedule.ts';
import { latestStarts } from './latest-start.ts';
import { dueDatesOf, dueUnits, jobDueDate } from './schedule-due.ts';
import { orderByOrderSchedulingOrder } from './schedule-seeds.ts';
import { at, MONDAY, testInput, testJob } from './schedule-test-kit.ts';

const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const [LA1, LA2, LB] = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`) as [string, string, string];

/**
 * Order A has two drops: line LA1 on Monday (its date, the earliest), LA2 on Wednesday; order B is due
 * Monday. One machine, 8 h a day: Monday holds B (6 h) and A's Monday line (2 h), not A's Wednesday
 * line (6 h) too.
 */
function plant(lineDueDates?: Record<string, string>) {
  return testInput({
    jobs: [
      testJob({ id: 'a-wed', orderIds: ['A'], orderLineIds: [LA2], pieces: 360, diameter: 12 }),
      testJob({ id: 'b', orderIds: ['B'], orderLineIds: [LB], pieces: 360, diameter: 12 }),
      testJob({ id: 'a-mon', orderIds: ['A'], orderLineIds: [LA1], pieces: 120, diameter: 12 }),
    ],
    orders: [
      { id: 'A', dueDate: MONDAY, ...(lineDueDates ? { lineDueDates } : {}) },
      { id: 'B', dueDate: MONDAY },
    ],
  });
}
const perDrop = () => plant({ [LA1]: MONDAY, [LA2]: WEDNESDAY });

describe('per-drop due dates in scheduling', () => {
  it('dates a job by the drops of the lines it makes, the earliest when it makes several', () => {
    const dueDates = dueDatesOf(perDrop());
    expect(jobDueDate({ orderIds: ['A'], orderLineIds: [LA2] }, dueDates)).toBe(WEDNESDAY);
    expect(jobDueDate({ orderIds: ['A'], orderLineIds: [LA1, LA2] }, dueDates)).toBe(MONDAY);
    // A line its order gives no date of, or a job naming no lines: the order's date.
    expect(jobDueDate({ orderIds: ['A'], orderLineIds: [LB] }, dueDates)).toBe(MONDAY);
    expect(jobDueDate({ orderIds: ['A'], orderLineIds: [] }, dueDates)).toBe(MONDAY);
    // Serving two orders: the earliest of both.
    expect(jobDueDate({ orderIds: ['A', 'B'], orderLineIds: [LA2, LB] }, dueDates)).toBe(MONDAY);
    expect(dueUnits(perDrop(), perDrop().jobs)).toEqual([
      { orderId: 'A', dueDate: WEDNESDAY, jobs: [0] },
      { orderId: 'B', dueDate: MONDAY, jobs: [1] },
      { orderId: 'A', dueDate: MONDAY, jobs: [2] },
    ]);
  });

  it('schedules the later drop’s work after what is due first, and nobody is late', () => {
    const input = perDrop();
    expect(schedulingOrder(input).map((job) => job.id)).toEqual(['b', 'a-mon', 'a-wed']);
    // Order by order: A's Monday work and B (Monday, as heavy: as given) before A's Wednesday work.
    expect(orderByOrderSchedulingOrder(input).map((job) => job.id)).toEqual(['b', 'a-mon', 'a-wed']);
    const result = autoSchedule(input);
    expect(result.lateness).toEqual([
      { orderId: 'A', dueDate: MONDAY, finishDay: MONDAY, complete: true, daysLate: 0 },
      { orderId: 'B', dueDate: MONDAY, finishDay: MONDAY, complete: true, daysLate: 0 },
    ]);
    // The Wednesday line's latest start is Wednesday's, not Monday's.
    expect(latestStarts(input, result.slots).get('a-wed')).toBe(at(WEDNESDAY, '10:00'));
  });

  it('by the order’s one date, the same work makes an order late', () => {
    const result = autoSchedule(plant());
    expect(result.lateness.some((order) => (order.daysLate ?? 0) > 0)).toBe(true);
  });

  it('answers an order by its worst drop', () => {
    // B first: A's 6 h due Monday spills into Tuesday; its 2 h due Wednesday are on time.
    const input = testInput({
      jobs: [
        testJob({ id: 'b', orderIds: ['B'], orderLineIds: [LB], pieces: 360 }),
        testJob({ id: 'a-mon', orderIds: ['A'], orderLineIds: [LA2], pieces: 360 }),
        testJob({ id: 'a-wed', orderIds: ['A'], orderLineIds: [LA1], pieces: 120 }),
      ],
      orders: [
        { id: 'A', dueDate: MONDAY, lineDueDates: { [LA1]: WEDNESDAY, [LA2]: MONDAY } },
        { id: 'B', dueDate: MONDAY },
      ],
    });
    expect(autoSchedule(input).lateness.find((order) => order.orderId === 'A')).toEqual({
      orderId: 'A',
      dueDate: MONDAY,
      finishDay: TUESDAY,
      complete: true,
      daysLate: 1,
    });
  });
});
