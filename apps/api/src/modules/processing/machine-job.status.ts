import { eq, sql, type SQL } from 'drizzle-orm';
import {
  jobProgress,
  jobStatusEffect,
  nextJobState,
  type JobStatusEffect,
  type MachineJobStatusMessage,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { writeTogether } from '../../core/db/write-together.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { liveChangeNotice } from '../equipment/index.ts';
import { machineJobs } from './machine-job.table.ts';
import { tasks } from './processing.table.ts';
import {
  lockTaskOfJob,
  recordTaskEvent,
  taskEventInsert,
  tellAboutTask,
  transitionLockedTask,
  type LockedTask,
} from './task.command.ts';
import { reportLockedTask } from './task-completion.ts';

/** The machine a job-status came from: authenticated by the broker, its topic checked by the caller. */
export type ReportingMachine = { equipmentId: string; productId: string; serialNumber: string };

/**
 * What became of a job-status: its effect, `unknownJob` when no job of this machine has that task and
 * sequence, or `refused` when the task could not move as the machine said (the 409 an operator would
 * get — the machine already runs a task, the bars are missing — recorded on the task, nothing booked).
 */
export type JobStatusOutcome = JobStatusEffect | 'unknownJob' | 'refused';

/**
 * Applies a machine's job-status in one transaction, the task locked first (as every task write does), so
 * a machine's report and an operator's take turns and the second sees the first's work. A message is
 * applied at most once: the job's state says what it already heard, a repeated or late message changes
 * nothing, and completion books through the same code as a manual completion — a task completed by
 * hand is not completed again. A move the task refuses (the 409 an operator would get — the machine already
 * runs a task, the bars are missing) rolls its transaction back whole, and the refusal is recorded on the task
 * in a second one: no savepoint around every move for the rare one refused.
 */
export async function applyJobStatus(
  db: Db,
  machine: ReportingMachine,
  message: MachineJobStatusMessage,
): Promise<JobStatusOutcome> {
  try {
    return await db.transaction((tx) => applyInTransaction(tx, machine, message));
  } catch (error) {
    if (!(error instanceof RefusedMove)) throw error;
    return db.transaction((tx) => recordRefusal(tx, machine, message, error.refusal));
  }
}

/** A task's refusal of the move a machine's message asked for, thrown to roll the move's transaction back. */
class RefusedMove extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/** The job's task locked with the job's row, the machine as the author of what it reports, and the effect. */
async function lockedJob(tx: Tx, machine: ReportingMachine, message: MachineJobStatusMessage) {
  const found = await lockTaskOfJob(tx, machine.productId, { ...message, equipmentId: machine.equipmentId });
  if (!found) return null;
  const { task, job } = found;
  const writer: Actor = {
    scope: { clientId: job.clientId, productId: machine.productId },
    // The machine is the author of what it reports (its serial number in the task's history).
    user: { id: null, name: machine.serialNumber },
    locale: 'en-US',
  };
  const effect = jobStatusEffect({ state: job.state, withdrawn: job.withdrawnAt !== null }, task, message);
  return { task, job, writer, effect };
}

async function applyInTransaction(tx: Tx, machine: ReportingMachine, message: MachineJobStatusMessage) {
  const locked = await lockedJob(tx, machine, message);
  if (!locked) return 'unknownJob';
  const { task, job, writer, effect } = locked;
  if (effect === 'ignore') return effect;
  const counts = 'good' in message ? { good: message.good, scrap: message.scrap } : {};
  // The job's new state, returning the twin board's notice (the machine's card shows its jobs: open boards hear of
  // it at commit). Sent in the statement of the task's own last write, or alone when the message only records (an
  // `accepted`, a `withdrawn`).
  const jobWrite = tx
    .update(machineJobs)
    .set({
      state: effect === 'startedWithdrawn' ? 'started' : nextJobState(message),
      stateAt: isoNow(),
      good: sql`greatest(${machineJobs.good}, ${counts.good ?? 0})`,
      scrap: sql`greatest(${machineJobs.scrap}, ${counts.scrap ?? 0})`,
    })
    .where(eq(machineJobs.id, job.id))
    .returning({ notified: liveChangeNotice(machine.productId, machine.equipmentId) })
    .getSQL();
  if (effect === 'record') await tx.execute(jobWrite);
  else
    try {
      await applyEffect(tx, writer, task, effect, message, { job: jobWrite });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw new RefusedMove(error);
      throw error;
    }
  return effect;
}

/**
 * The refused move recorded on the task, nothing moved and the job's state as it was — unless the task or the job
 * changed since the refusal so that the message now changes nothing (an operator was quicker).
 */
async function recordRefusal(
  tx: Tx,
  machine: ReportingMachine,
  message: MachineJobStatusMessage,
  refusal: AppError,
): Promise<JobStatusOutcome> {
  const locked = await lockedJob(tx, machine, message);
  if (!locked) return 'unknownJob';
  if (locked.effect === 'ignore') return 'ignore';
  await recordTaskEvent(
    tx,
    locked.writer,
    locked.task,
    'telemetry',
    { from: null, to: null },
    { seq: message.seq, job: message.status, refused: refusal.code },
    isoNow(),
  );
  return 'refused';
}

/** The effect applied to the task, `alongside` (the job's write) sent in the statement of the task's last write. */
async function applyEffect(
  tx: Tx,
  writer: Actor,
  task: LockedTask,
  effect: Exclude<JobStatusEffect, 'ignore' | 'record'>,
  message: MachineJobStatusMessage,
  alongside: Record<string, SQL>,
) {
  const counts = 'good' in message ? { good: message.good, scrap: message.scrap } : {};
  switch (effect) {
    case 'start':
      return transitionLockedTask(tx, writer, task, task.status === 'paused' ? 'resume' : 'start', null, alongside);
    case 'pause':
      return transitionLockedTask(tx, writer, task, 'pause', null, alongside);
    case 'report':
      return reportLockedTask(tx, writer, task, jobProgress(task, counts), false, alongside);
    case 'complete': {
      const scrap = { scrap: jobProgress(task, counts).scrap };
      if (task.status === 'running') return reportLockedTask(tx, writer, task, scrap, true, alongside);
      // The machine's started (or resumed) may have been lost: the task runs before it completes — locked once,
      // the task as the start left it booked.
      const running = await transitionLockedTask(tx, writer, task, task.status === 'paused' ? 'resume' : 'start');
      return reportLockedTask(tx, writer, running, scrap, true, alongside);
    }
    case 'reject':
      return rejectTask(tx, writer, task, message, alongside);
    case 'startedWithdrawn':
      return writeTogether(
        tx,
        alongside,
        taskEventInsert(
          tx,
          writer,
          task,
          'telemetry',
          { from: null, to: null },
          { seq: message.seq, job: 'startedWithdrawn' },
          isoNow(),
        ).getSQL(),
      );
  }
}

/** The machine cannot run it: the task goes back to the shift lead's queue (pending), who is told why. */
async function rejectTask(
  tx: Tx,
  writer: Actor,
  task: LockedTask,
  message: MachineJobStatusMessage,
  alongside: Record<string, SQL>,
) {
  const { code, text } = message.status === 'rejected' ? message : { code: '', text: '' };
  const at = isoNow();
  const pending = tx
    .update(tasks)
    .set({ status: 'pending', lastModifierId: null, lastModificationTime: at })
    .where(eq(tasks.id, task.id));
  const event = taskEventInsert(
    tx,
    writer,
    task,
    'telemetry',
    { from: task.status, to: 'pending' },
    { seq: message.seq, job: 'rejected', code, text },
    at,
  );
  await writeTogether(tx, { ...alongside, task: pending.getSQL() }, event.getSQL());
  await tellAboutTask(tx, writer, task, { kind: 'machineJobRejected', reason: `${code} ${text}`, actorId: null });
}
