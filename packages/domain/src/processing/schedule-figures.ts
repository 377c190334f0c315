import type { z } from 'zod';
import type { scheduleFiguresSchema } from './daily-plan.schema.ts';
import type { OrderLateness, ScheduleSlot } from './schedule.schema.ts';

/** What an auto-schedule changed, for the planner: order-days late, changeovers, the last work's end. */
export type ScheduleFigures = z.infer<typeof scheduleFiguresSchema>;

/** The figures of a stored schedule (its slots and its evaluation's lateness), as the optimiser counts them. */
export function scheduleFigures(schedule: {
  slots: readonly ScheduleSlot[];
  evaluation: { lateness: readonly OrderLateness[] };
}): ScheduleFigures {
  const work = schedule.slots.filter((slot) => slot.kind === 'work');
  return {
    daysLate: schedule.evaluation.lateness.reduce((sum, order) => sum + (order.daysLate ?? 0), 0),
    // A changeover is drawn as the setup slots before one job: count the jobs.
    changeovers: new Set(schedule.slots.filter((slot) => slot.kind === 'setup').map((slot) => slot.jobId)).size,
    end: work.length === 0 ? null : Math.max(...work.map((slot) => slot.to)),
  };
}
