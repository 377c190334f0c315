import { UNSCHEDULED_REASONS, type UnscheduledJob, type UnscheduledReason } from './schedule.schema.ts';

/** What a scheduling run did, to tell the planner: jobs placed, and those not placed counted by reason. */
export type ScheduleSummary = {
  placed: number;
  total: number;
  notPlaced: { reason: UnscheduledReason; count: number }[];
};

/** The summary of a schedule as stored: its jobs, and those without work and why (in the reasons' order). */
export function scheduleSummary(schedule: {
  jobs: readonly { id: string }[];
  unscheduled: readonly UnscheduledJob[];
}): ScheduleSummary {
  const notPlaced = UNSCHEDULED_REASONS.map((reason) => ({
    reason,
    count: schedule.unscheduled.filter((job) => job.reason === reason).length,
  })).filter((entry) => entry.count > 0);
  const total = schedule.jobs.length;
  return { placed: total - schedule.unscheduled.length, total, notPlaced };
}
