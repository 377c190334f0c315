import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  MAX_HORIZON_DAYS,
  TASK_REASSIGN_LABEL,
  daysBetween,
  gramsToKg,
  machineLabel,
  nextDay,
  plantDayOf,
  plantInstant,
  replan,
  replanCost,
  scheduleInputSchema,
  type ReplanProposal,
  type ReplanRequestInput,
  type ReplanResult,
  type ScheduleJobInput,
  type TaskStatus,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { scheduleOrdersOf } from '../planning/index.ts';
import { dailyPlanJobs, tasks } from './processing.table.ts';
import { refuseTask } from './task.command.ts';
import { findDailyPlan, scheduleMachines, timeZoneOf, toolFamilies, type DailyPlanRow } from './daily-plan.query.ts';

/** Tasks that may still change machine or time; started ones stay where they run. */
const MOVABLE: readonly TaskStatus[] = ['pending', 'dispatched'];
const STARTED: readonly TaskStatus[] = ['running', 'paused'];
/** Days past the last planned work the moved work may spill into. */
const SPILL_DAYS = 7;
/**
 * Work is placed from the next quarter hour on: a preview and its apply a few seconds later then place the
 * same (a quarter hour passing between them makes the apply a 409 `replan_stale`: preview again).
 */
const QUARTER_HOUR = 15 * 60_000;
/** A rush schedule's jobs are named apart from tasks (whose ids are uuids). */
export const RUSH_JOB = 'job:';

type OpenTask = Awaited<ReturnType<typeof openTasks>>[number];

/** The product's released work not yet done, with each task's job. */
async function openTasks(db: Db | Tx, productId: string) {
  return db
    .select({
      id: tasks.id,
      code: tasks.code,
      status: tasks.status,
      equipmentId: tasks.equipmentId,
      dailyPlanId: tasks.dailyPlanId,
      plannedStart: tasks.plannedStart,
      plannedEnd: tasks.plannedEnd,
      key: dailyPlanJobs.key,
      kind: dailyPlanJobs.kind,
      label: dailyPlanJobs.label,
      techniqueId: dailyPlanJobs.techniqueId,
      diameter: dailyPlanJobs.diameter,
      grade: dailyPlanJobs.grade,
      pieces: dailyPlanJobs.pieces,
      weightGrams: dailyPlanJobs.weightGrams,
      afterKey: dailyPlanJobs.afterKey,
      orderIds: dailyPlanJobs.orderIds,
      orderLineIds: dailyPlanJobs.orderLineIds,
      orderLineId: dailyPlanJobs.orderLineId,
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .where(and(eq(tasks.productId, productId), inArray(tasks.status, [...MOVABLE, ...STARTED])));
}

type JobRow = Pick<
  OpenTask,
  | 'kind'
  | 'label'
  | 'techniqueId'
  | 'diameter'
  | 'grade'
  | 'pieces'
  | 'weightGrams'
  | 'orderIds'
  | 'orderLineIds'
  | 'orderLineId'
>;

const jobInput = (id: string, row: JobRow, after: string | null, family: string | null): ScheduleJobInput => ({
  id,
  kind: row.kind,
  label: row.label,
  techniqueId: row.techniqueId,
  diameter: row.diameter,
  family,
  grade: row.grade,
  pieces: row.pieces,
  weightKg: gramsToKg(row.weightGrams),
  orderIds: row.orderIds,
  orderLineIds: row.orderLineIds,
  after,
});

export type ReplanComputed = {
  proposal: ReplanProposal;
  result: ReplanResult;
  open: OpenTask[];
  rush: DailyPlanRow | null;
};

/**
 * What a breakdown, a move by hand or a rush order would change in the product's released work, and
 * what it costs. Reads only: the same request gives the same proposal (and stamp) until the work
 * changes. 404 for another product's task, machine or schedule; 409 when there is nothing to move, or
 * a task asked to move has started (`task_transition`, naming it).
 */
export async function replanProposal(
  db: Db | Tx,
  productId: string,
  request: ReplanRequestInput,
  now = Date.now(),
): Promise<ReplanComputed> {
  const [open, machines, timeZone] = [
    await openTasks(db, productId),
    await scheduleMachines(db, productId, null),
    await timeZoneOf(db, productId),
  ];
  const machineIds = new Set(machines.map((machine) => machine.id));
  let rush: DailyPlanRow | null = null;
  let rushJobs: (typeof dailyPlanJobs.$inferSelect)[] = [];
  let moving: string[];
  let targets: string[] | null;
  if (request.kind === 'breakdown') {
    if (!machineIds.has(request.equipmentId)) throw new AppError('not_found');
    moving = open.filter((t) => t.equipmentId === request.equipmentId && MOVABLE.includes(t.status)).map((t) => t.id);
    targets = [...machineIds].filter((id) => id !== request.equipmentId);
  } else if (request.kind === 'move') {
    const byId = new Map(open.map((t) => [t.id, t]));
    const asked = [...new Set(request.taskIds)].map((id) => byId.get(id));
    if (asked.some((task) => task === undefined)) throw new AppError('not_found');
    if (!machineIds.has(request.equipmentId)) throw invalidFields({ equipmentId: ['invalid'] });
    // A started task stays where it runs (its bars were taken there): moving it is refused, by name.
    const started = asked.find((task) => !MOVABLE.includes(task!.status));
    if (started) refuseTask(started, TASK_REASSIGN_LABEL);
    // Those already on the machine are not moved (nor re-timed) by asking, unless to another day.
    moving = asked
      .filter((task) => request.day !== undefined || task!.equipmentId !== request.equipmentId)
      .map((task) => task!.id);
    targets = [request.equipmentId];
  } else {
    rush = await findDailyPlan(db, productId, request.dailyPlanId);
    if (rush.status !== 'draft')
      throw new AppError('daily_plan_not_editable', { code: rush.code, status: rush.status });
    rushJobs = await db.select().from(dailyPlanJobs).where(eq(dailyPlanJobs.dailyPlanId, rush.id));
    moving = rushJobs.map((job) => RUSH_JOB + job.key);
    targets = rush.machineIds.filter((id) => machineIds.has(id));
  }
  if (moving.length === 0) throw new AppError('replan_nothing');

  const taskOfKey = new Map(open.map((t) => [`${t.dailyPlanId}/${t.key}`, t.id]));
  const families = await toolFamilies(
    db,
    [...open, ...rushJobs].filter((row) => row.kind === 'bend' && row.orderLineId).map((row) => row.orderLineId!),
  );
  const familyOf = (row: JobRow) =>
    row.kind === 'bend' && row.orderLineId ? (families.get(row.orderLineId) ?? null) : null;
  const jobs = [
    // A predecessor already done is not open: the job waits for nothing.
    ...open.map((t) => {
      const after = t.afterKey === null ? null : (taskOfKey.get(`${t.dailyPlanId}/${t.afterKey}`) ?? null);
      return jobInput(t.id, t, after, familyOf(t));
    }),
    ...rushJobs.map((job) =>
      jobInput(RUSH_JOB + job.key, job, job.afterKey === null ? null : RUSH_JOB + job.afterKey, familyOf(job)),
    ),
  ];
  const starts = open.map((t) => Date.parse(toIso(t.plannedStart)));
  const ends = open.map((t) => Date.parse(toIso(t.plannedEnd)));
  const firstDay = plantDayOf(Math.min(now, ...starts), timeZone);
  const day = request.kind === 'move' && request.day ? plantInstant(request.day, '00:00', timeZone) : undefined;
  const lastDay = nextDay(plantDayOf(Math.max(now, day ?? now, ...ends), timeZone), SPILL_DAYS);
  const days = Math.min(MAX_HORIZON_DAYS, daysBetween(firstDay, lastDay) + 1);
  const orderIds = [...new Set(jobs.flatMap((job) => job.orderIds))];
  const orders = (await scheduleOrdersOf(db, productId, orderIds)).map(({ project: _project, ...order }) => order);
  const input = scheduleInputSchema.parse({ horizon: { firstDay, days, timeZone }, machines, jobs, orders });
  const result = replan({
    input,
    placements: open.map((t, i) => ({ jobId: t.id, machineId: t.equipmentId, start: starts[i]!, end: ends[i]! })),
    moving,
    locked: open.filter((t) => STARTED.includes(t.status)).map((t) => t.id),
    priority: request.kind === 'rush' ? 'first' : 'fill',
    machineIds: targets,
    // A rush schedule's work stays inside its own days.
    notBefore: Math.max(
      Math.ceil(now / QUARTER_HOUR) * QUARTER_HOUR,
      rush ? plantInstant(rush.firstDay, '00:00', timeZone) : -Infinity,
    ),
    from: day,
  });
  const proposal = proposalView(request.kind, input, result, open, rushJobs, machines, new Set(moving));
  return { proposal, result, open, rush };
}

function proposalView(
  kind: ReplanProposal['kind'],
  input: ReturnType<typeof scheduleInputSchema.parse>,
  result: ReplanResult,
  open: readonly OpenTask[],
  rushJobs: readonly (typeof dailyPlanJobs.$inferSelect)[],
  machines: Awaited<ReturnType<typeof scheduleMachines>>,
  asked: ReadonlySet<string>,
): ReplanProposal {
  const machineName = new Map(machines.map((machine) => [machine.id, machineLabel(machine)]));
  const orderCode = new Map(input.orders.map((order) => [order.id, order.code]));
  const taskById = new Map(open.map((t) => [t.id, t]));
  const rushLabel = new Map(rushJobs.map((job) => [RUSH_JOB + job.key, job.label]));
  const jobById = new Map(input.jobs.map((job) => [job.id, job]));
  const codeOf = (jobId: string) => taskById.get(jobId)?.code ?? rushLabel.get(jobId) ?? jobId;
  const iso = (ms: number) => new Date(ms).toISOString();
  const moves = result.moves.map((move) => ({
    taskId: taskById.has(move.jobId) ? move.jobId : null,
    code: codeOf(move.jobId),
    orderCodes: (jobById.get(move.jobId)?.orderIds ?? []).map((id) => orderCode.get(id) ?? id),
    fromMachineId: move.fromMachineId,
    fromMachine: move.fromMachineId && (machineName.get(move.fromMachineId) ?? null),
    fromStart: move.fromStart === null ? null : iso(move.fromStart),
    machineId: move.machineId,
    machine: machineName.get(move.machineId) ?? '',
    start: iso(move.start),
    end: iso(move.end),
    asked: asked.has(move.jobId),
  }));
  const unplaced = result.unplaced.map((u) => ({ code: codeOf(u.jobId), reason: u.reason }));
  const cost = replanCost(input, result);
  const dueDate = new Map(input.orders.map((order) => [order.id, order.dueDate]));
  const touched = new Set(result.moves.flatMap((move) => jobById.get(move.jobId)?.orderIds ?? []));
  const reached = new Set(result.moves.flatMap((move) => [move.machineId, move.fromMachineId ?? move.machineId]));
  const stamp = createHash('sha256')
    .update(JSON.stringify([result.moves.map((m) => [m.jobId, m.machineId, m.start]), result.unplaced]))
    .digest('hex')
    .slice(0, 32);
  return {
    kind,
    stamp,
    moves,
    unplaced,
    // The orders the change touches: those of the moved work, and any whose lateness changes.
    orders: cost.orders
      .filter((order) => touched.has(order.orderId) || order.daysLateBefore !== order.daysLateAfter)
      .map((order) => ({
        ...order,
        code: orderCode.get(order.orderId) ?? '',
        dueDate: dueDate.get(order.orderId) ?? null,
      })),
    // The machines with work, and those the moves leave or reach (short work rounds to 0 minutes).
    machines: cost.machines
      .filter((m) => m.workMinutesBefore > 0 || m.workMinutesAfter > 0 || reached.has(m.machineId))
      .map((m) => ({ ...m, machine: machineName.get(m.machineId) ?? '' })),
  };
}
