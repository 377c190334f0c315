import { compareDueDates, dueDatesOf, dueUnits, jobDueDate } from './schedule-due.ts';
import type { ScheduleInput, ScheduleJob } from './schedule.schema.ts';

/**
 * Another order for the list schedule to place jobs in, one order at a time: an order finishes with
 * its last job, so the jobs of one order placed together finish it sooner than the same jobs spread
 * among those of every order due the same day (an order with drops on several days counts once per
 * day). Orders by due date (none last), then the smaller first
 * (on a busy day more of them finish in time), then as given; a job serving several orders goes with
 * the first of them; within an order, cuts before bends, then by diameter (fewer changeovers).
 * `batch` orders in a row are taken as one: their jobs by diameter, fewer changeovers for less
 * grouping.
 */
export function orderByOrderSchedulingOrder(input: ScheduleInput, batch = 1): ScheduleJob[] {
  const dueDates = dueDatesOf(input);
  // An order with drops on several days is an order per day here: each day's work finishes together.
  const units = dueUnits(input, input.jobs).map((unit, index) => ({
    ...unit,
    index,
    kg: unit.jobs.reduce((sum, i) => sum + input.jobs[i]!.weightKg, 0),
  }));
  const ranked = [...units].sort((a, b) => compareDueDates(a.dueDate, b.dueDate) || a.kg - b.kg || a.index - b.index);
  const rank = new Map(ranked.map((unit, position) => [unit, position]));
  const unitsOf = new Map<number, typeof units>();
  for (const unit of units) for (const i of unit.jobs) unitsOf.set(i, [...(unitsOf.get(i) ?? []), unit]);
  const leadRank = (job: ScheduleJob, i: number) => {
    const due = jobDueDate(job, dueDates);
    return Math.min(
      ...unitsOf
        .get(i)!
        .filter((unit) => unit.dueDate === due)
        .map((unit) => rank.get(unit)!),
    );
  };
  return input.jobs
    .map((job, index) => ({ job, index, rank: Math.floor(leadRank(job, index) / batch) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.job.kind === b.job.kind ? 0 : a.job.kind === 'cut' ? -1 : 1) ||
        a.job.diameter - b.job.diameter ||
        a.index - b.index,
    )
    .map((entry) => entry.job);
}
