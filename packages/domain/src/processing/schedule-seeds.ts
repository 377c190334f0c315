import { jobDueDate } from './schedule-metrics.ts';
import type { ScheduleInput, ScheduleJob } from './schedule.schema.ts';

/**
 * Another order for the list schedule to place jobs in, one order at a time: an order finishes with
 * its last job, so the jobs of one order placed together finish it sooner than the same jobs spread
 * among those of every order due the same day. Orders by due date (none last), then the smaller first
 * (on a busy day more of them finish in time), then as given; a job serving several orders goes with
 * the first of them; within an order, cuts before bends, then by diameter (fewer changeovers).
 * `batch` orders in a row are taken as one: their jobs by diameter, fewer changeovers for less
 * grouping.
 */
export function orderByOrderSchedulingOrder(input: ScheduleInput, batch = 1): ScheduleJob[] {
  const dueDates = new Map(input.orders.map((order) => [order.id, order.dueDate]));
  const work = new Map<string, number>();
  for (const job of input.jobs) {
    for (const orderId of job.orderIds) work.set(orderId, (work.get(orderId) ?? 0) + job.weightKg);
  }
  const rank = new Map(
    [...work.keys()]
      .map((orderId, index) => ({ orderId, index, due: dueDates.get(orderId) ?? null, kg: work.get(orderId)! }))
      .sort((a, b) => compareDue(a.due, b.due) || a.kg - b.kg || a.index - b.index)
      .map((entry, position) => [entry.orderId, position]),
  );
  const leadRank = (job: ScheduleJob) => {
    const due = jobDueDate(job, dueDates);
    return Math.min(...job.orderIds.filter((id) => (dueDates.get(id) ?? null) === due).map((id) => rank.get(id)!));
  };
  return input.jobs
    .map((job, index) => ({ job, index, rank: Math.floor(leadRank(job) / batch) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.job.kind === b.job.kind ? 0 : a.job.kind === 'cut' ? -1 : 1) ||
        a.job.diameter - b.job.diameter ||
        a.index - b.index,
    )
    .map((entry) => entry.job);
}

function compareDue(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
