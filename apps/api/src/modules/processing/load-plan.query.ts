import { and, asc, eq, isNull } from 'drizzle-orm';
import { planLoads, truckLimitsOf, type LoadPlanAnswer, type PlannedBundle } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { demandOrderLines, demandOrders } from '../planning/index.ts';
import { bundles } from './processing.table.ts';
import { vehicles } from './vehicle.table.ts';

type Reader = Db | Tx;

/**
 * A delivery day's loads on trucks like `vehicleId` (issue 37): the product's bundles in finished stock
 * (produced, not delivered, not superseded by a revised bar list) of the orders due that day, packed by
 * `planLoads`. Computed on each read, nothing stored: the day's bundles change as the shop floor works.
 * Until orders have drops, an order is one drop, taken in the order of project and code.
 */
export async function loadPlanOf(
  db: Reader,
  productId: string,
  query: { date: string; vehicleId: string },
): Promise<LoadPlanAnswer> {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, query.vehicleId), eq(vehicles.productId, productId)));
  if (!vehicle) throw new AppError('not_found');
  const rows = await db
    .select({
      id: bundles.id,
      code: bundles.code,
      orderId: demandOrders.id,
      orderCode: demandOrders.code,
      project: demandOrders.project,
      mark: demandOrderLines.mark,
      length: bundles.length,
      weightGrams: bundles.weightGrams,
    })
    .from(bundles)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .where(
      and(
        eq(bundles.productId, productId),
        eq(bundles.status, 'produced'),
        isNull(bundles.supersededAt),
        eq(demandOrders.demandDate, query.date),
      ),
    )
    .orderBy(asc(demandOrders.project), asc(demandOrders.code), asc(bundles.code));
  const drops = new Map<string, number>();
  const planned: PlannedBundle[] = rows.map(({ orderId, weightGrams, ...row }) => {
    if (!drops.has(orderId)) drops.set(orderId, drops.size + 1);
    return { ...row, weight: Number(weightGrams) / 1000, drop: drops.get(orderId)! };
  });
  const limits = truckLimitsOf(vehicle);
  const plan = planLoads(planned, limits);
  return {
    date: query.date,
    vehicle: { id: vehicle.id, code: vehicle.code, name: vehicle.name, ...limits },
    lowerBound: plan.lowerBound,
    trucks: plan.trucks,
    refused: plan.refused,
  };
}
