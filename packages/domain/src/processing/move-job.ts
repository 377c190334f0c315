import { z } from 'zod';
import { jobDurationMs } from './job-duration.ts';
import { intervalsBetween, machineTimelines, shiftTimeAt } from './machine-timeline.ts';
import type { ScheduleInput, ScheduleSlot } from './schedule.schema.ts';
import { withSetupSlots } from './setup-slots.ts';

/** Where the planner dropped a job on the board: a machine, and the instant under the pointer. */
export const jobMoveSchema = z.object({
  jobId: z.string().min(1),
  machineId: z.string().min(1),
  start: z.number().int(),
});
export type JobMove = z.infer<typeof jobMoveSchema>;

/**
 * The schedule after a drag on the board: the job's work laid on the machine's shifts from the drop
 * instant (or the next shift time after it) for as long as that machine needs, and every changeover
 * drawn again (the old neighbours may need one less, the new ones one more). Nothing else moves:
 * whatever the drop now overlaps or delays is for `evaluateSchedule` to show. Null when the drop is
 * refused — an unknown job or machine, a machine that cannot do the job, or too little shift time
 * left before the horizon ends.
 */
export function moveJob(input: ScheduleInput, slots: readonly ScheduleSlot[], move: JobMove): ScheduleSlot[] | null {
  const job = input.jobs.find((candidate) => candidate.id === move.jobId);
  const machine = input.machines.find((candidate) => candidate.id === move.machineId);
  const durationMs = job && machine ? jobDurationMs(job, machine) : null;
  if (durationMs === null) return null;
  const timelines = machineTimelines(input);
  const timeline = timelines.get(move.machineId)!;
  const start = shiftTimeAt(timeline, move.start);
  if (start + durationMs > timeline.total) return null;
  const work = intervalsBetween(timeline, start, start + durationMs).map((interval) => ({
    jobId: move.jobId,
    machineId: move.machineId,
    kind: 'work' as const,
    ...interval,
  }));
  return withSetupSlots(input, timelines, [...slots.filter((slot) => slot.jobId !== move.jobId), ...work]);
}
