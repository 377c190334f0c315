import { and, asc, eq, inArray, isNull, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { FINAL_TASK_STATUSES, machineJobOf, type MachineJob, type WithdrawalReason } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { eventNotice, notifyOf, publishEvent } from '../../core/events/event-bus.ts';
import { plcTaskTemplates } from '../bom/index.ts';
import { announceLiveChange, equipment, equipmentCredentials } from '../equipment/index.ts';
import { machineJobs } from './machine-job.table.ts';
import { dailyPlanJobs, tasks } from './processing.table.ts';
import { findJobTasks } from './task.query.ts';

/** The event channel that wakes every process's job publisher (`machine-job-publisher.ts`) at commit. */
export const MACHINE_JOB_CHANNEL = 'machineJobs';

/** The machine's answers after which a job is over: nothing is left to withdraw. */
const ENDED_STATES = ['completed', 'rejected', 'withdrawn'] as const;

/**
 * The PLC task template of the machine's model (its `spec`) for the task's technique, else the model's
 * template for any technique; the first by code when several fit. Null when the model has none.
 */
async function plcTemplateFor(tx: Tx, model: string, techniqueId: string | null) {
  const [template] = await tx
    .select({ code: plcTaskTemplates.code, command: plcTaskTemplates.command, parameters: plcTaskTemplates.parameters })
    .from(plcTaskTemplates)
    .where(
      and(
        eq(plcTaskTemplates.equipmentModel, model),
        techniqueId
          ? or(eq(plcTaskTemplates.techniqueId, techniqueId), isNull(plcTaskTemplates.techniqueId))
          : isNull(plcTaskTemplates.techniqueId),
      ),
    )
    .orderBy(sql`${plcTaskTemplates.techniqueId} is null`, asc(plcTaskTemplates.code))
    .limit(1);
  return template ?? null;
}

/**
 * Whether a job's task bends pieces that its cut task (the schedule's job its own names in `afterKey`) has
 * not finished cutting. Such a job waits in the outbox and is sent once the cut task has ended: a machine
 * runs the jobs it holds in sequence order, and a bend started or completed before its cut is refused
 * (`task_waits_for_cut`), so a machine never gets work it could not finish.
 */
export const jobWaitsForCut = sql`exists (
  select 1 from ${tasks} bend_task
  join ${dailyPlanJobs} bend_job on bend_job.id = bend_task.job_id
  join ${dailyPlanJobs} cut_job on cut_job.daily_plan_id = bend_job.daily_plan_id and cut_job.key = bend_job.after_key
  join ${tasks} cut_task on cut_task.job_id = cut_job.id
  where bend_task.id = ${machineJobs.taskId} and bend_task.kind = 'bend'
    and cut_task.status not in (${sql.join(
      FINAL_TASK_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}))`;

/**
 * The publishers are woken when a cut task ends and a bend job waits for it (`jobWaitsForCut`): it may go now.
 * Only then — every process's publisher answers a wake-up with a look at the whole outbox, and a fleet ending its
 * cuts (most of which no bend waits for) would have each end pay for one. The look for a waiting job goes through
 * the outbox's index (unsent jobs are few: those just queued and the bends waiting). A bend queued by a transaction
 * that commits after this one looked, whose own wake-up found the cut not yet ended, is sent by the publishers' timer.
 * An expression for a statement of the task's end (`followTaskEnd` selects it with its own look): the NOTIFY of
 * `released` (`releasedNotice`'s payload), sent at commit, when the task is a cut a bend job waits for; null otherwise.
 */
export function releaseJobsAfterCut(taskId: Placeholder, released: Placeholder): SQL {
  return sql`(select ${notifyOf(released)}
    where exists (
      select 1 from ${machineJobs} job
      join ${tasks} bend_task on bend_task.id = job.task_id and bend_task.kind = 'bend'
      join ${dailyPlanJobs} bend_job on bend_job.id = bend_task.job_id
      join ${dailyPlanJobs} cut_job on cut_job.daily_plan_id = bend_job.daily_plan_id and cut_job.key = bend_job.after_key
      join ${tasks} cut_task on cut_task.job_id = cut_job.id and cut_task.kind = 'cut'
      where cut_task.id = ${taskId}::uuid and job.sent_at is null and job.withdrawn_at is null))`;
}

/** The payload of the event `releaseJobsAfterCut` sends: a new one at every task's end (each event has its own id). */
export const releasedNotice = () => eventNotice(MACHINE_JOB_CHANNEL, 'released', null).payload;

/**
 * A dispatched task becomes a job for its machine, when the machine speaks MQTT (it has credentials; a
 * machine without them is worked from the operator's screen): written in the dispatching transaction and
 * published after commit by whichever process's publisher wakes first. Called with the task locked.
 */
export async function queueMachineJob(tx: Tx, scope: { clientId: string; productId: string }, taskId: string) {
  await queueMachineJobs(tx, scope, [taskId]);
}

/**
 * `queueMachineJob` of several tasks (a release dispatching its tasks) in a few statements whatever
 * their number: their jobs are sequenced in the order of `taskIds`.
 */
export async function queueMachineJobs(
  tx: Tx,
  scope: { clientId: string; productId: string },
  taskIds: readonly string[],
) {
  if (!taskIds.length) return;
  const machines = await tx
    .select({ taskId: tasks.id, spec: equipment.spec, techniqueId: dailyPlanJobs.techniqueId })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .innerJoin(equipment, eq(equipment.id, tasks.equipmentId))
    .innerJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, equipment.id))
    .where(inArray(tasks.id, [...taskIds]));
  if (!machines.length) return;
  const machineOf = new Map(machines.map((machine) => [machine.taskId, machine]));
  const queued = await findJobTasks(
    tx,
    scope.productId,
    taskIds.filter((id) => machineOf.has(id)),
  );
  const templates = new Map<string, Awaited<ReturnType<typeof plcTemplateFor>>>();
  const issuedAt = isoNow();
  const values = [];
  for (const task of queued) {
    const { spec, techniqueId } = machineOf.get(task.id)!;
    const key = `${spec}|${techniqueId ?? ''}`;
    if (!templates.has(key)) templates.set(key, await plcTemplateFor(tx, spec, techniqueId));
    // The sequence is the row's own identity: the payload is stored without it and sent with it.
    const { seq: _seq, ...payload } = machineJobOf(task, 1, templates.get(key)!, issuedAt);
    values.push({ ...scope, taskId: task.id, equipmentId: task.equipmentId, payload: payload as MachineJob });
  }
  await tx.insert(machineJobs).values(values);
  await publishEvent(tx, MACHINE_JOB_CHANNEL, 'queued', null);
  // The machines' queues on the twin board grow.
  await announceLiveChange(tx, scope.productId, [...new Set(queued.map((task) => task.equipmentId))]);
}

/**
 * The task's open job (not yet ended by the machine's answer) is withdrawn: its machine is told not to run
 * it (cancelled, re-assigned, re-planned). A job never sent is simply not sent.
 */
export async function withdrawMachineJobs(tx: Tx, taskId: string, reason: WithdrawalReason) {
  const withdrawn = await tx
    .update(machineJobs)
    .set({ withdrawReason: reason, withdrawnAt: isoNow() })
    .where(
      and(
        eq(machineJobs.taskId, taskId),
        isNull(machineJobs.withdrawnAt),
        notInArray(machineJobs.state, [...ENDED_STATES]),
      ),
    )
    .returning({ productId: machineJobs.productId, equipmentId: machineJobs.equipmentId });
  if (withdrawn.length) await publishEvent(tx, MACHINE_JOB_CHANNEL, 'withdrawn', null);
  // The withdrawn job leaves its machine's queue on the twin board.
  for (const job of withdrawn) await announceLiveChange(tx, job.productId, [job.equipmentId]);
}

/** A job the machine holds and has not begun: it may still be withdrawn and sent again elsewhere in its queue. */
const WAITING_STATES = ['sent', 'accepted'] as const;

/**
 * A machine runs the jobs it holds in sequence order, so after a re-plan (a rush order pushing work later,
 * a task moved) its queue must follow the tasks' new planned starts. On each machine, from the first
 * waiting job out of that order on, the jobs are withdrawn (`replanned`) and queued again in order of
 * planned start: new sequences, which the publisher sends after commit. Jobs already in order keep theirs.
 */
export async function resequenceMachineJobs(
  tx: Tx,
  scope: { clientId: string; productId: string },
  equipmentIds: readonly string[],
) {
  for (const equipmentId of [...new Set(equipmentIds)].sort()) {
    const waiting = await tx
      .select({ id: machineJobs.id, seq: machineJobs.seq, taskId: machineJobs.taskId, start: tasks.plannedStart })
      .from(machineJobs)
      .innerJoin(tasks, eq(tasks.id, machineJobs.taskId))
      .where(
        and(
          eq(machineJobs.equipmentId, equipmentId),
          eq(machineJobs.productId, scope.productId),
          isNull(machineJobs.withdrawnAt),
          inArray(machineJobs.state, [...WAITING_STATES]),
          eq(tasks.status, 'dispatched'),
        ),
      )
      .orderBy(asc(machineJobs.seq));
    const wanted = [...waiting].sort(
      (a, b) => Date.parse(toIso(a.start)) - Date.parse(toIso(b.start)) || a.seq - b.seq,
    );
    const first = waiting.findIndex((job, index) => job.id !== wanted[index]!.id);
    if (first < 0) continue;
    // The jobs before `first` are where they belong; the rest (the same set in both lists) go again.
    for (const job of waiting.slice(first)) await withdrawMachineJobs(tx, job.taskId, 'replanned');
    for (const job of wanted.slice(first)) await queueMachineJob(tx, scope, job.taskId);
  }
}
