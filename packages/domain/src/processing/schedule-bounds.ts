import { instantEndingAt, shiftTimeAt } from './machine-timeline.ts';
import { scheduleModel, type ScheduleModel } from './schedule-decode.ts';
import { costModel, orderDaysLate } from './schedule-objective.ts';
import type { AutoScheduleResult, ScheduleInput } from './schedule.schema.ts';

/**
 * A lower bound on the order-days late any schedule can reach (the optimiser's `lateness`), by
 * relaxing capacity: every job alone on the plant, on its fastest eligible machine from the start of
 * the horizon (or its predecessor's end), without changeovers; an order finishes when the last of its
 * jobs would. Pinned jobs count where the list schedule (`seed`) put them. No schedule does better, as
 * sharing machines only delays jobs. And a bound by capacity (`capacityBound`), whichever is higher;
 * the gap to it is at most what the optimiser could still win.
 */
export function scheduleLowerBound(input: ScheduleInput, seed: AutoScheduleResult): { lateness: number } {
  const model = scheduleModel(input, seed);
  const n = model.jobs.length;
  const machine = new Int32Array(n).fill(-1);
  const end = new Float64Array(n);
  const done = new Int8Array(n);
  const earliestEnd = (i: number): number | null => {
    if (done[i]) return machine[i] === -1 ? null : end[i]!;
    done[i] = 1;
    const pinned = model.pinned.get(i);
    if (pinned) {
      machine[i] = pinned.machine;
      end[i] = instantEndingAt(model.queuesTemplate[pinned.machine]!.timeline, pinned.block.end);
      return end[i]!;
    }
    if (!model.movable[i]) return null;
    const p = model.predecessor[i]!;
    const after = p >= 0 ? earliestEnd(p) : -Infinity;
    if (after === null) return null;
    let best: number | null = null;
    model.durations[i]!.forEach((duration, m) => {
      if (duration === null) return;
      const { timeline } = model.queuesTemplate[m]!;
      const finish = shiftTimeAt(timeline, after) + duration;
      if (finish > timeline.total) return;
      const instant = instantEndingAt(timeline, finish);
      if (best === null || instant < best) [best, machine[i]] = [instant, m];
    });
    if (best !== null) end[i] = best;
    return best;
  };
  for (let i = 0; i < n; i++) earliestEnd(i);
  const daysLate = orderDaysLate(costModel(model), {
    machine,
    start: new Float64Array(n),
    end,
    reason: [],
    queues: [],
  });
  const relaxed = daysLate.reduce<number>((sum, days) => sum + (days ?? 0), 0);
  return { lateness: Math.max(relaxed, capacityBound(model)) };
}

/**
 * Order-days late forced by capacity. An order late by n days is, on each of n days, an order due by
 * that day and not finished at its end; so the lateness of any schedule is at least the sum over the
 * horizon's days k of how many orders due by day k cannot all be finished by its end. That count is at
 * least the fewest orders whose work, taken away, leaves what the machines of one technique can do by
 * then (every job at its fastest, no changeovers; an order is credited with all of its jobs, even those
 * it shares, which can only lower the count).
 */
function capacityBound(model: ScheduleModel): number {
  const costs = costModel(model);
  const dueIndex = new Map<number, number>();
  costs.orders.forEach((order) => {
    if (order.dueIndex === null) return;
    for (const i of order.jobs) dueIndex.set(i, Math.min(dueIndex.get(i) ?? Infinity, order.dueIndex));
  });
  const techniques = new Set(model.jobs.map((job) => job.techniqueId));
  let bound = 0;
  for (let k = 0; k < model.input.horizon.days; k++) {
    let forced = 0;
    for (const technique of techniques) {
      const capacity = model.queuesTemplate
        .filter((queue) => queue.machine.techniqueIds.includes(technique))
        .reduce((sum, queue) => sum + shiftTimeAt(queue.timeline, costs.midnights[k + 1]! - 1), 0);
      const work = (i: number) =>
        model.jobs[i]!.techniqueId === technique && (dueIndex.get(i) ?? Infinity) <= k && model.fixedReason[i] === null
          ? Math.min(...model.durations[i]!.filter((d): d is number => d !== null))
          : 0;
      let total = 0;
      for (let i = 0; i < model.jobs.length; i++) total += work(i);
      const credits = costs.orders
        .filter((order) => order.dueIndex !== null && order.dueIndex <= k)
        .map((order) => order.jobs.reduce((sum, i) => sum + work(i), 0))
        .sort((a, b) => b - a);
      let count = 0;
      while (total > capacity && count < credits.length) total -= credits[count++]!;
      forced = Math.max(forced, count);
    }
    bound += forced;
  }
  return bound;
}
