import type { ScheduleInput, ScheduleJob, ScheduleOrder } from './schedule.schema.ts';

/** The orders' dates as scheduling reads them, by order id. */
export type DueDates = ReadonlyMap<string, Pick<ScheduleOrder, 'dueDate' | 'lineDueDates'>>;

export function dueDatesOf(input: Pick<ScheduleInput, 'orders'>): DueDates {
  return new Map(input.orders.map((order) => [order.id, order]));
}

/**
 * The date a job is due for one order it serves: the earliest date of that order's lines it makes, each
 * line due on its drop's date (`lineDueDates`), else the order's date (null: none, or an order not given).
 */
export function jobOrderDueDate(
  job: Pick<ScheduleJob, 'orderLineIds'>,
  order: Pick<ScheduleOrder, 'dueDate' | 'lineDueDates'> | undefined,
): string | null {
  if (!order) return null;
  let due: string | null = null;
  for (const lineId of job.orderLineIds) {
    const date = order.lineDueDates[lineId];
    if (date !== undefined && (due === null || date < due)) due = date;
  }
  return due ?? order.dueDate;
}

/** The earliest date a job is due for any order it serves: the date it is scheduled by. */
export function jobDueDate(job: Pick<ScheduleJob, 'orderIds' | 'orderLineIds'>, dueDates: DueDates): string | null {
  let due: string | null = null;
  for (const orderId of job.orderIds) {
    const date = jobOrderDueDate(job, dueDates.get(orderId));
    if (date !== null && (due === null || date < due)) due = date;
  }
  return due;
}

/**
 * What lateness is counted on: an order's jobs due on one date — the whole order when its lines share its
 * date, one unit per drop date when its drops fall on several days. `jobs` are indices into the list
 * given; units come in the order their first job and order appear.
 */
export type DueUnit = { orderId: string; dueDate: string | null; jobs: number[] };

export function dueUnits(input: Pick<ScheduleInput, 'orders'>, jobs: readonly ScheduleJob[]): DueUnit[] {
  const dueDates = dueDatesOf(input);
  const units = new Map<string, DueUnit>();
  jobs.forEach((job, i) => {
    for (const orderId of job.orderIds) {
      const dueDate = jobOrderDueDate(job, dueDates.get(orderId));
      const key = `${orderId}|${dueDate ?? ''}`;
      const unit = units.get(key);
      if (unit) unit.jobs.push(i);
      else units.set(key, { orderId, dueDate, jobs: [i] });
    }
  });
  return [...units.values()];
}

/** Due dates in order, none last. */
export function compareDueDates(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
