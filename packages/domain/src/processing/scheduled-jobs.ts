import { plantDayOf } from '../equipment/index.ts';
import { machineTimelines } from './machine-timeline.ts';
import type { ScheduleInput, ScheduleSlot } from './schedule.schema.ts';
import { workSpansByMachine } from './work-spans.ts';

/**
 * A scheduled job as a machine task will carry it: its machine, when its work starts and ends, and the
 * plant day and shift it starts in (the task list groups by machine and shift). `shift` is null when
 * the work starts outside the machine's shifts (a schedule changed by hand).
 */
export type ScheduledJob = {
  jobId: string;
  machineId: string;
  start: number;
  end: number;
  day: string;
  shift: string | null;
};

/**
 * The jobs of a schedule, per machine in order of start (the queue each machine works through). A job
 * with work on several machines — a problem `evaluateSchedule` reports — is listed once per machine.
 */
export function scheduledJobs(input: ScheduleInput, slots: readonly ScheduleSlot[]): ScheduledJob[] {
  const timelines = machineTimelines(input);
  const spansByMachine = workSpansByMachine(new Map(input.jobs.map((job) => [job.id, job])), slots);
  return input.machines.flatMap((machine) => {
    const { windows } = timelines.get(machine.id)!;
    return (spansByMachine.get(machine.id) ?? []).map(({ jobId, start, end }) => {
      const window = windows.find((w) => w.from <= start && start < w.to);
      return {
        jobId,
        machineId: machine.id,
        start,
        end,
        day: window?.day ?? plantDayOf(start, input.horizon.timeZone),
        shift: window?.name ?? null,
      };
    });
  });
}
