import { and, eq, inArray, min } from 'drizzle-orm';
import { planPurchases, specUnitWeight, type PlanGroup } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { createPurchaseList } from '../stock/index.ts';
import { cutPlanLines } from './cut-plan.table.ts';
import { demandOrders } from './planning.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/**
 * The purchase list of a plan being approved with these groups: what it buys per spec and length,
 * needed by the earliest due date of its orders (a schedule moves it to its first task's day). No
 * list when the plan buys nothing.
 */
export async function listPlanPurchases(
  tx: Tx,
  writer: Actor,
  plan: { id: string; code: string },
  groups: readonly PlanGroup[],
  at: string,
) {
  const purchases = planPurchases(groups);
  if (!purchases.length) return null;
  const specs = await tx
    .select({ id: rebars.id, diameter: rebars.diameter, unitWeight: rebars.unitWeight })
    .from(rebars)
    .where(
      and(
        eq(rebars.productId, writer.scope.productId),
        inArray(rebars.id, [...new Set(purchases.map((purchase) => purchase.rebarId))]),
      ),
    );
  const unitWeights = new Map(specs.map((spec) => [spec.id, specUnitWeight(spec)]));
  const [due] = await tx
    .select({ day: min(demandOrders.demandDate) })
    .from(demandOrders)
    .innerJoin(cutPlanLines, eq(cutPlanLines.orderId, demandOrders.id))
    .where(eq(cutPlanLines.planId, plan.id));
  return createPurchaseList(
    tx,
    writer,
    plan,
    purchases.map((purchase) => ({ ...purchase, unitWeight: unitWeights.get(purchase.rebarId) ?? 0 })),
    due?.day ?? null,
    at,
  );
}
