import { eq, sql } from 'drizzle-orm';
import {
  jobProgress,
  jobStatusEffect,
  nextJobState,
  type JobStatusEffect,
  type MachineJobStatusMessage,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { announceLiveChange } from '../equipment/index.ts';
import { machineJobs } from './machine-job.table.ts';
import { tasks } from './processing.table.ts';
import {
  lockTaskOfJob,
  recordTaskEvent,
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
 * hand is not completed again.
 */
export async function applyJobStatus(
  db: Db,
  machine: ReportingMachine,
  message: MachineJobStatusMessage,
): Promise<JobStatusOutcome> {
  return db.transaction(async (tx) => {
    // The job is found and its task locked in one statement; the job's row is read after, under that lock.
    const task = await lockTaskOfJob(tx, machine.productId, { ...message, equipmentId: machine.equipmentId });
    if (!task) return 'unknownJob';
    const found = { clientId: task.jobClientId, productId: machine.productId };
    const writer: Actor = {
      scope: found,
      // The machine is the author of what it reports (its serial number in the task's history).
      user: { id: null, name: machine.serialNumber },
      locale: 'en-US',
    };
    const [job] = await tx.select().from(machineJobs).where(eq(machineJobs.seq, message.seq)).for('update');
    const effect = jobStatusEffect({ state: job!.state, withdrawn: job!.withdrawnAt !== null }, task, message);
    if (effect === 'ignore') return effect;
    // A savepoint: a refused move leaves no partial write, and the job still records what was said. What only
    // records (an `accepted`, a `withdrawn`) moves nothing, so it needs none: two statements fewer.
    if (effect !== 'record')
      try {
        await tx.transaction((step) => applyEffect(step, writer, task, effect, message));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        await recordTaskEvent(
          tx,
          writer,
          task,
          'telemetry',
          { from: null, to: null },
          { seq: message.seq, job: message.status, refused: error.code },
          isoNow(),
        );
        return 'refused';
      }
    const counts = 'good' in message ? { good: message.good, scrap: message.scrap } : {};
    await tx
      .update(machineJobs)
      .set({
        state: effect === 'startedWithdrawn' ? 'started' : nextJobState(message),
        stateAt: isoNow(),
        good: sql`greatest(${machineJobs.good}, ${counts.good ?? 0})`,
        scrap: sql`greatest(${machineJobs.scrap}, ${counts.scrap ?? 0})`,
      })
      .where(eq(machineJobs.id, job!.id));
    // The machine's card on the twin board shows its jobs: their new state reaches open boards at commit.
    await announceLiveChange(tx, found.productId, [machine.equipmentId]);
    return effect;
  });
}

async function applyEffect(
  tx: Tx,
  writer: Actor,
  task: LockedTask,
  effect: Exclude<JobStatusEffect, 'ignore' | 'record'>,
  message: MachineJobStatusMessage,
) {
  const counts = 'good' in message ? { good: message.good, scrap: message.scrap } : {};
  switch (effect) {
    case 'start':
      return transitionLockedTask(tx, writer, task, task.status === 'paused' ? 'resume' : 'start');
    case 'pause':
      return transitionLockedTask(tx, writer, task, 'pause');
    case 'report':
      return reportLockedTask(tx, writer, task, jobProgress(task, counts), false);
    case 'complete': {
      const scrap = { scrap: jobProgress(task, counts).scrap };
      if (task.status === 'running') return reportLockedTask(tx, writer, task, scrap, true);
      // The machine's started (or resumed) may have been lost: the task runs before it completes — locked once,
      // the task as the start left it booked.
      const running = await transitionLockedTask(tx, writer, task, task.status === 'paused' ? 'resume' : 'start');
      return reportLockedTask(tx, writer, running, scrap, true);
    }
    case 'reject':
      return rejectTask(tx, writer, task, message);
    case 'startedWithdrawn':
      return recordTaskEvent(
        tx,
        writer,
        task,
        'telemetry',
        { from: null, to: null },
        { seq: message.seq, job: 'startedWithdrawn' },
        isoNow(),
      );
  }
}

/** The machine cannot run it: the task goes back to the shift lead's queue (pending), who is told why. */
async function rejectTask(tx: Tx, writer: Actor, task: LockedTask, message: MachineJobStatusMessage) {
  const { code, text } = message.status === 'rejected' ? message : { code: '', text: '' };
  const at = isoNow();
  await tx
    .update(tasks)
    .set({ status: 'pending', lastModifierId: null, lastModificationTime: at })
    .where(eq(tasks.id, task.id));
  await recordTaskEvent(
    tx,
    writer,
    task,
    'telemetry',
    { from: task.status, to: 'pending' },
    { seq: message.seq, job: 'rejected', code, text },
    at,
  );
  await tellAboutTask(tx, writer, task, { kind: 'machineJobRejected', reason: `${code} ${text}`, actorId: null });
}
