import { nextDay, plantInstant } from '../equipment/index.ts';
import type { Decoded, ScheduleModel } from './schedule-decode.ts';
import { daysBetween } from './schedule-metrics.ts';
import { dueUnits } from './schedule-due.ts';
import type { AutoScheduleResult } from './schedule.schema.ts';
import { workSpansByMachine } from './work-spans.ts';
import { changeoverMs, initialSetup, setupOf } from './setup-time.ts';

/**
 * What the optimiser minimises, in this order: `lateness`, the orders' days late summed (each order
 * weighs the same, an order with drops on several days once per day; an order with a job left without a place counts as finishing the day after the
 * horizon, the least it can be late); `unscheduled`, jobs left without a place; `changeovers`;
 * `makespan`, the last job's end. `tardinessHours`, how far past the end of its due day each order
 * finishes, moves before a whole day is won, and so guides the search.
 */
export type ScheduleCost = {
  lateness: number;
  unscheduled: number;
  tardinessHours: number;
  changeovers: number;
  makespan: number;
};

/**
 * Negative when `a` is better than `b`: lateness, then jobs left out, then changeovers, then makespan
 * (`tardinessHours` between the last two only breaks ties). `guided` ranks tardiness before
 * changeovers: the search's first phase, where hours won toward a whole day count.
 */
export function compareCost(a: ScheduleCost, b: ScheduleCost, guided = false): number {
  return (
    a.lateness - b.lateness ||
    a.unscheduled - b.unscheduled ||
    (guided ? a.tardinessHours - b.tardinessHours : 0) ||
    a.changeovers - b.changeovers ||
    a.tardinessHours - b.tardinessHours ||
    a.makespan - b.makespan
  );
}

/**
 * Orders as the objective needs them — one per due date of an order (`dueUnits`: per drop day when its
 * drops fall on several) — their jobs, due day's index from the horizon's first day, its end.
 */
export type CostModel = {
  orders: { jobs: number[]; dueIndex: number | null; dueEnd: number }[];
  /** The instants the horizon's days (and the two after, for night shifts) begin. */
  midnights: number[];
  afterHorizonIndex: number;
};

const HOUR_MS = 3_600_000;

export function costModel(model: ScheduleModel): CostModel {
  const { horizon } = model.input;
  const midnights = Array.from({ length: horizon.days + 3 }, (_, i) =>
    plantInstant(nextDay(horizon.firstDay, i), '00:00', horizon.timeZone),
  );
  const orders = dueUnits(model.input, model.jobs).map(({ jobs, dueDate: due }) => ({
    jobs,
    dueIndex: due === null ? null : daysBetween(horizon.firstDay, due),
    dueEnd: due === null ? Infinity : plantInstant(nextDay(due), '00:00', horizon.timeZone),
  }));
  return { orders, midnights, afterHorizonIndex: horizon.days };
}

/** Index (from the horizon's first day) of the plant day instant `at` falls on. */
function dayIndex(midnights: readonly number[], at: number): number {
  let lo = 0;
  let hi = midnights.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (midnights[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Each order's days late in a decoded schedule (null: no due date). */
export function orderDaysLate(costs: CostModel, decoded: Decoded): (number | null)[] {
  return costs.orders.map((order) => {
    if (order.dueIndex === null) return null;
    let finish = -Infinity;
    let complete = true;
    for (const i of order.jobs) {
      if (decoded.machine[i] === -1) complete = false;
      else finish = Math.max(finish, decoded.end[i]!);
    }
    const finishIndex = !complete
      ? costs.afterHorizonIndex
      : finish === -Infinity
        ? 0
        : dayIndex(costs.midnights, finish - 1);
    return Math.max(0, finishIndex - order.dueIndex);
  });
}

/** The figures of a schedule given as slots (the list schedule's answer), as `scheduleCost` counts them. */
export function resultCost(model: ScheduleModel, costs: CostModel, result: AutoScheduleResult): ScheduleCost {
  const n = model.jobs.length;
  const machine = new Int32Array(n).fill(-1);
  const start = new Float64Array(n);
  const end = new Float64Array(n);
  const spans = workSpansByMachine(new Map(model.jobs.map((job) => [job.id, job])), result.slots);
  const queues = model.queuesTemplate.map((queue) => ({
    ...queue,
    blocks: (spans.get(queue.machine.id) ?? []).map((span) => {
      const i = model.index.get(span.jobId)!;
      machine[i] = 0;
      start[i] = span.start;
      end[i] = span.end;
      return { jobId: span.jobId, diameter: span.diameter, family: span.family, start: span.start, end: span.end };
    }),
  }));
  return scheduleCost(model, costs, { machine, start, end, reason: [], queues });
}

export function scheduleCost(model: ScheduleModel, costs: CostModel, decoded: Decoded): ScheduleCost {
  const daysLate = orderDaysLate(costs, decoded);
  let lateness = 0;
  let tardinessMs = 0;
  const horizonEnd = costs.midnights[costs.afterHorizonIndex + 1]!;
  costs.orders.forEach((order, o) => {
    lateness += daysLate[o] ?? 0;
    if (order.dueIndex === null) return;
    let finish = -Infinity;
    for (const i of order.jobs) finish = Math.max(finish, decoded.machine[i] === -1 ? horizonEnd : decoded.end[i]!);
    tardinessMs += Math.max(0, finish - order.dueEnd);
  });
  let unscheduled = 0;
  let makespan = 0;
  for (let i = 0; i < model.jobs.length; i++) {
    if (decoded.machine[i] === -1) unscheduled++;
    else makespan = Math.max(makespan, decoded.end[i]!);
  }
  let changeovers = 0;
  for (const queue of decoded.queues) {
    let setUp = initialSetup(queue.machine);
    for (const block of queue.blocks) {
      if (changeoverMs(queue.machine, setUp, block) > 0) changeovers++;
      setUp = setupOf(block);
    }
  }
  return { lateness, unscheduled, tardinessHours: tardinessMs / HOUR_MS, changeovers, makespan };
}
