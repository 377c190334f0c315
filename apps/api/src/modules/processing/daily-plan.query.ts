import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  evaluateSchedule,
  latestStarts,
  gramsToKg,
  orderLateness,
  scheduleInputSchema,
  toolFamilyOf,
  unscheduledJobs,
  type DailyPlan,
  type DailyPlanDetail,
  type OperationStatus,
  type ScheduleInput,
  type ScheduleSlot,
  type dailyPlanListQuerySchema,
  type TaskMaterial,
} from '@armature/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../core/db/client.ts';
import { users } from '../../core/auth/users.table.ts';
import { products } from '../../core/crud/resources.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import { equipment, equipmentLive } from '../equipment/index.ts';
import { cutPlans, demandOrderLines, scheduleOrdersOf } from '../planning/index.ts';
import {
  dailyPlanCutPlans,
  dailyPlanHistory,
  dailyPlanJobs,
  dailyPlanSlots,
  dailyPlans,
  tasks,
} from './processing.table.ts';
import { openTaskMaterial, scheduleMaterial } from './task-material.query.ts';
import { latestOptimiseJob } from './daily-plan-optimise.query.ts';

type ListQuery = z.output<typeof dailyPlanListQuerySchema>;
export type DailyPlanRow = typeof dailyPlans.$inferSelect;
export type StoredJob = typeof dailyPlanJobs.$inferSelect;

/** A daily schedule of the product; 404 for another product's or none. `lock`: FOR UPDATE (writes take turns). */
export async function findDailyPlan(db: Db | Tx, productId: string, id: string, lock = false): Promise<DailyPlanRow> {
  const query = db
    .select()
    .from(dailyPlans)
    .where(and(eq(dailyPlans.id, id), eq(dailyPlans.productId, productId)));
  const [plan] = lock ? await query.for('update') : await query;
  if (!plan) throw new AppError('not_found');
  return plan;
}

/** The product's time zone: its plant's clock, which the horizon's days and shifts follow. */
export async function timeZoneOf(db: Db | Tx, productId: string): Promise<string> {
  const [row] = await db.select({ timeZone: products.timeZone }).from(products).where(eq(products.id, productId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The machines among `ids` installed on the product, as scheduling sees them, in serial-number order. */
export async function scheduleMachines(db: Db | Tx, productId: string, ids: readonly string[] | null) {
  return db
    .select({
      id: equipment.id,
      name: equipment.name,
      serialNumber: equipment.serialNumber,
      spec: equipment.spec,
      operationStatus: sql<OperationStatus>`coalesce(${equipmentLive.state}, 'offline')`,
      techniqueIds: equipment.techniqueIds,
      diameterMin: equipment.diameterMin,
      diameterMax: equipment.diameterMax,
      idealRate: equipment.idealRate,
      throughput: equipment.throughput,
      shiftCalendar: equipment.shiftCalendar,
      changeover: equipment.changeover,
    })
    .from(equipment)
    .leftJoin(equipmentLive, eq(equipmentLive.equipmentId, equipment.id))
    .where(and(eq(equipment.productId, productId), ids ? inArray(equipment.id, [...ids]) : undefined))
    .orderBy(asc(equipment.serialNumber), asc(equipment.id));
}

/** A schedule as scheduling sees it: its horizon, machines, jobs (with their pins) and orders. */
export type LoadedSchedule = {
  input: ScheduleInput;
  jobs: StoredJob[];
  slots: ScheduleSlot[];
  machines: Awaited<ReturnType<typeof scheduleMachines>>;
};

/**
 * Jobs in a stable order (plan, group, pattern, the cut before its bends), the order `autoSchedule`
 * breaks its ties in, so that scheduling the same schedule twice gives the same slots.
 */
async function storedJobs(db: Db | Tx, dailyPlanId: string) {
  return db
    .select()
    .from(dailyPlanJobs)
    .where(eq(dailyPlanJobs.dailyPlanId, dailyPlanId))
    .orderBy(
      asc(dailyPlanJobs.cutPlanId),
      asc(dailyPlanJobs.groupIndex),
      asc(dailyPlanJobs.patternIndex),
      asc(dailyPlanJobs.kind),
      asc(dailyPlanJobs.key),
    );
}

export async function storedSlots(db: Db | Tx, dailyPlanId: string): Promise<ScheduleSlot[]> {
  const rows = await db
    .select()
    .from(dailyPlanSlots)
    .where(eq(dailyPlanSlots.dailyPlanId, dailyPlanId))
    .orderBy(asc(dailyPlanSlots.equipmentId), asc(dailyPlanSlots.startsAt));
  return rows.map((row) => ({
    jobId: row.jobKey,
    machineId: row.equipmentId,
    kind: row.kind,
    from: Date.parse(toIso(row.startsAt)),
    to: Date.parse(toIso(row.endsAt)),
  }));
}

/** The bending tool family of each order line's shape: what a bend job's setup depends on. */
export async function toolFamilies(db: Db | Tx, orderLineIds: readonly string[]): Promise<Map<string, string | null>> {
  if (orderLineIds.length === 0) return new Map();
  const rows = await db
    .select({ id: demandOrderLines.id, shapeCode: demandOrderLines.shapeCode })
    .from(demandOrderLines)
    .where(inArray(demandOrderLines.id, [...new Set(orderLineIds)]));
  return new Map(rows.map((row) => [row.id, toolFamilyOf(row.shapeCode)]));
}

export async function loadSchedule(db: Db | Tx, plan: DailyPlanRow): Promise<LoadedSchedule> {
  const [jobs, slots, machines, timeZone] = [
    await storedJobs(db, plan.id),
    await storedSlots(db, plan.id),
    await scheduleMachines(db, plan.productId, plan.machineIds),
    await timeZoneOf(db, plan.productId),
  ];
  const orderIds = [...new Set(jobs.flatMap((job) => job.orderIds))];
  const bentLines = jobs.filter((job) => job.kind === 'bend' && job.orderLineId !== null);
  const families = await toolFamilies(
    db,
    bentLines.map((job) => job.orderLineId!),
  );
  const orders = (await scheduleOrdersOf(db, plan.productId, orderIds)).map(({ project: _project, ...order }) => order);
  const input = scheduleInputSchema.parse({
    horizon: { firstDay: plan.firstDay, days: plan.days, timeZone },
    machines,
    jobs: jobs.map((job) => ({
      id: job.key,
      kind: job.kind,
      label: job.label,
      techniqueId: job.techniqueId,
      diameter: job.diameter,
      family: job.kind === 'bend' && job.orderLineId ? (families.get(job.orderLineId) ?? null) : null,
      grade: job.grade,
      pieces: job.pieces,
      weightKg: gramsToKg(job.weightGrams),
      orderIds: job.orderIds,
      orderLineIds: job.orderLineIds,
      after: job.afterKey,
      pinned: job.pinned,
    })),
    orders,
  });
  return { input, jobs, slots, machines };
}

/**
 * The listed schedule's id, qualified: drizzle leaves a lone table's columns unqualified, which inside
 * a subquery would name the subquery's own `id`.
 */
const listedPlanId = sql.raw('"daily_plan"."id"');

const planColumns = {
  id: dailyPlans.id,
  code: dailyPlans.code,
  firstDay: dailyPlans.firstDay,
  days: dailyPlans.days,
  status: dailyPlans.status,
  remark: dailyPlans.remark,
  creationTime: dailyPlans.creationTime,
  lastModificationTime: dailyPlans.lastModificationTime,
  cutPlanCodes: sql<string>`coalesce((select string_agg(cp.code, ', ' order by cp.code) from ${dailyPlanCutPlans} dcp join ${cutPlans} cp on cp.id = dcp.cut_plan_id where dcp.daily_plan_id = ${listedPlanId}), '')`,
  jobCount: sql<number>`(select count(*) from ${dailyPlanJobs} j where j.daily_plan_id = ${listedPlanId})`.mapWith(
    Number,
  ),
  unscheduledCount:
    sql<number>`(select count(*) from ${dailyPlanJobs} j where j.daily_plan_id = ${listedPlanId} and not exists (select 1 from ${dailyPlanSlots} s where s.daily_plan_id = j.daily_plan_id and s.job_key = j.key and s.kind = 'work'))`.mapWith(
      Number,
    ),
  tasksDone:
    sql<number>`(select count(*) from ${tasks} t where t.daily_plan_id = ${listedPlanId} and t.status = 'done')`.mapWith(
      Number,
    ),
};

type PlanListRow = Omit<DailyPlan, 'lateOrderCount'>;

const selectPlans = (db: Db | Tx) => db.select(planColumns).from(dailyPlans).$dynamic();

const toPlan = (row: PlanListRow, lateOrderCount: number): DailyPlan => ({
  ...row,
  lateOrderCount,
  creationTime: toIso(row.creationTime),
  lastModificationTime: toIso(row.lastModificationTime),
});

const lateOrders = (schedule: LoadedSchedule) =>
  orderLateness(schedule.input, schedule.slots).filter((order) => (order.daysLate ?? 0) > 0).length;

const PLAN_LIST: ListSpec = {
  searchable: [dailyPlans.code, dailyPlans.remark],
  sortable: {
    code: dailyPlans.code,
    firstDay: dailyPlans.firstDay,
    status: dailyPlans.status,
    creationTime: dailyPlans.creationTime,
  },
  defaultOrder: [desc(dailyPlans.creationTime), desc(dailyPlans.code), asc(dailyPlans.id)],
};

/**
 * A page of the product's schedules: filters on status and on the days they span (a schedule from
 * `firstDay` for `days` days overlaps [dayFrom, dayTo]); the keyword on code and remark. Late orders
 * are counted from each listed schedule's stored slots.
 */
export async function listDailyPlans(db: Db, productId: string, query: ListQuery) {
  const lastDay = sql`(${dailyPlans.firstDay} + (${dailyPlans.days} - 1))`;
  const clauses = listClauses(query, PLAN_LIST, [
    eq(dailyPlans.productId, productId),
    query.status?.length ? inArray(dailyPlans.status, query.status) : undefined,
    query.dayFrom ? gte(lastDay, query.dayFrom) : undefined,
    query.dayTo ? lte(dailyPlans.firstDay, query.dayTo) : undefined,
  ]);
  const page = await fetchPage(selectPlans(db), db.select({ value: count() }).from(dailyPlans).$dynamic(), clauses);
  const items: DailyPlan[] = [];
  for (const row of page.items) {
    const plan = await findDailyPlan(db, productId, row.id);
    items.push(toPlan(row, lateOrders(await loadSchedule(db, plan))));
  }
  return { items, totalCount: page.totalCount };
}

/** `GET /api/dailyPlan/{id}`: what the board draws — jobs with their tasks, slots, the check of them, history. */
export async function dailyPlanDetail(db: Db | Tx, productId: string, id: string): Promise<DailyPlanDetail> {
  const plan = await findDailyPlan(db, productId, id);
  const [row] = await selectPlans(db).where(eq(dailyPlans.id, id));
  const schedule = await loadSchedule(db, plan);
  const { input, jobs, slots, machines } = schedule;
  const planRows = await db
    .select({ id: cutPlans.id, code: cutPlans.code, specs: cutPlans.specs })
    .from(dailyPlanCutPlans)
    .innerJoin(cutPlans, eq(cutPlans.id, dailyPlanCutPlans.cutPlanId))
    .where(eq(dailyPlanCutPlans.dailyPlanId, id))
    .orderBy(asc(cutPlans.code));
  const planCodes = new Map(planRows.map((cutPlan) => [cutPlan.id, cutPlan.code]));
  const taskRows = await db
    .select({ jobId: tasks.jobId, id: tasks.id, code: tasks.code, status: tasks.status })
    .from(tasks)
    .where(eq(tasks.dailyPlanId, id));
  const taskOf = new Map(taskRows.map((task) => [task.jobId, task]));
  // Before release the jobs share the stock among themselves; after it, each task's open need counts.
  const jobMaterial = taskRows.length ? new Map<string, TaskMaterial>() : await scheduleMaterial(db, productId, id);
  const taskMaterial = taskRows.length
    ? await openTaskMaterial(
        db,
        productId,
        planRows.map((cutPlan) => ({ cutPlanId: cutPlan.id })),
      )
    : new Map<string, TaskMaterial>();
  const orderIds = input.orders.map((order) => order.id);
  const orders = await scheduleOrdersOf(db, productId, orderIds);
  const history = await db
    .select({
      fromStatus: dailyPlanHistory.fromStatus,
      toStatus: dailyPlanHistory.toStatus,
      userName: sql<string | null>`coalesce(${dailyPlanHistory.userName}, ${users.name})`,
      time: dailyPlanHistory.time,
      note: dailyPlanHistory.note,
    })
    .from(dailyPlanHistory)
    .leftJoin(users, eq(users.id, dailyPlanHistory.userId))
    .where(eq(dailyPlanHistory.dailyPlanId, id))
    .orderBy(asc(dailyPlanHistory.seq));
  const evaluation = evaluateSchedule(input, slots);
  const latest = latestStarts(input, slots);
  return {
    ...toPlan(row!, evaluation.lateness.filter((order) => (order.daysLate ?? 0) > 0).length),
    timeZone: input.horizon.timeZone,
    cutPlans: planRows,
    machines: machines.map(({ id: machineId, name, serialNumber, spec, operationStatus }) => ({
      id: machineId,
      name,
      serialNumber,
      spec,
      operationStatus,
    })),
    jobs: input.jobs.map((job, index) => {
      const stored = jobs[index]!;
      const task = taskOf.get(stored.id);
      return {
        ...job,
        cutPlanId: stored.cutPlanId,
        cutPlanCode: planCodes.get(stored.cutPlanId) ?? '',
        groupIndex: stored.groupIndex,
        patternIndex: stored.patternIndex,
        orderLineId: stored.orderLineId,
        latestStart: latest.get(job.id) ?? null,
        rebarId: stored.rebarId,
        repetitions: stored.repetitions,
        taskId: task?.id ?? null,
        taskCode: task?.code ?? null,
        taskStatus: task?.status ?? null,
        material: (task ? taskMaterial.get(task.id) : jobMaterial.get(stored.id)) ?? null,
      };
    }),
    slots,
    unscheduled: unscheduledJobs(input, slots),
    evaluation,
    orders,
    history: history.map((entry) => ({ ...entry, time: toIso(entry.time) })),
    optimiseJob: await latestOptimiseJob(db, id),
  };
}
