import { describe, expect, it } from 'vitest';
import { scheduleFigures } from './schedule-figures.ts';
import { MONDAY, slot } from './schedule-test-kit.ts';

describe('scheduleFigures', () => {
  it('sums the days late, counts the jobs with a changeover, and takes the last work’s end', () => {
    const figures = scheduleFigures({
      slots: [
        slot('A', 'M1', MONDAY, '08:00', '09:00'),
        slot('B', 'M1', MONDAY, '09:00', '09:10', 'setup'),
        slot('B', 'M1', MONDAY, '09:10', '11:00'),
        slot('C', 'M2', MONDAY, '08:00', '12:00'),
      ],
      evaluation: {
        lateness: [
          { orderId: 'O1', dueDate: MONDAY, finishDay: MONDAY, complete: true, daysLate: 0 },
          { orderId: 'O2', dueDate: MONDAY, finishDay: '2026-11-25', complete: true, daysLate: 2 },
          { orderId: 'O3', dueDate: null, finishDay: null, complete: false, daysLate: null },
        ],
      },
    });
    expect(figures).toEqual({ daysLate: 2, changeovers: 1, end: slot('C', 'M2', MONDAY, '08:00', '12:00').to });
  });
});
