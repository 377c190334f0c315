import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { FINAL_TASK_STATUSES, type DropView } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { demandOrderLines, demandOrders, orderDrops } from '../planning/index.ts';
import { tagAnswersOf } from './bundle.query.ts';
import { truckOfRow } from './load-plan-store.query.ts';
import { deliveryProofs, deliveryReturns, loadPlanBundles, loadPlans, loadPlanTrucks } from './load-plan.table.ts';
import { bundles, deliveryNotes, taskOutputs, tasks } from './processing.table.ts';
import { vehicles } from './vehicle.table.ts';

/**
 * What the site contact's link shows (any product: the token is the key, like a tag's scan id), or null
 * for an unknown or revoked token. The drop's bundles are its order's bundles of the marks it carries
 * (a drop naming none carries the marks no other drop names), superseded ones left out; `toMake`, those
 * a load plan holds before they are made (while their task may still make them).
 */
export async function dropView(db: Db, token: string): Promise<DropView | null> {
  const [drop] = await db
    .select({
      orderId: orderDrops.orderId,
      orderCode: demandOrders.code,
      project: demandOrders.project,
      site: orderDrops.site,
      date: orderDrops.dropDate,
      windowStart: orderDrops.windowStart,
      windowEnd: orderDrops.windowEnd,
      marks: orderDrops.marks,
    })
    .from(orderDrops)
    .innerJoin(demandOrders, eq(demandOrders.id, orderDrops.orderId))
    .where(eq(orderDrops.shareToken, token));
  if (!drop) return null;
  const carried =
    drop.marks.length > 0
      ? inArray(demandOrderLines.mark, drop.marks)
      : sql`not exists (select 1 from order_drop other where other.order_id = ${drop.orderId} and ${demandOrderLines.mark} = any(other.marks))`;
  const rows = await db
    .select({
      id: bundles.id,
      code: bundles.code,
      note: deliveryNotes.code,
      deliveredAt: deliveryNotes.deliveredAt,
      receivedBy: deliveryProofs.receivedBy,
      receivedAt: deliveryProofs.receivedAt,
      returned: sql<boolean>`exists (select 1 from ${deliveryReturns} r where r.bundle_id = ${bundles.id})`,
    })
    .from(bundles)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .leftJoin(deliveryNotes, eq(deliveryNotes.id, bundles.deliveryNoteId))
    .leftJoin(deliveryProofs, eq(deliveryProofs.deliveryNoteId, bundles.deliveryNoteId))
    .where(and(eq(demandOrderLines.orderId, drop.orderId), isNull(bundles.supersededAt), carried))
    .orderBy(asc(demandOrderLines.mark), asc(bundles.number));
  const ids = rows.map((row) => row.id);
  const tags = await tagAnswersOf(db, ids);
  const planned =
    ids.length === 0
      ? []
      : await db
          .select({
            bundleId: loadPlanBundles.bundleId,
            code: loadPlans.code,
            truck: loadPlanBundles.truck,
            vehicle: vehicles.name,
            loadedAt: loadPlanBundles.loadedAt,
          })
          .from(loadPlanBundles)
          .innerJoin(loadPlans, eq(loadPlans.id, loadPlanBundles.planId))
          .innerJoin(vehicles, eq(vehicles.id, loadPlans.vehicleId))
          .where(inArray(loadPlanBundles.bundleId, ids))
          .orderBy(desc(loadPlans.creationTime));
  const planOf = new Map<string, (typeof planned)[number]>();
  for (const row of planned) if (row.bundleId && !planOf.has(row.bundleId)) planOf.set(row.bundleId, row);
  // Bundles still to be made that a plan already holds: its trucks that have not left, their task not ended.
  const toMake = await db
    .select({
      mark: demandOrderLines.mark,
      task: tasks.code,
      number: sql<number>`${loadPlanBundles.number}`.mapWith(Number),
      count: sql<number>`${loadPlanBundles.count}`.mapWith(Number),
      length: taskOutputs.length,
      pieces: sql<number>`${loadPlanBundles.pieces}`.mapWith(Number),
      weight: sql<number>`${loadPlanBundles.weightGrams} / 1000.0`.mapWith(Number),
      loadPlan: { code: loadPlans.code, truck: loadPlanBundles.truck, vehicle: vehicles.name },
    })
    .from(loadPlanBundles)
    .innerJoin(taskOutputs, eq(taskOutputs.id, loadPlanBundles.taskOutputId))
    .innerJoin(tasks, eq(tasks.id, taskOutputs.taskId))
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, taskOutputs.orderLineId))
    .innerJoin(loadPlans, eq(loadPlans.id, loadPlanBundles.planId))
    .innerJoin(vehicles, eq(vehicles.id, loadPlans.vehicleId))
    .innerJoin(loadPlanTrucks, truckOfRow)
    .where(
      and(
        eq(demandOrderLines.orderId, drop.orderId),
        isNull(demandOrderLines.supersededAt),
        isNull(loadPlanBundles.bundleId),
        notInArray(tasks.status, [...FINAL_TASK_STATUSES]),
        isNull(loadPlanTrucks.deliveryNoteId),
        carried,
      ),
    )
    .orderBy(asc(demandOrderLines.mark), asc(tasks.code), asc(loadPlanBundles.number));
  return {
    toMake,
    orderCode: drop.orderCode,
    project: drop.project,
    site: drop.site,
    date: drop.date,
    windowStart: drop.windowStart,
    windowEnd: drop.windowEnd,
    bundles: rows.flatMap((row) => {
      const tag = tags.get(row.id);
      if (!tag) return [];
      const plan = planOf.get(row.id);
      return [
        {
          ...tag,
          code: row.code,
          loadPlan: plan ? { code: plan.code, truck: plan.truck, vehicle: plan.vehicle } : null,
          loadedAt: toIso(plan?.loadedAt ?? null),
          delivered:
            row.note && row.deliveredAt
              ? {
                  note: row.note,
                  deliveredAt: toIso(row.deliveredAt),
                  receivedBy: row.receivedBy,
                  receivedAt: toIso(row.receivedAt),
                }
              : null,
          returned: row.returned,
        },
      ];
    }),
  };
}
