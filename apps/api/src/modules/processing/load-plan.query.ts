import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { planLoads, truckLimitsOf, type LoadPlanAnswer, type PlannedBundle } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { demandOrderLines, demandOrders, lineDrop, orderDrops } from '../planning/index.ts';
import { expectedBundlesDue, type ExpectedBundle } from './load-plan-expected.query.ts';
import { loadPlanBundles, loadPlanTrucks } from './load-plan.table.ts';
import { truckOfRow } from './load-plan-store.query.ts';
import { bundles } from './processing.table.ts';
import { vehicles } from './vehicle.table.ts';

type Reader = Db | Tx;

/** The product's vehicle or 404. */
export async function vehicleOf(db: Reader, productId: string, vehicleId: string) {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.productId, productId)));
  if (!vehicle) throw new AppError('not_found');
  return vehicle;
}

/** A bundle due on a day as plans take it: `expected` for one the schedule will produce (null: it exists). */
export type DueBundle = PlannedBundle & { expected: ExpectedBundle | null };

/**
 * The bundles due on `date`: the product's finished stock (produced, not delivered, not superseded by a
 * revised bar list) and the bundles its schedule will produce before that day (`expectedBundlesDue`),
 * whose drop is that day. A bundle's drop is its order's drop naming its mark, else the order's drop
 * naming no mark; an order without drops is one drop on its own date. Bundles already in a saved plan's
 * truck that has not left are left out, so two plans never hold the same bundle. The stops are numbered
 * by window, project, order and drop: 1 unloads first.
 */
export async function bundlesDue(db: Reader, productId: string, date: string): Promise<DueBundle[]> {
  const drop = lineDrop();
  const produced = await db
    .select({
      id: bundles.id,
      code: bundles.code,
      orderId: demandOrders.id,
      orderCode: demandOrders.code,
      project: demandOrders.project,
      mark: demandOrderLines.mark,
      length: bundles.length,
      weightGrams: bundles.weightGrams,
      dropSeq: orderDrops.seq,
      site: orderDrops.site,
      window: orderDrops.windowStart,
    })
    .from(bundles)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .leftJoin(orderDrops, drop.join)
    .where(
      and(
        eq(bundles.productId, productId),
        eq(bundles.status, 'produced'),
        isNull(bundles.supersededAt),
        eq(drop.day, date),
        notExists(
          db
            .select({ one: sql`1` })
            .from(loadPlanBundles)
            .innerJoin(loadPlanTrucks, truckOfRow)
            .where(and(eq(loadPlanBundles.bundleId, bundles.id), isNull(loadPlanTrucks.deliveryNoteId))),
        ),
      ),
    );
  const expected = await expectedBundlesDue(db, productId, date, drop);
  const rows = [...produced.map((row) => ({ ...row, task: null, expected: null })), ...expected].sort(
    (a, b) =>
      compareNullsLast(a.window, b.window) ||
      compareNullsLast(a.project, b.project) ||
      compareNullsLast(a.orderCode, b.orderCode) ||
      (a.dropSeq ?? 0) - (b.dropSeq ?? 0) ||
      compareNullsLast(a.code, b.code),
  );
  const drops = new Map<string, number>();
  return rows.map(({ orderId, weightGrams, dropSeq, window: _window, task, ...row }) => {
    const key = `${orderId}|${dropSeq ?? 0}`;
    if (!drops.has(key)) drops.set(key, drops.size + 1);
    return { ...row, weight: Number(weightGrams) / 1000, drop: drops.get(key)!, fromTask: task };
  });
}

function compareNullsLast(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** A delivery day's loads on trucks like `vehicleId`, computed on each read (`POST /api/loadPlan` saves one). */
export async function loadPlanOf(
  db: Reader,
  productId: string,
  query: { date: string; vehicleId: string },
): Promise<LoadPlanAnswer> {
  const vehicle = await vehicleOf(db, productId, query.vehicleId);
  const limits = truckLimitsOf(vehicle);
  const due = (await bundlesDue(db, productId, query.date)).map(({ expected: _expected, ...bundle }) => bundle);
  const plan = planLoads(due, limits);
  return {
    date: query.date,
    vehicle: { id: vehicle.id, code: vehicle.code, name: vehicle.name, ...limits },
    lowerBound: plan.lowerBound,
    trucks: plan.trucks,
    refused: plan.refused,
  };
}
