import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { demandOrderInputSchema, previewBvbs, type DemandOrderInput } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { DEMO_PLANNER } from '../users/index.ts';
import { createDemandOrder, transitionDemandOrder } from './demand-order.command.ts';
import { importContext } from './demand-import.ts';
import { demandOrders } from './planning.table.ts';
import { DEMO_BVBS_FILE, DEMO_ORDER_PRODUCT_CODE, DEMO_ORDERS, type DemoOrder } from './planning.demo.ts';
import { seedActor } from '../../core/tenancy/actor.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const dayAfter = (base: number, days: number) => new Date(base + days * DAY_MS).toISOString().slice(0, 10);

async function demoLines(tx: Tx, productId: string, order: DemoOrder): Promise<DemandOrderInput['lines'] | null> {
  if (order.lines === 'bvbs') {
    const context = await importContext(tx, productId, 'zh-CN');
    const preview = previewBvbs(readFileSync(DEMO_BVBS_FILE, 'utf8'), context);
    if (preview.problems.some((problem) => problem.severity === 'error')) return null;
    return preview.lines.map((line) => ({ ...line, rebarId: line.rebarId ?? '' }));
  }
  const specs = await tx
    .select({ id: rebars.id, diameter: rebars.diameter })
    .from(rebars)
    .where(and(eq(rebars.productId, productId), eq(rebars.grade, 'HRB400E')));
  const specOf = new Map(specs.map((spec) => [spec.diameter, spec.id]));
  if (order.lines.some((line) => !specOf.has(line.diameter))) return null;
  return order.lines.map(({ diameter, ...line }) => ({ ...line, rebarId: specOf.get(diameter) as string }));
}

/**
 * LINE1's demo orders, when it has none: created and moved through the same commands as the API's
 * (codes, weights and history follow the same rules), backdated, by the demo planner. An order whose
 * specs were deleted is left out rather than half made.
 */
export async function seedDemandOrders(
  tx: Tx,
  products: readonly { id: string; code: string; clientId: string }[],
): Promise<void> {
  const product = products.find((each) => each.code === DEMO_ORDER_PRODUCT_CODE);
  if (!product) return;
  const [existing] = await tx
    .select({ id: demandOrders.id })
    .from(demandOrders)
    .where(eq(demandOrders.productId, product.id))
    .limit(1);
  if (existing) return;
  const writer = await seedActor(tx, DEMO_PLANNER.userName, product);
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
  for (const order of DEMO_ORDERS) {
    const lines = await demoLines(tx, product.id, order);
    if (!lines) continue;
    // 09:00 in Shanghai on the day.
    const created = today - order.daysAgo * DAY_MS + HOUR_MS;
    const body = demandOrderInputSchema.parse({
      project: order.project,
      element: order.element,
      customer: order.customer,
      demandDate: dayAfter(created, order.demandInDays),
      priority: order.priority,
      remark: order.remark,
      source: order.lines === 'bvbs' ? 'bvbs' : 'manual',
      lines,
    });
    const id = await createDemandOrder(tx, writer, body, new Date(created).toISOString());
    let step = 0;
    for (const { action, note } of order.actions) {
      step++;
      await transitionDemandOrder(tx, writer, id, action, {
        note: note ?? null,
        time: new Date(created + step * 2 * HOUR_MS).toISOString(),
      });
    }
  }
}
