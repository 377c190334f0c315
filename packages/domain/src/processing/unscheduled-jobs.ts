import { isEligible } from './job-duration.ts';
import type { ScheduleInput, ScheduleSlot, UnscheduledJob } from './schedule.schema.ts';

/**
 * The jobs of a stored schedule that have no work slot, with the reason `autoSchedule` would give:
 * pinned to a machine unable to do it, no machine able to, its predecessor without work, or else no
 * room left before the horizon ends. A stored schedule keeps slots only, so a schedule read back
 * (after auto-scheduling or drags) says why from them.
 */
export function unscheduledJobs(input: ScheduleInput, slots: readonly ScheduleSlot[]): UnscheduledJob[] {
  const placed = new Set(slots.filter((slot) => slot.kind === 'work').map((slot) => slot.jobId));
  const machines = new Map(input.machines.map((machine) => [machine.id, machine]));
  return input.jobs
    .filter((job) => !placed.has(job.id))
    .map((job) => {
      const pinnedOn = job.pinned ? machines.get(job.pinned.machineId) : undefined;
      if (job.pinned && !(pinnedOn && isEligible(job, pinnedOn)))
        return { jobId: job.id, reason: 'pinnedIneligible' as const };
      if (!input.machines.some((machine) => isEligible(job, machine)))
        return { jobId: job.id, reason: 'noEligibleMachine' as const };
      if (job.after !== null && !placed.has(job.after)) return { jobId: job.id, reason: 'dependency' as const };
      return { jobId: job.id, reason: 'beyondHorizon' as const };
    });
}
