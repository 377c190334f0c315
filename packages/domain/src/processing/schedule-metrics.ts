import { plantDayOf } from '../equipment/index.ts';
import { horizonDays, shiftPartsOf, type MachineTimeline } from './machine-timeline.ts';
import { compareDueDates, dueUnits } from './schedule-due.ts';
import type { MachineDayLoad, OrderLateness, ScheduleHorizon, ScheduleInput, ScheduleSlot } from './schedule.schema.ts';

const MINUTE_MS = 60_000;

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
 * with a job left without work is not complete, and its lateness unknown (its earliest date named). An
 * order whose drops fall on several days is counted per day (`dueUnits`) and answered by its worst: the
 * date most days late, the earliest among equals, with the day that date's work ends.
 */
export function orderLateness(input: ScheduleInput, slots: readonly ScheduleSlot[]): OrderLateness[] {
  const jobEnd = new Map<string, number>();
  for (const slot of slots) {
    if (slot.kind === 'work') jobEnd.set(slot.jobId, Math.max(jobEnd.get(slot.jobId) ?? -Infinity, slot.to));
  }
  const byOrder = new Map<string, OrderLateness[]>();
  for (const unit of dueUnits(input, input.jobs)) {
    let end = -Infinity;
    let complete = true;
    for (const i of unit.jobs) {
      const jobEndsAt = jobEnd.get(input.jobs[i]!.id);
      if (jobEndsAt === undefined) complete = false;
      else end = Math.max(end, jobEndsAt);
    }
    const { dueDate } = unit;
    // The day of the last instant of work: work ending at midnight finished the day before.
    const finishDay = complete ? plantDayOf(end - 1, input.horizon.timeZone) : null;
    const row = {
      orderId: unit.orderId,
      dueDate,
      finishDay,
      complete,
      daysLate: dueDate !== null && finishDay !== null ? Math.max(0, daysBetween(dueDate, finishDay)) : null,
    };
    byOrder.set(unit.orderId, [...(byOrder.get(unit.orderId) ?? []), row]);
  }
  return [...byOrder.values()].map((rows) => {
    const earliest = [...rows].sort((a, b) => compareDueDates(a.dueDate, b.dueDate));
    if (rows.some((row) => !row.complete)) return { ...earliest[0]!, finishDay: null, complete: false, daysLate: null };
    return earliest.reduce((worst, row) => ((row.daysLate ?? -1) > (worst.daysLate ?? -1) ? row : worst));
  });
}
