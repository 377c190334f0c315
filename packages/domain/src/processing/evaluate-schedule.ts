import { jobDurationMs } from './job-duration.ts';
import { machineTimelines, shiftTimeAt } from './machine-timeline.ts';
import { machineDayLoads, orderLateness } from './schedule-metrics.ts';
import type {
  ScheduleEvaluation,
  ScheduleInput,
  ScheduleProblem,
  ScheduleProblemCode,
  ScheduleSlot,
} from './schedule.schema.ts';
import { groupBy } from './group-by.ts';
import { changeoverMs, initialSetup, setupOf } from './setup-time.ts';
import { workSpansByMachine, type WorkSpan } from './work-spans.ts';

/**
 * Checks a schedule as the planner left it on the board: every slot on a known machine able to do
 * the job, inside that machine's shifts and over no other slot; every job's work on one machine,
 * lasting what that machine needs for it, after its predecessor's end, and with the machine's
 * changeover time (in its shifts) after work of another diameter. Also answers the load of every
 * machine-day and each order's lateness, as `autoSchedule` does. Slots of unknown jobs or machines
 * are reported and otherwise ignored.
 */
export function evaluateSchedule(input: ScheduleInput, slots: readonly ScheduleSlot[]): ScheduleEvaluation {
  const timelines = machineTimelines(input);
  const jobsById = new Map(input.jobs.map((job) => [job.id, job]));
  const machinesById = new Map(input.machines.map((machine) => [machine.id, machine]));
  const problems: ScheduleProblem[] = [];
  const reported = new Set<string>();
  const report = (
    code: ScheduleProblemCode,
    jobId: string,
    machineId: string | null,
    otherJobId: string | null = null,
  ) => {
    const key = JSON.stringify([code, jobId, machineId, otherJobId]);
    if (reported.has(key)) return;
    reported.add(key);
    problems.push({ code, jobId, machineId, otherJobId });
  };

  const known: ScheduleSlot[] = [];
  for (const slot of slots) {
    const job = jobsById.get(slot.jobId);
    const machine = machinesById.get(slot.machineId);
    if (!job) report('unknownJob', slot.jobId, slot.machineId);
    else if (!machine) report('unknownMachine', slot.jobId, slot.machineId);
    else {
      known.push(slot);
      if (jobDurationMs(job, machine) === null) report('ineligibleMachine', job.id, machine.id);
      const timeline = timelines.get(machine.id)!;
      if (shiftTimeAt(timeline, slot.to) - shiftTimeAt(timeline, slot.from) < slot.to - slot.from) {
        report('outsideShift', job.id, machine.id);
      }
    }
  }

  const spansByMachine = workSpansByMachine(jobsById, known);
  const spansByJob = groupBy([...spansByMachine.values()].flat(), (span) => span.jobId);

  for (const [jobId, spans] of spansByJob) {
    const job = jobsById.get(jobId)!;
    if (spans.length > 1) report('severalMachines', jobId, null);
    else {
      const [span] = spans as [WorkSpan];
      const durationMs = jobDurationMs(job, machinesById.get(span.machineId)!);
      if (durationMs !== null && span.workMs !== durationMs) report('wrongDuration', jobId, span.machineId);
    }
    if (job.after !== null) {
      const before = spansByJob.get(job.after) ?? [];
      const start = Math.min(...spans.map((span) => span.start));
      if (before.length === 0 || start < Math.max(...before.map((span) => span.end))) {
        report('dependency', jobId, null, job.after);
      }
    }
  }

  const slotsByMachine = groupBy(known, (slot) => slot.machineId);
  for (const machine of input.machines) {
    let reach: ScheduleSlot | null = null;
    for (const slot of (slotsByMachine.get(machine.id) ?? []).sort((a, b) => a.from - b.from)) {
      if (reach && slot.from < reach.to) report('overlap', slot.jobId, machine.id, reach.jobId);
      if (!reach || slot.to > reach.to) reach = slot;
    }

    const timeline = timelines.get(machine.id)!;
    const setUp = initialSetup(machine);
    let previous: { diameter: number; family: string | null; end: number; jobId: string | null } | null =
      setUp === null ? null : { ...setUp, end: -Infinity, jobId: null };
    for (const span of spansByMachine.get(machine.id) ?? []) {
      const setupMs = previous ? changeoverMs(machine, setupOf(previous), span) : 0;
      if (previous && setupMs > 0 && previous.end <= span.start) {
        const gapMs = shiftTimeAt(timeline, span.start) - shiftTimeAt(timeline, previous.end);
        if (gapMs < setupMs) report('noChangeoverTime', span.jobId, machine.id, previous.jobId);
      }
      previous = span;
    }
  }

  return {
    problems,
    lateness: orderLateness(input, known),
    loads: machineDayLoads(input.horizon, timelines, known),
  };
}
