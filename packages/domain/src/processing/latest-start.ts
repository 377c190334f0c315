import { nextDay, plantInstant } from '../equipment/index.ts';
import { jobDurationMs } from './job-duration.ts';
import { instantStartingAt, machineTimelines, shiftTimeAt } from './machine-timeline.ts';
import { dueDatesOf, jobDueDate } from './schedule-due.ts';
import type { ScheduleInput, ScheduleSlot } from './schedule.schema.ts';
import { workSpansByMachine } from './work-spans.ts';

/**
 * Each scheduled job's latest start: the last instant it can start on its machine and still end by the
 * end of its due day (its lines' drop's, `jobDueDate`) — and, when a job waits for it (a bend after its cut), before that job's own
 * latest start. Worked backward through the chains, in the machine's shift time (a job's work goes
 * on only while a shift runs). A job that starts after its latest start makes its order late, or
 * delays the job after it past its own. Null for a job without a due date, one whose due day ends
 * after its machine's last shift in the horizon (no constraint the board can show), or one not
 * scheduled. A latest start before the horizon's first shift means the job is late already.
 */
export function latestStarts(input: ScheduleInput, slots: readonly ScheduleSlot[]): Map<string, number | null> {
  const timelines = machineTimelines(input);
  const jobsById = new Map(input.jobs.map((job) => [job.id, job]));
  const machinesById = new Map(input.machines.map((machine) => [machine.id, machine]));
  const dueDates = dueDatesOf(input);
  const placedOn = new Map<string, string>();
  for (const spans of workSpansByMachine(jobsById, slots).values()) {
    for (const span of spans) if (!placedOn.has(span.jobId)) placedOn.set(span.jobId, span.machineId);
  }
  const successors = new Map<string, string[]>();
  for (const job of input.jobs) {
    if (job.after !== null) successors.set(job.after, [...(successors.get(job.after) ?? []), job.id]);
  }

  const result = new Map<string, number | null>();
  const visiting = new Set<string>();
  const latestStart = (jobId: string): number | null => {
    if (result.has(jobId)) return result.get(jobId)!;
    const job = jobsById.get(jobId)!;
    const machineId = placedOn.get(jobId);
    if (visiting.has(jobId)) return null;
    if (machineId === undefined) {
      result.set(jobId, null);
      return null;
    }
    visiting.add(jobId);
    const due = jobDueDate(job, dueDates);
    let latestEnd = due === null ? Infinity : plantInstant(nextDay(due), '00:00', input.horizon.timeZone);
    for (const next of successors.get(jobId) ?? []) {
      const nextStart = latestStart(next);
      if (nextStart !== null) latestEnd = Math.min(latestEnd, nextStart);
    }
    visiting.delete(jobId);
    const timeline = timelines.get(machineId)!;
    const durationMs = jobDurationMs(job, machinesById.get(machineId)!);
    const lastShiftEnd = timeline.windows[timeline.windows.length - 1]?.to ?? -Infinity;
    let start: number | null = null;
    if (durationMs !== null && latestEnd < lastShiftEnd) {
      const s = shiftTimeAt(timeline, latestEnd) - durationMs;
      // Before the first shift: as far before it as the work is short of time.
      start = s >= 0 ? instantStartingAt(timeline, s) : timeline.windows[0]!.from + s;
    }
    result.set(jobId, start);
    return start;
  };
  for (const job of input.jobs) latestStart(job.id);
  return result;
}
