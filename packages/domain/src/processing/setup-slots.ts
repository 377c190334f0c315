import { intervalsBetween, shiftTimeAt, type MachineTimeline } from './machine-timeline.ts';
import type { ScheduleInput, ScheduleSlot } from './schedule.schema.ts';
import { workSpansByMachine } from './work-spans.ts';
import { changeoverMs, initialSetup, setupOf } from './setup-time.ts';

/**
 * The schedule's work slots with the changeovers drawn in: before each job set up differently from
 * the previous job on its machine (or from what the machine is set up for), the changeover its
 * matrix gives, in the shift time just before the job — as much of it as there is after
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
    let setUp = initialSetup(machine);
    let previousEnd = -Infinity;
    for (const span of spansByMachine.get(machine.id) ?? []) {
      const setupMs = changeoverMs(machine, setUp, span);
      if (setupMs > 0) {
        const start = shiftTimeAt(timeline, span.start);
        const from = Math.max(start - setupMs, shiftTimeAt(timeline, previousEnd));
        for (const interval of intervalsBetween(timeline, from, start)) {
          result.push({ jobId: span.jobId, machineId: machine.id, kind: 'setup', ...interval });
        }
      }
      result.push(...span.slots);
      setUp = setupOf(span);
      previousEnd = Math.max(previousEnd, span.end);
    }
  }
  const machineIds = new Set(input.machines.map((machine) => machine.id));
  const unknown = slots.filter(
    (slot) => slot.kind === 'work' && (!machineIds.has(slot.machineId) || !jobsById.has(slot.jobId)),
  );
  return [...result, ...unknown];
}
