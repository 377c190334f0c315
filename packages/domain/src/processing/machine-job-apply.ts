import type { MachineJobStatusMessage } from './machine-job.ts';
import type { TaskStatus } from './task-status.ts';

/** Where a job stands, by the machine's last word (`sent` before any). */
export const MACHINE_JOB_STATES = [
  'sent',
  'accepted',
  'started',
  'paused',
  'completed',
  'rejected',
  'withdrawn',
] as const;
export type MachineJobState = (typeof MACHINE_JOB_STATES)[number];

/** A job's answers after which nothing the machine says of it changes anything. */
const FINAL_JOB_STATES: readonly MachineJobState[] = ['completed', 'rejected', 'withdrawn'];

/**
 * What a job-status message does to the task:
 * - `ignore`: a repeat, a late message of an ended job, or a word that does not fit the task's status;
 * - `record`: the job's state changes, the task does not (accepted);
 * - `reject`: the task goes back to the shift lead's queue (pending) and the shift lead is told;
 * - `start` / `pause` / `report` / `complete`: the task moves as the operator's buttons would move it
 *   (`complete` starts or resumes it first when the machine's earlier words were lost);
 * - `startedWithdrawn`: the machine started a job Armature had withdrawn: the shift lead is told.
 */
export type JobStatusEffect =
  'ignore' | 'record' | 'reject' | 'start' | 'pause' | 'report' | 'complete' | 'startedWithdrawn';

export function jobStatusEffect(
  job: { state: MachineJobState; withdrawn: boolean },
  task: { status: TaskStatus },
  message: Pick<MachineJobStatusMessage, 'status'>,
): JobStatusEffect {
  if (FINAL_JOB_STATES.includes(job.state)) return 'ignore';
  if (job.withdrawn) {
    if (message.status === 'withdrawn') return 'record';
    const started = message.status === 'started' || message.status === 'pieces' || message.status === 'completed';
    return started && job.state !== 'started' ? 'startedWithdrawn' : 'ignore';
  }
  switch (message.status) {
    case 'accepted':
      return job.state === 'sent' ? 'record' : 'ignore';
    case 'rejected':
      return task.status === 'dispatched' ? 'reject' : 'ignore';
    case 'started':
      return task.status === 'dispatched' || task.status === 'paused' ? 'start' : 'ignore';
    case 'pieces':
      return task.status === 'running' || task.status === 'paused' ? 'report' : 'ignore';
    case 'paused':
      return task.status === 'running' ? 'pause' : 'ignore';
    case 'completed':
      return task.status === 'dispatched' || task.status === 'running' || task.status === 'paused'
        ? 'complete'
        : 'ignore';
    case 'withdrawn':
      return 'ignore';
  }
}

/** The job's state after a message that was applied (`ignore`d messages leave it). */
export function nextJobState(message: Pick<MachineJobStatusMessage, 'status'>): MachineJobState {
  return message.status === 'pieces' ? 'started' : message.status;
}

/**
 * The progress a machine's cumulative counts mean for the task, never below what is reported already (an
 * operator's manual report may be ahead of the machine's: the two never add up, the larger stands) and
 * never beyond the task's repetitions.
 */
export function jobProgress(
  task: { done: number; scrap: number; repetitions: number },
  counts: { good?: number; scrap?: number },
): { done: number; scrap: number } {
  return {
    done: Math.min(task.repetitions, Math.max(task.done, counts.good ?? task.done)),
    scrap: Math.max(task.scrap, counts.scrap ?? task.scrap),
  };
}
