import type { ScheduleJob, ScheduleMachine } from './schedule.schema.ts';

const HOUR_MS = 3_600_000;

/** Whether a machine does the job's technique at its diameter (a schedule's placement, a task's re-assignment). */
export function machineCanDo(
  machine: Pick<ScheduleMachine, 'techniqueIds' | 'diameterMin' | 'diameterMax'>,
  job: Pick<ScheduleJob, 'techniqueId' | 'diameter'>,
): boolean {
  return (
    machine.techniqueIds.includes(job.techniqueId) &&
    (machine.diameterMin === null || job.diameter >= machine.diameterMin) &&
    (machine.diameterMax === null || job.diameter <= machine.diameterMax)
  );
}

/**
 * How long `machine` works on `job` (ms, rounded up to the millisecond), or null when it cannot do the
 * job: its technique is not the machine's, its diameter is outside the machine's range, or no speed is
 * known for it. The first throughput band covering the diameter counts, in pieces or kg per hour;
 * without one, the machine's ideal rate in pieces per hour.
 */
export function jobDurationMs(
  job: Pick<ScheduleJob, 'techniqueId' | 'diameter' | 'pieces' | 'weightKg'>,
  machine: Pick<ScheduleMachine, 'techniqueIds' | 'diameterMin' | 'diameterMax' | 'throughput' | 'idealRate'>,
): number | null {
  if (!machineCanDo(machine, job)) return null;
  const band = machine.throughput.find((b) => b.diameterFrom <= job.diameter && job.diameter <= b.diameterTo);
  if (band) return Math.ceil(((band.unit === 'kgPerHour' ? job.weightKg : job.pieces) / band.rate) * HOUR_MS);
  if (machine.idealRate !== null) return Math.ceil((job.pieces / machine.idealRate) * HOUR_MS);
  return null;
}

export const isEligible = (job: ScheduleJob, machine: ScheduleMachine): boolean => jobDurationMs(job, machine) !== null;
