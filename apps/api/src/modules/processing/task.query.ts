import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  isFinalTaskStatus,
  nextDay,
  plantDayBounds,
  scanIdSchema,
  shiftWindows,
  type BarPlace,
  type PlanPattern,
  type Task,
  type TaskMaterial,
  type TaskDetail,
  type TaskEvent,
  type TaskOutput,
  type TaskQueue,
  type TaskStatus,
  type taskListQuerySchema,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { products } from '../../core/crud/resources.table.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { listClauses, fetchPage, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import { equipment, equipmentCredentials, equipmentLive } from '../equipment/index.ts';
import { cutPlanRuns, cutPlans, demandOrderLines, demandOrders } from '../planning/index.ts';
import { barPlaces, stockLogsOfSource } from '../stock/index.ts';
import { bundlesOfTask } from './bundle.query.ts';
import { openTaskMaterial } from './task-material.query.ts';
import { withSampling } from './task-sampling.query.ts';
import {
  bundles,
  dailyPlanCutPlans,
  dailyPlanJobs,
  dailyPlans,
  taskEvents,
  taskOutputs,
  tasks,
} from './processing.table.ts';

export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** A cut task's pattern, read from its plan's run (pattern `patternIndex` of group `groupIndex`). */
const patternOfJob = sql<PlanPattern | null>`case when ${tasks.kind} = 'cut' then ${cutPlanRuns.result} -> 'groups' -> ${dailyPlanJobs.groupIndex} -> 'patterns' -> ${dailyPlanJobs.patternIndex} end`;

const taskColumns = {
  id: tasks.id,
  code: tasks.code,
  status: tasks.status,
  kind: tasks.kind,
  label: dailyPlanJobs.label,
  dailyPlanId: tasks.dailyPlanId,
  dailyPlanCode: dailyPlans.code,
  equipmentId: tasks.equipmentId,
  equipmentName: equipment.name,
  serialNumber: equipment.serialNumber,
  cutPlanId: dailyPlanJobs.cutPlanId,
  cutPlanCode: cutPlans.code,
  rebarId: dailyPlanJobs.rebarId,
  grade: dailyPlanJobs.grade,
  diameter: dailyPlanJobs.diameter,
  pattern: patternOfJob,
  repetitions: tasks.repetitions,
  done: tasks.done,
  scrap: tasks.scrap,
  telemetryPieces: tasks.telemetryPieces,
  plannedStart: tasks.plannedStart,
  plannedEnd: tasks.plannedEnd,
  startedAt: tasks.startedAt,
  finishedAt: tasks.finishedAt,
  failReason: tasks.failReason,
  qualityFlag: tasks.qualityFlag,
  productId: tasks.productId,
  creationTime: tasks.creationTime,
  lastModificationTime: tasks.lastModificationTime,
};

/** A task's job, schedule, machine and cutting plan, and the run its pattern is read from. */
function withJob<T extends PgSelect>(query: T) {
  return query
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .innerJoin(dailyPlans, eq(dailyPlans.id, tasks.dailyPlanId))
    .innerJoin(equipment, eq(equipment.id, tasks.equipmentId))
    .innerJoin(cutPlans, eq(cutPlans.id, dailyPlanJobs.cutPlanId))
    .leftJoin(
      dailyPlanCutPlans,
      and(eq(dailyPlanCutPlans.dailyPlanId, tasks.dailyPlanId), eq(dailyPlanCutPlans.cutPlanId, cutPlans.id)),
    )
    .leftJoin(cutPlanRuns, eq(cutPlanRuns.id, dailyPlanCutPlans.runId));
}

const selectTasks = (db: Db | Tx) => withJob(db.select(taskColumns).from(tasks).$dynamic());
type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];

/** The outputs of these tasks with their order line (shape, bundle size) and order, by task. */
async function outputsOf(db: Db | Tx, rows: readonly Pick<TaskRow, 'id' | 'repetitions'>[]) {
  const byTask = new Map<string, TaskOutput[]>(rows.map((row) => [row.id, []]));
  if (!rows.length) return byTask;
  const repetitions = new Map(rows.map((row) => [row.id, row.repetitions]));
  const outputs = await db
    .select({
      taskId: taskOutputs.taskId,
      orderLineId: taskOutputs.orderLineId,
      orderId: demandOrderLines.orderId,
      orderCode: demandOrders.code,
      project: demandOrders.project,
      mark: demandOrderLines.mark,
      length: taskOutputs.length,
      perRepetition: taskOutputs.perRepetition,
      produced: taskOutputs.produced,
      stage: taskOutputs.finished,
      shapeCode: demandOrderLines.shapeCode,
      geometry: demandOrderLines.geometry,
      mandrel: demandOrderLines.mandrel,
      piecesPerBundle: demandOrderLines.piecesPerBundle,
      supersededRevision: demandOrderLines.supersededRevision,
    })
    .from(taskOutputs)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, taskOutputs.orderLineId))
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .where(
      inArray(
        taskOutputs.taskId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(taskOutputs.taskId), ...OUTPUT_ORDER);
  for (const { taskId, ...output } of outputs)
    byTask.get(taskId)?.push({ ...output, pieces: output.perRepetition * (repetitions.get(taskId) ?? 0) });
  return byTask;
}

/** The order a task's outputs are listed and scrap is taken from them in: longest pieces first. */
export const OUTPUT_ORDER = [desc(taskOutputs.length), asc(taskOutputs.orderLineId)];

/** What a report or an inspection reads of a task's outputs to count and scrap their pieces. */
export const OUTPUT_COUNTS = {
  id: taskOutputs.id,
  orderLineId: taskOutputs.orderLineId,
  length: taskOutputs.length,
  perRepetition: taskOutputs.perRepetition,
  stage: taskOutputs.finished,
  produced: taskOutputs.produced,
};

function toTask(row: TaskRow, outputs: TaskOutput[], material: TaskMaterial | null, places: BarPlace[] | null): Task {
  const { pattern, productId: _productId, ...rest } = row;
  return {
    ...rest,
    material,
    places,
    pattern: pattern
      ? {
          stockLength: pattern.stockLength,
          source: pattern.source,
          heatNo: pattern.heatNo,
          cuts: pattern.cuts,
          offcut: pattern.offcut,
          offcutKind: pattern.offcutKind,
        }
      : null,
    piecesTotal: outputs.reduce((sum, output) => sum + output.pieces, 0),
    piecesDone: outputs.reduce((sum, output) => sum + output.produced, 0),
    outputs,
    plannedStart: toIso(row.plannedStart),
    plannedEnd: toIso(row.plannedEnd),
    startedAt: toIso(row.startedAt),
    finishedAt: toIso(row.finishedAt),
    creationTime: toIso(row.creationTime),
    lastModificationTime: toIso(row.lastModificationTime),
  };
}

/**
 * Tasks as answered, each open cut task with its material (whether its bars are there: the red on every
 * screen) and where its bars lie (the operator fetches them from there). The material is weighed over the
 * open cut tasks of the answered tasks' plans only: it costs what the answer shows, not what the product has open.
 */
async function toTasks(db: Db | Tx, rows: TaskRow[]): Promise<Task[]> {
  const outputs = await outputsOf(db, rows);
  const open = rows.filter((row) => row.kind === 'cut' && !isFinalTaskStatus(row.status));
  const material = open.length
    ? await openTaskMaterial(
        db,
        open[0]!.productId,
        open.map((row) => ({ cutPlanId: row.cutPlanId, through: row })),
      )
    : new Map<string, TaskMaterial>();
  const cutting = rows.filter((row) => row.pattern && !isFinalTaskStatus(row.status));
  const places = cutting.length
    ? await barPlaces(
        db,
        cutting[0]!.productId,
        cutting.map(({ rebarId, pattern }) => ({
          rebarId,
          length: pattern!.stockLength,
          stockId: pattern!.source === 'purchase' ? null : pattern!.stockId,
        })),
      )
    : [];
  const placesOf = new Map(cutting.map((row, index) => [row.id, places[index]!]));
  return rows.map((row) =>
    toTask(row, outputs.get(row.id) ?? [], material.get(row.id) ?? null, placesOf.get(row.id) ?? null),
  );
}

const TASK_LIST: ListSpec = {
  searchable: [tasks.code, dailyPlanJobs.label, equipment.name, dailyPlans.code, cutPlans.code],
  sortable: {
    code: tasks.code,
    plannedStart: tasks.plannedStart,
    status: tasks.status,
    equipmentName: equipment.name,
  },
  defaultOrder: [asc(tasks.plannedStart), asc(tasks.code)],
};

async function timeZoneOf(db: Db | Tx, productId: string): Promise<string> {
  const [product] = await db.select({ timeZone: products.timeZone }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError('not_found');
  return product.timeZone;
}

/**
 * Tasks planned to start on a plant day, or — with a shift name — in that shift of their machine's
 * calendar on that day (a night shift's tasks after midnight belong to the day the shift began).
 */
async function plannedIn(db: Db | Tx, productId: string, day: string | undefined, shift: string | undefined) {
  if (shift && !day) throw invalidFields({ day: ['required'] });
  if (!day) return undefined;
  const timeZone = await timeZoneOf(db, productId);
  const bounds = plantDayBounds(day, timeZone);
  if (!shift)
    return and(
      sql`${tasks.plannedStart} >= ${new Date(bounds.from).toISOString()}`,
      sql`${tasks.plannedStart} < ${new Date(bounds.to).toISOString()}`,
    );
  const machines = await db
    .select({ id: equipment.id, shiftCalendar: equipment.shiftCalendar })
    .from(equipment)
    .where(eq(equipment.productId, productId));
  const windows = machines.flatMap((machine) =>
    shiftWindows(machine.shiftCalendar, bounds.from, plantDayBounds(nextDay(day), timeZone).to, timeZone)
      .filter((window) => window.day === day && window.name === shift)
      .map((window) =>
        and(
          eq(tasks.equipmentId, machine.id),
          sql`${tasks.plannedStart} >= ${new Date(window.from).toISOString()}`,
          sql`${tasks.plannedStart} < ${new Date(window.to).toISOString()}`,
        ),
      ),
  );
  return windows.length ? or(...windows) : sql`false`;
}

/** `GET /api/task`: a page of the product's tasks by machine, status, kind, schedule, day and shift. */
export async function listTasks(db: Db, productId: string, query: TaskListQuery) {
  const clauses = listClauses(query, TASK_LIST, [
    eq(tasks.productId, productId),
    query.equipmentId ? eq(tasks.equipmentId, query.equipmentId) : undefined,
    query.status?.length ? inArray(tasks.status, query.status) : undefined,
    query.kind ? eq(tasks.kind, query.kind) : undefined,
    query.dailyPlanId ? eq(tasks.dailyPlanId, query.dailyPlanId) : undefined,
    await plannedIn(db, productId, query.day, query.shift),
  ]);
  const page = await fetchPage(selectTasks(db), withJob(db.select({ value: count() }).from(tasks).$dynamic()), clauses);
  return { items: await toTasks(db, page.items), totalCount: page.totalCount };
}

/** One task of the product as lists show it; 404 for any other. */
export async function findTask(db: Db | Tx, productId: string, id: string): Promise<Task> {
  const [row] = await selectTasks(db).where(and(eq(tasks.id, id), eq(tasks.productId, productId)));
  if (!row) throw new AppError('not_found');
  const [task] = await toTasks(db, [row]);
  return task!;
}

/**
 * Tasks of the product as their machines' jobs need them, in the order of `ids` (404 when one is
 * missing): their work and outputs, without the material and bar places lists show — a fleet dispatching
 * hundreds of tasks paid for them once per task (docs/benchmarks.md, "Machines taking their work"). Two
 * statements whatever their number.
 */
export async function findJobTasks(db: Db | Tx, productId: string, ids: readonly string[]): Promise<Task[]> {
  if (!ids.length) return [];
  const rows = await selectTasks(db).where(and(inArray(tasks.id, [...ids]), eq(tasks.productId, productId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (byId.size < new Set(ids).size) throw new AppError('not_found');
  const outputs = await outputsOf(db, rows);
  return ids.map((id) => toTask(byId.get(id)!, outputs.get(id) ?? [], null, null));
}

async function eventsOf(db: Db | Tx, taskId: string): Promise<TaskEvent[]> {
  const rows = await db
    .select({
      action: taskEvents.action,
      fromStatus: taskEvents.fromStatus,
      toStatus: taskEvents.toStatus,
      data: taskEvents.data,
      userName: taskEvents.userName,
      time: taskEvents.time,
    })
    .from(taskEvents)
    .where(eq(taskEvents.taskId, taskId))
    .orderBy(asc(taskEvents.seq));
  return rows.map((row) => ({ ...row, action: row.action as TaskEvent['action'], time: toIso(row.time) }));
}

/** `GET /api/task/{id}`: the task, its events, the ledger rows it caused and its bundles. */
export async function taskDetail(db: Db | Tx, productId: string, id: string): Promise<TaskDetail> {
  const task = await findTask(db, productId, id);
  const [events, stockMoves, taskBundles] = [
    await eventsOf(db, id),
    await stockLogsOfSource(db, productId, id),
    await bundlesOfTask(db, id),
  ];
  return { ...task, events, stockMoves, bundles: taskBundles };
}

/** What an operator's queue shows: the machine's dispatched, running and paused tasks, in planned order. */
const QUEUED = ['dispatched', 'running', 'paused'] as const;

/**
 * `GET /api/task/queue`: a machine of the product and its queue, each task with what its sampling plan asks
 * of the operator; 404 for a machine of another line. With `next`, the running and paused tasks and the
 * first `next` dispatched ones: a machine dispatched ahead of its operators answers what its screen shows,
 * not its whole backlog, read again every few seconds.
 */
export async function taskQueue(db: Db, productId: string, equipmentId: string, next?: number): Promise<TaskQueue> {
  const [machine] = await db
    .select({
      id: equipment.id,
      name: equipment.name,
      serialNumber: equipment.serialNumber,
      operationStatus: sql<string>`coalesce(${equipmentLive.state}, 'offline')`,
      telemetry: sql<boolean>`${equipmentCredentials.equipmentId} is not null`,
    })
    .from(equipment)
    .leftJoin(equipmentLive, eq(equipmentLive.equipmentId, equipment.id))
    .leftJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, equipment.id))
    .where(and(eq(equipment.id, equipmentId), eq(equipment.productId, productId)));
  if (!machine) throw new AppError('not_found');
  const onMachine = (...statuses: TaskStatus[]) =>
    and(eq(tasks.productId, productId), eq(tasks.equipmentId, equipmentId), inArray(tasks.status, statuses));
  const inOrder = [asc(tasks.plannedStart), asc(tasks.code)];
  if (next === undefined) {
    const rows = await selectTasks(db)
      .where(onMachine(...QUEUED))
      .orderBy(...inOrder);
    const dispatchedCount = rows.filter((row) => row.status === 'dispatched').length;
    return { equipment: machine, tasks: await withSampling(db, productId, await toTasks(db, rows)), dispatchedCount };
  }
  const firstDispatched = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(onMachine('dispatched'))
    .orderBy(...inOrder)
    .limit(next);
  const rows = await selectTasks(db)
    .where(or(onMachine('running', 'paused'), and(onMachine('dispatched'), inArray(tasks.id, firstDispatched))))
    .orderBy(...inOrder);
  const [counted] = await db.select({ value: count() }).from(tasks).where(onMachine('dispatched'));
  return {
    equipment: machine,
    tasks: await withSampling(db, productId, await toTasks(db, rows)),
    dispatchedCount: counted?.value ?? 0,
  };
}

/** The scan id in a tag's URL (`…/scan/{scanId}`) or a bare scan id; null for any other text. */
export function scanIdIn(text: string): string | null {
  const fromUrl = /\/scan\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(text)?.[1];
  const candidate = fromUrl ?? text;
  return scanIdSchema.safeParse(candidate).success ? candidate : null;
}

/**
 * `GET /api/task/resolve`: the task a scanned text opens. A bundle tag opens, on a machine
 * (`equipmentId`), the next pending or dispatched bend task of the bundle's order line there, else the
 * task that made the bundle; a task code opens that task. 404 for anything else of the product.
 */
export async function resolveTask(db: Db, productId: string, code: string, equipmentId?: string) {
  const scanId = scanIdIn(code);
  if (scanId) {
    const [bundle] = await db
      .select({ taskId: bundles.taskId, orderLineId: bundles.orderLineId })
      .from(bundles)
      .where(and(eq(bundles.scanId, scanId), eq(bundles.productId, productId)));
    if (!bundle) throw new AppError('not_found');
    if (!equipmentId) return { taskId: bundle.taskId };
    const [bend] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
      .where(
        and(
          eq(tasks.productId, productId),
          eq(tasks.equipmentId, equipmentId),
          eq(tasks.kind, 'bend'),
          inArray(tasks.status, ['pending', 'dispatched']),
          eq(dailyPlanJobs.orderLineId, bundle.orderLineId),
        ),
      )
      .orderBy(asc(tasks.plannedStart), asc(tasks.code))
      .limit(1);
    return { taskId: bend?.id ?? bundle.taskId };
  }
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.productId, productId),
        ilike(
          tasks.code,
          code.replace(/[\\%_]/g, (c) => `\\${c}`),
        ),
      ),
    );
  if (!task) throw new AppError('not_found');
  return { taskId: task.id };
}
