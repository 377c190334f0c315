import { intervalsBetween, shiftTimeAt, type MachineTimeline } from './machine-timeline.ts';
import type { ScheduleInput, ScheduleSlot } from './schedule.schema.ts';
import { workSpansByMachine } from './work-spans.ts';

/**
 * The schedule's work slots with the changeovers drawn in: before each job whose diameter differs
 * from the previous job's on its machine (or from the diameter the machine is set up for), the
 * machine's changeover time, in the shift time just before the job — as much of it as there is after
 * the previous job, so that a schedule changed by hand shows the setup it has room for (and
 * `evaluateSchedule` what is missing). Setup slots given are dropped and drawn again. Slots per
 * machine in time order, each job's setup before its work; slots of unknown jobs or machines last.
 */
export function withSetupSlots(
  input: ScheduleInput,
  timelines: ReadonlyMap<string, MachineTimeline>,
  slots: readonly ScheduleSlot[],
): ScheduleSlot[] {
  const jobsById = new Map(input.jobs.map((job) => [job.id, job]));
  const spansByMachine = workSpansByMachine(jobsById, slots);
  const result: ScheduleSlot[] = [];
  for (const machine of input.machines) {
    const timeline = timelines.get(machine.id)!;
    const changeoverMs = Math.round(machine.changeoverMinutes * 60_000);
    let setUp = machine.setUpDiameter;
    let previousEnd = -Infinity;
    for (const span of spansByMachine.get(machine.id) ?? []) {
      if (setUp !== null && setUp !== span.diameter) {
        const start = shiftTimeAt(timeline, span.start);
        const from = Math.max(start - changeoverMs, shiftTimeAt(timeline, previousEnd));
        for (const interval of intervalsBetween(timeline, from, start)) {
          result.push({ jobId: span.jobId, machineId: machine.id, kind: 'setup', ...interval });
        }
      }
      result.push(...span.slots);
      setUp = span.diameter;
      previousEnd = Math.max(previousEnd, span.end);
    }
  }
  const machineIds = new Set(input.machines.map((machine) => machine.id));
  const unknown = slots.filter(
    (slot) => slot.kind === 'work' && (!machineIds.has(slot.machineId) || !jobsById.has(slot.jobId)),
  );
  return [...result, ...unknown];
}
