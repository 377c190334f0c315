import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  LOAD_MOVE_REASON_LABELS,
  layTruck,
  moveBundle,
  planLoads,
  truckLimitsOf,
  type LoadBundle,
  type TruckLimits,
  type TruckLoad,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { bundlesDue, vehicleOf } from './load-plan.query.ts';
import type { ExpectedBundle } from './load-plan-expected.query.ts';
import { loadPlanRow, planBundles, planRowIs, truckOfRow, type PlanBundle } from './load-plan-store.query.ts';
import { loadPlanBundles, loadPlans, loadPlanTrucks } from './load-plan.table.ts';
import { bundles, taskOutputs } from './processing.table.ts';
import { vehicles } from './vehicle.table.ts';

/** The code prefix of saved load plans (`LP20261130-0001`). */
export const LOAD_PLAN_PREFIX = 'LP';

type Placed = LoadBundle & {
  site: string | null;
  loadedAt: string | null;
  loaderId: string | null;
  /** The bundle once it exists (an expected one's `id` is its `expectedBundleId`). */
  bundleId: string | null;
  expected: ExpectedBundle | null;
};

/** Rows for a plan's trucks, bay by bay in loading position; an expected bundle's row keeps its id. */
function rowsOf(planId: string, trucks: readonly TruckLoad<Placed>[], first = 1) {
  return trucks.flatMap((load, index) =>
    load.bays.flatMap((bay, bayIndex) =>
      bay.map((bundle, position) => ({
        ...(bundle.bundleId === null ? { id: bundle.id } : {}),
        planId,
        bundleId: bundle.bundleId,
        taskOutputId: bundle.expected?.taskOutputId ?? null,
        number: bundle.expected?.number ?? null,
        count: bundle.expected?.count ?? null,
        pieces: bundle.expected?.pieces ?? null,
        weightGrams: bundle.expected?.weightGrams ?? null,
        truck: first + index,
        bay: bayIndex,
        position,
        drop: bundle.drop,
        site: bundle.site,
        loadedAt: bundle.loadedAt,
        loaderId: bundle.loaderId,
      })),
    ),
  );
}

/**
 * Saves the day's packing on trucks like the vehicle: the bundles due that day (those produced and those
 * the schedule will produce before it) and in no other open plan, packed by `planLoads` (bundles no such
 * truck carries are left out; the live plan names them). The chosen bundles and task outputs are locked
 * and checked again, so two plans saved at once never share one (409).
 */
export async function createLoadPlan(
  tx: Tx,
  writer: Actor,
  input: { date: string; vehicleId: string },
): Promise<string> {
  const { scope } = writer;
  const vehicle = await vehicleOf(tx, scope.productId, input.vehicleId);
  const due = await bundlesDue(tx, scope.productId, input.date);
  const ids = due.map((bundle) => bundle.id);
  if (ids.length > 0) {
    const produced = due.filter((bundle) => !bundle.expected).map((bundle) => bundle.id);
    const outputs = [...new Set(due.flatMap((bundle) => (bundle.expected ? [bundle.expected.taskOutputId] : [])))];
    // In id order, so that two plans saved at once wait for each other instead of deadlocking.
    for (const [table, list] of [
      [bundles, produced],
      [taskOutputs, outputs],
    ] as const)
      if (list.length > 0)
        await tx.select({ id: table.id }).from(table).where(inArray(table.id, list)).orderBy(table.id).for('update');
    const again = new Set((await bundlesDue(tx, scope.productId, input.date)).map((bundle) => bundle.id));
    if (ids.some((id) => !again.has(id))) throw new AppError('conflict');
  }
  const plan = planLoads(
    due.map((bundle) => ({
      ...bundle,
      bundleId: bundle.expected ? null : bundle.id,
      loadedAt: null,
      loaderId: null,
    })),
    truckLimitsOf(vehicle),
  );
  const now = isoNow();
  const [row] = await tx
    .insert(loadPlans)
    .values({
      ...scope,
      code: await nextDocumentCode(tx, scope.productId, LOAD_PLAN_PREFIX),
      planDate: input.date,
      vehicleId: vehicle.id,
      lowerBound: plan.lowerBound,
      creatorId: writer.user.id,
      creationTime: now,
    })
    .returning({ id: loadPlans.id });
  if (!row) throw new Error('load plan insert returned no row');
  if (plan.trucks.length > 0) {
    await tx.insert(loadPlanTrucks).values(plan.trucks.map((_, index) => ({ planId: row.id, truck: index + 1 })));
    await tx.insert(loadPlanBundles).values(rowsOf(row.id, plan.trucks));
  }
  return row.id;
}

/** The trucks of a plan as the domain's loads (every truck numbered up to the plan's last). */
function loadsOf(rows: readonly PlanBundle[], count: number, limits: TruckLimits): TruckLoad<Placed>[] {
  return Array.from({ length: count }, (_, index) => {
    const on = rows.filter((row) => row.truck === index + 1);
    const bays = Array.from({ length: limits.bays }, (_, bay) =>
      on
        .filter((row) => row.bay === bay)
        .map((row) => ({
          id: row.id,
          length: row.length,
          weight: row.weight,
          drop: row.drop,
          site: row.site,
          loadedAt: row.loadedAt,
          loaderId: row.loaderId,
          bundleId: row.bundleId,
          expected: row.expected,
        })),
    );
    return { bays, weight: on.reduce((sum, row) => sum + row.weight, 0) };
  });
}

/**
 * The planner's move of a bundle to another truck (`truck` = count + 1 opens one). Refused (409) when the
 * target is over its payload, out of room in its bays or shorter than the bundle, and when the bundle is
 * already scanned on or either truck has left. Both trucks are laid out again; the others keep theirs.
 */
export async function moveLoadBundle(
  tx: Tx,
  productId: string,
  planId: string,
  input: { bundleId: string; truck: number },
): Promise<void> {
  const plan = await loadPlanRow(tx, productId, planId, true);
  const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, plan.vehicleId));
  const limits = truckLimitsOf(vehicle!);
  const rows = await planBundles(tx, planId);
  const trucks = await tx
    .select({ truck: loadPlanTrucks.truck, shipped: loadPlanTrucks.deliveryNoteId })
    .from(loadPlanTrucks)
    .where(eq(loadPlanTrucks.planId, planId));
  const bundle = rows.find((row) => row.id === input.bundleId);
  if (!bundle || input.truck > trucks.length + 1) throw new AppError('not_found');
  const refuse = (reason: keyof typeof LOAD_MOVE_REASON_LABELS) =>
    new AppError('load_move_refused', { truck: input.truck, reason: LOAD_MOVE_REASON_LABELS[reason] });
  const shipped = new Set(trucks.filter((truck) => truck.shipped).map((truck) => truck.truck));
  if (shipped.has(bundle.truck) || shipped.has(input.truck)) throw refuse('shipped');
  if (bundle.loadedAt) throw refuse('loaded');
  const loads = loadsOf(rows, trucks.length, limits);
  const moved = moveBundle(loads, bundle.id, input.truck - 1, limits);
  if ('refused' in moved) throw refuse(moved.refused);
  const from = bundle.truck;
  const to = input.truck;
  if (from === to) return;
  // `moveBundle` said yes; the plan keeps its truck numbers (a truck may be under way, or empty), so the
  // source keeps its layout less the bundle and only the target is laid out again.
  const source = loads[from - 1]!;
  const lightened = { bays: source.bays.map((bay) => bay.filter((b) => b.id !== bundle.id)), weight: 0 };
  const target = layTruck(
    [...(loads[to - 1]?.bays.flat() ?? []), source.bays.flat().find((b) => b.id === bundle.id)!],
    limits,
  );
  if (!target) throw refuse('bays');
  const next = { [from]: lightened, [to]: target };
  if (to > trucks.length) await tx.insert(loadPlanTrucks).values({ planId, truck: to });
  await tx
    .delete(loadPlanBundles)
    .where(and(eq(loadPlanBundles.planId, planId), inArray(loadPlanBundles.truck, [from, to])));
  const changed = rowsOf(planId, [next[from]!], from).concat(rowsOf(planId, [next[to]!], to));
  if (changed.length > 0) await tx.insert(loadPlanBundles).values(changed);
}

/**
 * The planner's "remove from plan": the bundle leaves the plan (even scanned on: it is taken off the
 * truck), so its truck can be completed without it — the way out for a bundle superseded after planning,
 * which loading refuses. Refused (409) once its truck has left. A bundle removed and still deliverable is
 * due again: the live plan and the next saved plan of its day take it.
 */
export async function removeLoadBundle(tx: Tx, productId: string, planId: string, bundleId: string): Promise<void> {
  await loadPlanRow(tx, productId, planId, true);
  const [placed] = await tx
    .select({ truck: loadPlanBundles.truck, shipped: loadPlanTrucks.deliveryNoteId })
    .from(loadPlanBundles)
    .innerJoin(loadPlanTrucks, truckOfRow)
    .where(and(eq(loadPlanBundles.planId, planId), planRowIs(bundleId)));
  if (!placed) throw new AppError('not_found');
  if (placed.shipped)
    throw new AppError('load_move_refused', { truck: placed.truck, reason: LOAD_MOVE_REASON_LABELS.shipped });
  await tx.delete(loadPlanBundles).where(and(eq(loadPlanBundles.planId, planId), planRowIs(bundleId)));
}

/** Deletes a plan nobody has started loading (409 `load_plan_started` once a bundle is scanned on). */
export async function deleteLoadPlan(tx: Tx, productId: string, planId: string): Promise<void> {
  const plan = await loadPlanRow(tx, productId, planId, true);
  const [started] = await tx
    .select({ id: loadPlanBundles.id })
    .from(loadPlanBundles)
    .where(and(eq(loadPlanBundles.planId, planId), isNotNull(loadPlanBundles.loadedAt)))
    .limit(1);
  const [left] = await tx
    .select({ truck: loadPlanTrucks.truck })
    .from(loadPlanTrucks)
    .where(and(eq(loadPlanTrucks.planId, planId), isNotNull(loadPlanTrucks.deliveryNoteId)))
    .limit(1);
  if (started || left) throw new AppError('load_plan_started', { code: plan.code });
  await tx.delete(loadPlans).where(eq(loadPlans.id, planId));
}
