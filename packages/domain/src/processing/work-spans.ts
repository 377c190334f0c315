import { groupBy } from './group-by.ts';
import type { ScheduleJob, ScheduleSlot } from './schedule.schema.ts';

/** A job's work on one machine: its work slots there, from the first one's start to the last one's end. */
export type WorkSpan = {
  jobId: string;
  machineId: string;
  diameter: number;
  family: string | null;
  start: number;
  end: number;
  workMs: number;
  slots: ScheduleSlot[];
};

/**
 * The work slots of known jobs grouped into spans, per machine in order of start (setup slots and
 * slots of unknown jobs are left out). A job is one span per machine it has work on.
 */
export function workSpansByMachine(
  jobsById: ReadonlyMap<string, ScheduleJob>,
  slots: readonly ScheduleSlot[],
): Map<string, WorkSpan[]> {
  const spans = new Map<string, WorkSpan>();
  for (const slot of [...slots].sort((a, b) => a.from - b.from)) {
    const job = jobsById.get(slot.jobId);
    if (slot.kind !== 'work' || !job) continue;
    const key = JSON.stringify([slot.machineId, slot.jobId]);
    const span = spans.get(key);
    if (span) {
      span.end = Math.max(span.end, slot.to);
      span.workMs += slot.to - slot.from;
      span.slots.push(slot);
    } else {
      const { machineId, from, to } = slot;
      spans.set(key, {
        jobId: job.id,
        machineId,
        diameter: job.diameter,
        family: job.family,
        start: from,
        end: to,
        workMs: to - from,
        slots: [slot],
      });
    }
  }
  return groupBy([...spans.values()], (span) => span.machineId);
}
