import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { isFinalTaskStatus, truckLimitsOf, type SavedLoadPlan, type TaskStatus } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { demandOrderLines, demandOrders } from '../planning/index.ts';
import { loadPlanBundles, loadPlans, loadPlanTrucks } from './load-plan.table.ts';
import { bundles, deliveryNotes, taskOutputs, tasks } from './processing.table.ts';
import { vehicles } from './vehicle.table.ts';

type Reader = Db | Tx;

/** Joins a plan row to its truck (whose delivery note says whether it has left). */
export const truckOfRow = and(
  eq(loadPlanTrucks.planId, loadPlanBundles.planId),
  eq(loadPlanTrucks.truck, loadPlanBundles.truck),
)!;

/** A saved plan's row (of the product) or 404; locked for writing when asked. */
export async function loadPlanRow(db: Reader, productId: string, planId: string, lock = false) {
  const query = db
    .select()
    .from(loadPlans)
    .where(and(eq(loadPlans.id, planId), eq(loadPlans.productId, productId)));
  const [plan] = lock ? await query.for('update') : await query;
  if (!plan) throw new AppError('not_found');
  return plan;
}

/**
 * The plan row of the bundle the screens call `id`: the bundle's own id, or for a bundle not produced yet
 * the row's (`expectedBundleId`).
 */
export function planRowIs(id: string) {
  return or(eq(loadPlanBundles.bundleId, id), and(isNull(loadPlanBundles.bundleId), eq(loadPlanBundles.id, id)))!;
}

/**
 * Why a plan row awaiting its bundle will never get it: its task was cancelled, or ended (done or failed)
 * without making bundle `number` (completion links the bundles it made); null while the task may still make
 * it, and for a row superseded with its line (the planner must remove that one, as a superseded bundle).
 */
function willNotBeMadeOf(taskStatus: TaskStatus | null, superseded: boolean) {
  if (taskStatus === null || superseded || !isFinalTaskStatus(taskStatus)) return null;
  return taskStatus === 'cancelled' ? ('taskCancelled' as const) : ('taskEndedShort' as const);
}

/**
 * A plan's bundles with what the drawing, the moves and the scans need, by truck, bay and position. A
 * bundle not produced yet reads as planned (its task output's line and length, its planned weight, no scan
 * id) and is named `TK… n/N` by its task; superseded when its line is; `willNotBeMade` once its task can
 * no longer make it.
 */
export async function planBundles(db: Reader, planId: string) {
  const rows = await db
    .select({
      id: sql<string>`coalesce(${bundles.id}, ${loadPlanBundles.id})`,
      bundleId: loadPlanBundles.bundleId,
      scanId: bundles.scanId,
      code: bundles.code,
      task: tasks.code,
      taskStatus: tasks.status,
      orderCode: demandOrders.code,
      project: demandOrders.project,
      mark: demandOrderLines.mark,
      length: sql<number>`coalesce(${bundles.length}, ${taskOutputs.length})`.mapWith(Number),
      weight: sql<number>`coalesce(${bundles.weightGrams}, ${loadPlanBundles.weightGrams}) / 1000.0`.mapWith(Number),
      drop: loadPlanBundles.drop,
      site: loadPlanBundles.site,
      truck: loadPlanBundles.truck,
      bay: loadPlanBundles.bay,
      position: loadPlanBundles.position,
      loadedAt: loadPlanBundles.loadedAt,
      loaderId: loadPlanBundles.loaderId,
      supersededAt: sql<unknown>`case when ${bundles.id} is null then ${demandOrderLines.supersededAt} else ${bundles.supersededAt} end`,
      taskOutputId: loadPlanBundles.taskOutputId,
      number: loadPlanBundles.number,
      count: loadPlanBundles.count,
      pieces: loadPlanBundles.pieces,
      weightGrams: loadPlanBundles.weightGrams,
    })
    .from(loadPlanBundles)
    .leftJoin(bundles, eq(bundles.id, loadPlanBundles.bundleId))
    .leftJoin(taskOutputs, eq(taskOutputs.id, loadPlanBundles.taskOutputId))
    .leftJoin(tasks, eq(tasks.id, taskOutputs.taskId))
    .innerJoin(
      demandOrderLines,
      eq(demandOrderLines.id, sql`coalesce(${bundles.orderLineId}, ${taskOutputs.orderLineId})`),
    )
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .where(eq(loadPlanBundles.planId, planId))
    .orderBy(asc(loadPlanBundles.truck), asc(loadPlanBundles.bay), asc(loadPlanBundles.position));
  return rows.map(({ taskOutputId, number, count, pieces, weightGrams, code, task, taskStatus, ...row }) => {
    const expected =
      taskOutputId !== null && number !== null && count !== null && pieces !== null && weightGrams !== null
        ? { taskOutputId, number, count, pieces, weightGrams }
        : null;
    const produced = row.bundleId !== null;
    return {
      ...row,
      code: code ?? `${task} ${number}/${count}`,
      fromTask: produced ? null : task,
      expected: produced ? null : expected,
      willNotBeMade: produced ? null : willNotBeMadeOf(taskStatus, row.supersededAt !== null),
    };
  });
}
export type PlanBundle = Awaited<ReturnType<typeof planBundles>>[number];

/** A saved plan as the screen draws it: each truck's bays, weights, and how many bundles are on. */
export async function savedLoadPlan(db: Reader, productId: string, planId: string): Promise<SavedLoadPlan> {
  const plan = await loadPlanRow(db, productId, planId);
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, plan.vehicleId));
  if (!vehicle) throw new Error('load plan without its vehicle');
  const limits = truckLimitsOf(vehicle);
  const trucks = await db
    .select({ truck: loadPlanTrucks.truck, noteId: deliveryNotes.id, noteCode: deliveryNotes.code })
    .from(loadPlanTrucks)
    .leftJoin(deliveryNotes, eq(deliveryNotes.id, loadPlanTrucks.deliveryNoteId))
    .where(eq(loadPlanTrucks.planId, planId))
    .orderBy(asc(loadPlanTrucks.truck));
  const rows = await planBundles(db, planId);
  return {
    id: plan.id,
    code: plan.code,
    date: plan.planDate,
    vehicle: { id: vehicle.id, code: vehicle.code, name: vehicle.name, ...limits },
    lowerBound: plan.lowerBound,
    trucks: trucks.map(({ truck, noteId, noteCode }) => {
      const on = rows.filter((row) => row.truck === truck);
      const riding = on.filter((row) => row.willNotBeMade === null);
      const bays = Array.from({ length: limits.bays }, (_, bay) =>
        on
          .filter((row) => row.bay === bay)
          .map(
            ({
              truck: _t,
              bay: _b,
              position: _p,
              scanId: _s,
              loaderId: _l,
              bundleId: _i,
              expected: _e,
              loadedAt,
              supersededAt,
              ...bundle
            }) => ({
              ...bundle,
              loadedAt: toIso(loadedAt),
              superseded: supersededAt !== null,
            }),
          ),
      );
      return {
        truck,
        weight: Math.round(riding.reduce((sum, row) => sum + row.weight, 0) * 1000) / 1000,
        planned: riding.length,
        loaded: on.filter((row) => row.loadedAt !== null).length,
        deliveryNote: noteId && noteCode ? { id: noteId, code: noteCode } : null,
        bays,
      };
    }),
  };
}

/** The product's saved plans, newest day first (of one day when asked). */
export async function listLoadPlans(db: Reader, productId: string, date: string | undefined) {
  const rows = await db
    .select({
      id: loadPlans.id,
      code: loadPlans.code,
      date: loadPlans.planDate,
      vehicleName: vehicles.name,
      lowerBound: loadPlans.lowerBound,
      trucks: sql<number>`(select count(*) from load_plan_truck t where t.plan_id = ${loadPlans.id})`.mapWith(Number),
    })
    .from(loadPlans)
    .innerJoin(vehicles, eq(vehicles.id, loadPlans.vehicleId))
    .where(and(eq(loadPlans.productId, productId), date ? eq(loadPlans.planDate, date) : undefined))
    .orderBy(desc(loadPlans.planDate), desc(loadPlans.code))
    .limit(200);
  return rows;
}
