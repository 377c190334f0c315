import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { DEMO_PLANNER } from '../users/index.ts';
import { demandOrderInputSchema } from '@armature/domain';
import { rebars } from '../master-data/master-data.table.ts';
import { planAndApproveNow } from './cut-plan-now.command.ts';
import { createDemandOrder, transitionDemandOrder } from './demand-order.command.ts';
import { cutPlans } from './cut-plan.table.ts';
import { demandOrders } from './planning.table.ts';
import { DEMO_ORDER_PRODUCT_CODE } from './planning.demo.ts';
import { seedActor, type Actor } from '../../core/tenancy/actor.ts';

/**
 * A confirmed order of short Φ20 bars, made with the plan: pieces the demo's 3 m Φ20 offcuts (tail
 * stock) can give, so that the demo plan shows offcuts used first.
 */
const DEMO_PLAN_ORDER = {
  project: '滨江花园 3#楼',
  element: '三层柱 KZ3 拉筋与短筋',
  customer: '王工 138 0000 1234',
  priority: 'normal',
  remark: '演示：Φ20 短料由余料下料',
  lines: [
    { mark: 'KZ3-1', diameter: 20, length: 1450, members: 4, barsPerMember: 6 },
    { mark: 'KZ3-2', diameter: 20, length: 2850, members: 2, barsPerMember: 3 },
  ],
} as const;

/** The demo plan is solved here, in the seed's transaction: briefly (seeding is not a request). */
const DEMO_TIME_LIMIT_S = 1;
/** …and each group for a few tenths of a second: every test database is seeded. */
const DEMO_SOLVE_S = 0.3;

/**
 * LINE1's demo cutting plan, when it has none: made by the demo planner from the confirmed demo
 * orders, solved in place with the demo stock (raw bars, a few offcuts, purchases) and approved, so
 * that its stock is reserved and its orders planned, through the same commands as the API's.
 */
export async function seedCutPlans(
  tx: Tx,
  products: readonly { id: string; code: string; clientId: string }[],
): Promise<void> {
  const product = products.find((each) => each.code === DEMO_ORDER_PRODUCT_CODE);
  if (!product) return;
  const [existing] = await tx
    .select({ id: cutPlans.id })
    .from(cutPlans)
    .where(eq(cutPlans.productId, product.id))
    .limit(1);
  if (existing) return;
  const writer = await seedActor(tx, DEMO_PLANNER.userName, product);
  const [spec] = await tx
    .select({ id: rebars.id })
    .from(rebars)
    .where(and(eq(rebars.productId, product.id), eq(rebars.grade, 'HRB400E'), eq(rebars.diameter, 20)));
  const [made] = await tx
    .select({ id: demandOrders.id })
    .from(demandOrders)
    .where(and(eq(demandOrders.productId, product.id), eq(demandOrders.element, DEMO_PLAN_ORDER.element)))
    .limit(1);
  if (spec && !made) {
    const at = new Date(Date.now() - 6 * 60 * 60 * 1000).toISOString();
    const orderId = await createDemandOrder(
      tx,
      writer,
      demandOrderInputSchema.parse({
        ...DEMO_PLAN_ORDER,
        demandDate: new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
        lines: DEMO_PLAN_ORDER.lines.map(({ diameter: _diameter, ...line }) => ({ ...line, rebarId: spec.id })),
      }),
      at,
    );
    await transitionDemandOrder(tx, writer, orderId, 'confirm', { time: at });
  }
  const confirmed = await tx
    .select({ id: demandOrders.id })
    .from(demandOrders)
    .where(and(eq(demandOrders.productId, product.id), eq(demandOrders.status, 'confirmed')));
  if (!confirmed.length) return;
  await approvedDemoPlan(tx, writer, {
    demandOrderIds: confirmed.map((order) => order.id),
    sources: { raw: true, tails: true, purchase: true },
    remark: '演示方案：库存原材与余料优先',
  });
}

/**
 * A demo cutting plan of these orders, solved in place (briefly) on the stock as it is in this
 * transaction and approved, so its reservation cannot fail. Demo data never stops a start: nothing
 * left to plan answers null and leaves no plan; an unsound result (it is checked) null and a draft.
 */
export async function approvedDemoPlan(
  tx: Tx,
  writer: Actor,
  body: { demandOrderIds: string[]; sources: { raw: boolean; tails: boolean; purchase: boolean }; remark: string },
): Promise<string | null> {
  try {
    const { planId, problems } = await planAndApproveNow(
      tx,
      writer,
      { ...body, timeLimitS: DEMO_TIME_LIMIT_S },
      { solveSeconds: DEMO_SOLVE_S },
    );
    return problems.length ? null : planId;
  } catch (error) {
    // Refused before writing anything (nothing left to plan in a database that was used).
    if (error instanceof AppError) return null;
    throw error;
  }
}
