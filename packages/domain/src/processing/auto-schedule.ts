import { jobDurationMs } from './job-duration.ts';
import {
  instantEndingAt,
  instantStartingAt,
  intervalsBetween,
  machineTimelines,
  shiftTimeAt,
} from './machine-timeline.ts';
import { addBlock, earliestBlock, machineQueue, removeBlock, type MachineQueue } from './machine-queue.ts';
import { machineDayLoads, orderLateness } from './schedule-metrics.ts';
import { compareDueDates, dueDatesOf, jobDueDate } from './schedule-due.ts';
import { withSetupSlots } from './setup-slots.ts';
import { setupOf } from './setup-time.ts';
import type {
  AutoScheduleResult,
  ScheduleInput,
  ScheduleJob,
  ScheduleSlot,
  UnscheduledJob,
  UnscheduledReason,
} from './schedule.schema.ts';

/** A job's place once decided: on a machine (its block, its end instant), or nowhere and why. */
type Placed = { queue: MachineQueue; start: number; end: number; endsAt: number };
type Outcome = Placed | { reason: UnscheduledReason };

/**
 * The order jobs are placed in: earliest due date first (none last); within one due day, by diameter,
 * so that work of one diameter reaches the machines together and shares their setups — up on one due
 * day, down on the next, so that the diameter a day ends with is the one the next starts with; cuts
 * before bends (a bend usually waits for a cut); then as given, so equal inputs give equal schedules.
 */
export function schedulingOrder(input: ScheduleInput): ScheduleJob[] {
  const dueDates = dueDatesOf(input);
  const keyed = input.jobs.map((job, index) => ({ job, index, due: jobDueDate(job, dueDates) }));
  const days = [...new Set(keyed.map((entry) => entry.due))].sort(compareDueDates);
  const direction = new Map(days.map((day, i) => [day, i % 2 === 0 ? 1 : -1]));
  keyed.sort(
    (a, b) =>
      compareDueDates(a.due, b.due) ||
      (a.job.diameter - b.job.diameter) * direction.get(a.due)! ||
      (a.job.kind === b.job.kind ? 0 : a.job.kind === 'cut' ? -1 : 1) ||
      a.index - b.index,
  );
  return keyed.map((entry) => entry.job);
}

/**
 * The baseline schedule: a list schedule. Pinned jobs first reserve their machine from their pinned
 * instant (the next shift time after it, or after the pins before them on that machine). Then every
 * job, in `schedulingOrder`, goes to the eligible machine where it would finish earliest — in the
 * first gap of that machine's shifts with room for it and for the changeovers it causes, no earlier
 * than its predecessor's end. A job whose predecessor comes later in the order waits for it and is
 * placed right after it; a pinned job keeps its reservation unless its predecessor ends after it, in
 * which case it moves later on the same machine. Whatever cannot be placed is reported with its reason.
 * `order` replaces `schedulingOrder` (the optimiser tries others); it lists every job once.
 */
export function autoSchedule(input: ScheduleInput, order?: readonly ScheduleJob[]): AutoScheduleResult {
  const timelines = machineTimelines(input);
  const queues = new Map(
    input.machines.map((machine) => [machine.id, machineQueue(machine, timelines.get(machine.id)!)]),
  );
  const jobsById = new Map(input.jobs.map((job) => [job.id, job]));
  const outcomes = new Map<string, Outcome>();
  /** Pinned jobs' time, booked before the others' and confirmed when their turn comes. */
  const reserved = new Map<string, Placed>();

  /** Where `job` would go on `queue` from instant `earliestAt` on, or null when it fits there no more. */
  const fit = (queue: MachineQueue, job: ScheduleJob, durationMs: number, earliestAt: number): Placed | null => {
    const block = earliestBlock(queue, setupOf(job), durationMs, shiftTimeAt(queue.timeline, earliestAt));
    return block && { queue, ...block, endsAt: instantEndingAt(queue.timeline, block.end) };
  };
  const book = (job: ScheduleJob, placed: Placed): Placed => {
    addBlock(placed.queue, { jobId: job.id, ...setupOf(job), start: placed.start, end: placed.end });
    return placed;
  };

  for (const job of pinnedByStart(input.jobs)) {
    const queue = queues.get(job.pinned!.machineId);
    const durationMs = queue && jobDurationMs(job, queue.machine);
    const placed = queue && durationMs ? fit(queue, job, durationMs, job.pinned!.start) : null;
    if (placed) reserved.set(job.id, book(job, placed));
    else outcomes.set(job.id, { reason: queue && durationMs ? 'beyondHorizon' : 'pinnedIneligible' });
  }

  /** A job that gets no place gives back the time its pin reserved. */
  const unplaced = (job: ScheduleJob, reason: UnscheduledReason): Outcome => {
    const reservation = reserved.get(job.id);
    if (reservation) removeBlock(reservation.queue, job.id);
    return { reason };
  };

  /** Places `job` (its predecessor, if any, ends at `earliestAt`) and books its time. */
  const decide = (job: ScheduleJob, earliestAt: number): Outcome => {
    const reservation = reserved.get(job.id);
    if (reservation) {
      if (instantStartingAt(reservation.queue.timeline, reservation.start) >= earliestAt) return reservation;
      removeBlock(reservation.queue, job.id);
      const moved = fit(
        reservation.queue,
        job,
        reservation.end - reservation.start,
        Math.max(earliestAt, job.pinned!.start),
      );
      return moved ? book(job, moved) : { reason: 'beyondHorizon' };
    }
    let best: Placed | null = null;
    let eligible = false;
    for (const queue of queues.values()) {
      const durationMs = jobDurationMs(job, queue.machine);
      if (durationMs === null) continue;
      eligible = true;
      const placed = fit(queue, job, durationMs, earliestAt);
      if (placed && (best === null || placed.endsAt < best.endsAt)) best = placed;
    }
    if (best) return book(job, best);
    return { reason: eligible ? 'beyondHorizon' : 'noEligibleMachine' };
  };

  const waiting = new Map<string, ScheduleJob[]>();
  for (const first of order ?? schedulingOrder(input)) {
    const stack = [first];
    while (stack.length > 0) {
      const job = stack.pop()!;
      if (outcomes.has(job.id)) continue;
      let outcome: Outcome;
      if (job.after === null) outcome = decide(job, -Infinity);
      else {
        const before = outcomes.get(job.after);
        if (!before && jobsById.has(job.after) && job.after !== job.id) {
          const waiters = waiting.get(job.after);
          if (waiters) waiters.push(job);
          else waiting.set(job.after, [job]);
          continue;
        }
        outcome = before && 'queue' in before ? decide(job, before.endsAt) : unplaced(job, 'dependency');
      }
      outcomes.set(job.id, outcome);
      stack.push(...(waiting.get(job.id) ?? []).reverse());
    }
  }

  const unscheduled: UnscheduledJob[] = [];
  for (const job of input.jobs) {
    // A job still waiting has its predecessors in a cycle.
    const outcome = outcomes.get(job.id) ?? unplaced(job, 'dependency');
    if (!('queue' in outcome)) unscheduled.push({ jobId: job.id, reason: outcome.reason });
  }

  const slots = withSetupSlots(input, timelines, [...queues.values()].flatMap(workSlotsOf));
  return {
    slots,
    unscheduled,
    lateness: orderLateness(input, slots),
    loads: machineDayLoads(input.horizon, timelines, slots),
  };
}

function pinnedByStart(jobs: readonly ScheduleJob[]): ScheduleJob[] {
  return jobs.filter((job) => job.pinned !== null).sort((a, b) => a.pinned!.start - b.pinned!.start);
}

/** A machine's blocks as work slots, one per shift window a job's work touches. */
export function workSlotsOf(queue: MachineQueue): ScheduleSlot[] {
  return queue.blocks.flatMap((block) =>
    intervalsBetween(queue.timeline, block.start, block.end).map((interval) => ({
      jobId: block.jobId,
      machineId: queue.machine.id,
      kind: 'work' as const,
      ...interval,
    })),
  );
}
