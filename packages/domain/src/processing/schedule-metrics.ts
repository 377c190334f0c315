import { plantDayOf } from '../equipment/index.ts';
import { horizonDays, shiftPartsOf, type MachineTimeline } from './machine-timeline.ts';
import type {
  MachineDayLoad,
  OrderLateness,
  ScheduleHorizon,
  ScheduleInput,
  ScheduleJob,
  ScheduleSlot,
} from './schedule.schema.ts';

const MINUTE_MS = 60_000;

/** The earliest due date of the orders a job serves: the date it is scheduled by. */
export function jobDueDate(job: ScheduleJob, dueDates: ReadonlyMap<string, string | null>): string | null {
  let due: string | null = null;
  for (const orderId of job.orderIds) {
    const date = dueDates.get(orderId) ?? null;
    if (date !== null && (due === null || date < due)) due = date;
  }
  return due;
}

/** Whole days from `from` to `to` (plant days, `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Per machine and horizon day: the work and setups planned against the length of that day's shifts.
 * Time inside a shift counts for the shift's day (a night shift's hours after midnight too); time
 * outside every shift — only a schedule changed by hand has any — counts for the plant day it starts
 * on, so that overtime shows as overload.
 */
export function machineDayLoads(
  horizon: ScheduleHorizon,
  timelines: ReadonlyMap<string, MachineTimeline>,
  slots: readonly ScheduleSlot[],
): MachineDayLoad[] {
  const days = horizonDays(horizon);
  const loadByMachine = new Map<string, Map<string, number>>();
  for (const slot of slots) {
    const timeline = timelines.get(slot.machineId);
    if (!timeline) continue;
    let byDay = loadByMachine.get(slot.machineId);
    if (!byDay) loadByMachine.set(slot.machineId, (byDay = new Map()));
    let inShift = 0;
    for (const { day, ms } of shiftPartsOf(timeline, slot.from, slot.to)) {
      byDay.set(day, (byDay.get(day) ?? 0) + ms);
      inShift += ms;
    }
    const outside = slot.to - slot.from - inShift;
    if (outside > 0) {
      const day = plantDayOf(slot.from, horizon.timeZone);
      byDay.set(day, (byDay.get(day) ?? 0) + outside);
    }
  }
  const loads: MachineDayLoad[] = [];
  for (const [machineId, timeline] of timelines) {
    const capacity = new Map<string, number>();
    for (const window of timeline.windows)
      capacity.set(window.day, (capacity.get(window.day) ?? 0) + window.to - window.from);
    for (const day of days) {
      const capacityMs = capacity.get(day) ?? 0;
      const loadMs = loadByMachine.get(machineId)?.get(day) ?? 0;
      loads.push({
        machineId,
        day,
        capacityMinutes: capacityMs / MINUTE_MS,
        loadMinutes: loadMs / MINUTE_MS,
        overload: loadMs > capacityMs,
      });
    }
  }
  return loads;
}

/**
 * Each order served by a job: the plant day its last work slot ends against its due date. An order
 * with a job left without work is not complete, and its lateness unknown.
 */
export function orderLateness(input: ScheduleInput, slots: readonly ScheduleSlot[]): OrderLateness[] {
  const jobEnd = new Map<string, number>();
  for (const slot of slots) {
    if (slot.kind === 'work') jobEnd.set(slot.jobId, Math.max(jobEnd.get(slot.jobId) ?? -Infinity, slot.to));
  }
  const finish = new Map<string, { end: number; complete: boolean }>();
  for (const job of input.jobs) {
    const end = jobEnd.get(job.id);
    for (const orderId of job.orderIds) {
      const current = finish.get(orderId) ?? { end: -Infinity, complete: true };
      finish.set(orderId, {
        end: Math.max(current.end, end ?? -Infinity),
        complete: current.complete && end !== undefined,
      });
    }
  }
  const dueDates = new Map(input.orders.map((order) => [order.id, order.dueDate]));
  return [...finish].map(([orderId, { end, complete }]) => {
    const dueDate = dueDates.get(orderId) ?? null;
    // The day of the last instant of work: work ending at midnight finished the day before.
    const finishDay = complete ? plantDayOf(end - 1, input.horizon.timeZone) : null;
    return {
      orderId,
      dueDate,
      finishDay,
      complete,
      daysLate: dueDate !== null && finishDay !== null ? Math.max(0, daysBetween(dueDate, finishDay)) : null,
    };
  });
}
