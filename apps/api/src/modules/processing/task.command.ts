import { and, asc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import {
  TASK_ACTION_LABELS,
  TASK_PERMISSIONS,
  TASK_STATUS_LABELS,
  isFinalTaskStatus,
  machineLabel,
  nextTaskStatus,
  type Localized,
  type TaskAction,
  type TaskStatus,
} from '@armature/domain';
import { builtOnce, type Placeholders } from '../../core/db/built-once.ts';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { writeTogether } from '../../core/db/write-together.ts';
import { AppError } from '../../core/http/app-error.ts';
import { equipment } from '../equipment/index.ts';
import { notify } from '../inbox/index.ts';
import { dailyPlanJobs, taskEvents, taskOutputs, tasks } from './processing.table.ts';
import { followTaskEnd, followTaskStart } from './task-plans.ts';
import { materialGate, requireTaskMaterial } from './task-material.query.ts';
import { withdrawMachineJobs } from './machine-job.command.ts';
import { machineJobs } from './machine-job.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

const lockedColumns = {
  ...getTableColumns(tasks),
  cutPlanId: dailyPlanJobs.cutPlanId,
  rebarId: dailyPlanJobs.rebarId,
  afterKey: dailyPlanJobs.afterKey,
  orderLineId: dailyPlanJobs.orderLineId,
  materialBlocks: materialGate,
};

/** A task row with what its job says of it: its cutting plan, spec, the cut it waits for and the line it bends. */
export type LockedTask = Awaited<ReturnType<typeof lockTask>>;

/**
 * The task of the product with its job, the task's row locked for this transaction (a second writer
 * waits, then sees the first's work); 404 otherwise.
 */
export async function lockTask(tx: Tx, productId: string, id: string) {
  const [task] = await lockTasks(tx, productId, [id]);
  if (!task) throw new AppError('not_found');
  return task;
}

/**
 * `lockTask` of several tasks in one statement: those of the product, locked in the order of their ids (two
 * writers locking overlapping tasks take them in the same order, and the second waits rather than deadlocks).
 */
export async function lockTasks(tx: Tx, productId: string, ids: readonly string[]) {
  return tasksLock(tx, { productId, ids });
}

const tasksLock = builtOnce((db, of: Placeholders<'productId' | 'ids'>) =>
  db
    .select(lockedColumns)
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .where(and(sql`${tasks.id} = any(${of.ids}::uuid[])`, eq(tasks.productId, of.productId)))
    .orderBy(asc(tasks.id))
    .for('update', { of: tasks }),
);

/**
 * `lockTask` for a machine's job-status: the task of the job with this task and sequence sent to this machine of
 * the product, with the job's row, both locked in one statement (the task first, as every task write locks it;
 * the job's row as it is once the lock is held); null when the machine was sent no such job.
 */
export async function lockTaskOfJob(
  tx: Tx,
  productId: string,
  job: { taskId: string; seq: number; equipmentId: string },
) {
  const [found] = await taskOfJobLock(tx, { productId, ...job });
  return found ?? null;
}

const taskOfJobLock = builtOnce((db, job: Placeholders<'productId' | 'taskId' | 'seq' | 'equipmentId'>) =>
  db
    .select({
      task: lockedColumns,
      job: {
        id: machineJobs.id,
        clientId: machineJobs.clientId,
        state: machineJobs.state,
        withdrawnAt: machineJobs.withdrawnAt,
      },
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .innerJoin(
      machineJobs,
      and(
        eq(machineJobs.taskId, tasks.id),
        eq(machineJobs.seq, job.seq),
        eq(machineJobs.equipmentId, job.equipmentId),
        eq(machineJobs.productId, job.productId),
      ),
    )
    .where(and(eq(tasks.id, job.taskId), eq(tasks.productId, job.productId)))
    .for('update', { of: [tasks, machineJobs] }),
);

export function refuseTask(task: Pick<LockedTask, 'code' | 'status'>, action: TaskAction | Localized): never {
  throw taskTransitionError(task, action);
}

/** The 409 `task_transition` of an action the task's status does not allow. */
export function taskTransitionError(task: Pick<LockedTask, 'code' | 'status'>, action: TaskAction | Localized) {
  return new AppError('task_transition', {
    code: task.code,
    status: TASK_STATUS_LABELS[task.status],
    action: typeof action === 'string' ? TASK_ACTION_LABELS[action] : action,
  });
}

type TaskEventAction = TaskAction | 'report' | 'replan' | 'telemetry';
type TaskEventChange = { from: TaskStatus | null; to: TaskStatus | null };
type TaskEvent = { task: Pick<LockedTask, 'id'>; change: TaskEventChange; data: Record<string, unknown> | null };

type TaskEventArgs = [
  writer: Actor,
  task: Pick<LockedTask, 'id'>,
  action: TaskEventAction,
  change: TaskEventChange,
  data: Record<string, unknown> | null,
  at: string,
];

/** `recordTaskEvent`'s insert, not sent: for a caller sending it with its other writes (`writeTogether`). */
export function taskEventInsert(tx: Tx, ...[writer, task, action, change, data, at]: TaskEventArgs) {
  return taskEventsInsert(tx, writer, action, [{ task, change, data }], at);
}

function taskEventsInsert(tx: Tx, writer: Actor, action: TaskEventAction, events: readonly TaskEvent[], at: string) {
  return tx.insert(taskEvents).values(
    events.map(({ task, change, data }) => ({
      ...writer.scope,
      taskId: task.id,
      action,
      fromStatus: change.from,
      toStatus: change.to,
      data,
      userId: writer.user.id,
      userName: writer.user.name,
      time: at,
    })),
  );
}

/** `recordTaskEvent` of several tasks (one action at one time) in one statement, in their order. */
export async function recordTaskEvents(
  tx: Tx,
  writer: Actor,
  action: TaskEventAction,
  events: readonly TaskEvent[],
  at: string,
) {
  if (events.length) await taskEventsInsert(tx, writer, action, events, at);
}

/** Who did what to a task and when; `from`/`to` only for a status change. */
export async function recordTaskEvent(tx: Tx, ...event: TaskEventArgs) {
  await taskEventInsert(tx, ...event);
}

/**
 * The pieces a bend task may bend: what the cut task before it (job `afterKey` of the same schedule)
 * cut for its order line so far, and whether that task has ended (it cuts no more); null when it bends
 * pieces no task of the schedule cuts.
 */
export async function piecesCutFor(
  tx: Tx,
  task: LockedTask,
): Promise<{ code: string; pieces: number; ended: boolean } | null> {
  if (task.kind !== 'bend' || !task.afterKey || !task.orderLineId) return null;
  // The cut task and its output for the line in one statement.
  const [cut] = await tx
    .select({ code: tasks.code, status: tasks.status, produced: taskOutputs.produced })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .leftJoin(taskOutputs, and(eq(taskOutputs.taskId, tasks.id), eq(taskOutputs.orderLineId, task.orderLineId)))
    .where(and(eq(tasks.dailyPlanId, task.dailyPlanId), eq(dailyPlanJobs.key, task.afterKey)));
  if (!cut) return null;
  return { code: cut.code, pieces: cut.produced ?? 0, ended: isFinalTaskStatus(cut.status) };
}

/** 409 `task_waits_for_cut` when a bend task would bend more pieces than its cut task has cut. */
export function requireCutPieces(task: LockedTask, cut: Awaited<ReturnType<typeof piecesCutFor>>, pieces: number) {
  if (cut && cut.pieces < pieces) throw new AppError('task_waits_for_cut', { code: task.code, cutTask: cut.code });
}

const machineLock = builtOnce((db, machine: Placeholders<'id'>) =>
  db
    .select({ name: equipment.name, serialNumber: equipment.serialNumber, concurrentTasks: equipment.concurrentTasks })
    .from(equipment)
    .where(eq(equipment.id, machine.id))
    .for('no key update'),
);

const othersRunning = builtOnce((db, on: Placeholders<'equipmentId' | 'taskId'>) =>
  db
    .select({ code: tasks.code })
    .from(tasks)
    .where(and(eq(tasks.equipmentId, on.equipmentId), eq(tasks.status, 'running'), ne(tasks.id, on.taskId)))
    .orderBy(asc(tasks.startedAt), asc(tasks.code)),
);

/**
 * 409 `machine_busy` naming the task that runs when the task's machine already runs as many tasks as it
 * may at once (one, unless the machine says otherwise). The machine's row is locked first, so two
 * starts on one machine are taken one after the other and the second sees the first running. The lock
 * is `FOR NO KEY UPDATE`: it excludes another start on the machine (and an edit of the machine) but not
 * the key-share locks that writes referring to the machine take (a release inserting its tasks, a
 * machine job, telemetry), so a start does not wait for a long release on other machines' work.
 */
async function requireFreeMachine(tx: Tx, task: LockedTask) {
  const [machine] = await machineLock(tx, { id: task.equipmentId });
  if (!machine) return;
  const running = await othersRunning(tx, { equipmentId: task.equipmentId, taskId: task.id });
  if (running.length >= machine.concurrentTasks)
    throw new AppError('machine_busy', { machine: machineLabel(machine), running: running[0]!.code, code: task.code });
}

/**
 * The transitions that change nothing but the status (reports and completion move stock: `task-completion.ts`;
 * a dispatch queues its machine's job: `task-dispatch.command.ts`).
 */
export type PlainTaskAction = Exclude<TaskAction, 'complete' | 'dispatch'>;

/**
 * One transition of a task in one transaction: 409 `task_transition` when the state machine does not
 * allow it from the task's status. Starting a bend task needs pieces cut for it (409
 * `task_waits_for_cut`); starting or resuming needs the machine free (409 `machine_busy`); the first
 * start puts its schedule in progress; a task ending (failed, cancelled) may finish its schedule and
 * its cutting plan. (A dispatch, which queues the machine's job, is `dispatchTask`.)
 */
export async function transitionTask(
  tx: Tx,
  writer: Actor,
  id: string,
  action: PlainTaskAction,
  reason: string | null = null,
) {
  await transitionLockedTask(tx, writer, await lockTask(tx, writer.scope.productId, id), action, reason);
}

/**
 * `transitionTask` of a task this transaction has locked already (`lockTask`, `lockTaskOfJob`) and not changed
 * since; answers the task as it is after, for a next step on it in the same transaction (`reportLockedTask`).
 * `alongside` are writes of the caller's sent in the statement of the task's row (`writeTogether`).
 */
export async function transitionLockedTask<T extends LockedTask>(
  tx: Tx,
  writer: Actor,
  task: T,
  action: PlainTaskAction,
  reason: string | null = null,
  alongside: Record<string, SQL> = {},
): Promise<T> {
  const id = task.id;
  const next = nextTaskStatus(task.status, action);
  if (!next) refuseTask(task, action);
  if (action === 'start') {
    requireCutPieces(task, await piecesCutFor(tx, task), 1);
    await requireTaskMaterial(tx, writer.scope.productId, task);
  }
  if (next === 'running') await requireFreeMachine(tx, task);
  const at = isoNow();
  const change = {
    status: next,
    ...(action === 'start' && !task.startedAt ? { startedAt: at } : {}),
    ...(isFinalTaskStatus(next) ? { finishedAt: at } : {}),
    ...(action === 'fail' ? { failReason: reason } : {}),
    lastModifierId: writer.user.id,
    lastModificationTime: at,
  };
  // The task's row and its event in one statement — at a start with its schedule's move (`followTaskStart`).
  const rowWrite = { ...alongside, task: tx.update(tasks).set(change).where(eq(tasks.id, id)).getSQL() };
  const event = taskEventInsert(
    tx,
    writer,
    task,
    action,
    { from: task.status, to: next },
    reason ? { reason } : null,
    at,
  ).getSQL();
  if (action === 'start') await followTaskStart(tx, writer, task, { ...rowWrite, event });
  else await writeTogether(tx, rowWrite, event);
  // A machine that got the task as a job is told when it is taken back; a failed task had started, perhaps only
  // on the operator's screen: its machine must not run it later.
  if (action === 'cancel' || action === 'fail')
    await withdrawMachineJobs(tx, id, action === 'fail' ? 'failed' : 'cancelled');
  if (isFinalTaskStatus(next)) await followTaskEnd(tx, writer, task);
  if (action === 'fail') await tellTaskFailed(tx, writer, task, reason);
  return { ...task, ...change };
}

/** `taskFailed` to the product's task readers and whoever failed it, naming the machine. */
function tellTaskFailed(tx: Tx, writer: Actor, task: LockedTask, reason: string | null) {
  return tellAboutTask(tx, writer, task, { kind: 'taskFailed', reason: reason ?? '', actorId: writer.user.id });
}

/** A notification about a task that went wrong on its machine, naming the task, the machine and why. */
export async function tellAboutTask(
  tx: Tx,
  writer: Actor,
  task: LockedTask,
  what: { kind: 'taskFailed' | 'machineJobRejected'; reason: string; actorId: string | null },
) {
  const [machine] = await tx
    .select({ name: equipment.name, serialNumber: equipment.serialNumber })
    .from(equipment)
    .where(eq(equipment.id, task.equipmentId));
  await notify(tx, {
    kind: what.kind,
    clientId: writer.scope.clientId,
    productId: writer.scope.productId,
    subject: { page: TASK_PERMISSIONS.read, id: task.id },
    params: { code: task.code, machine: machine ? machineLabel(machine) : '', reason: what.reason.slice(0, 256) },
    actorId: what.actorId,
  });
}
