import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { bundleSizes, newBundleCode } from '@armature/domain';
import type { App } from '../src/app.ts';
import { products } from '../src/core/crud/resources.table.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { equipment } from '../src/modules/equipment/index.ts';
import { cutPlans, demandOrderLines, demandOrders } from '../src/modules/planning/index.ts';
import { bundles, dailyPlanJobs, dailyPlans, tasks } from '../src/modules/processing/index.ts';
import { applyStockMoves } from '../src/modules/stock/index.ts';
import { rebars } from '../src/modules/master-data/master-data.table.ts';

export type ProducedBundle = { id: string; scanId: string; pieces: number; number: number; count: number };

let sequence = 0;

type Scope = { clientId: string; productId: string };

/** The first line of a demo order under way (confirmed or planned) in the product. */
async function orderLineOf(app: App, scope: Scope) {
  const [line] = await app.db
    .select({ line: demandOrderLines, order: demandOrders, grade: rebars.grade, diameter: rebars.diameter })
    .from(demandOrderLines)
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .innerJoin(rebars, eq(rebars.id, demandOrderLines.rebarId))
    .where(and(eq(demandOrders.productId, scope.productId), inArray(demandOrders.status, ['confirmed', 'planned'])))
    .orderBy(asc(demandOrders.code), asc(demandOrderLines.lineNo))
    .limit(1);
  return line;
}

/** A product without demo orders (LINE2) gets a confirmed order of one bent line. */
async function newOrderLine(app: App, scope: Scope) {
  const [spec] = await app.db.select().from(rebars).where(eq(rebars.productId, scope.productId)).limit(1);
  if (!spec) throw new Error('the product has no rebar spec');
  const [order] = await app.db
    .insert(demandOrders)
    .values({ ...scope, code: `DOT${++sequence}`, project: '测试工程', demandDate: '2026-12-01', status: 'confirmed' })
    .returning();
  await app.db.insert(demandOrderLines).values({
    ...scope,
    orderId: order!.id,
    lineNo: 1,
    mark: 'L2-1',
    rebarId: spec.id,
    length: 1200,
    members: 1,
    barsPerMember: 5,
    quantity: 5,
    weightGrams: 5000,
    geometry: [
      { length: 400, angle: 90 },
      { length: 800, angle: 0 },
    ],
  });
  return (await orderLineOf(app, scope))!;
}

async function cutPlanOf(app: App, productId: string) {
  const [plan] = await app.db.select().from(cutPlans).where(eq(cutPlans.productId, productId)).limit(1);
  return plan;
}

/** The schedule's job needs a cutting plan: a bare one where the product has none. */
async function newCutPlan(app: App, scope: Scope) {
  const [plan] = await app.db
    .insert(cutPlans)
    .values({
      ...scope,
      code: `CPT${++sequence}`,
      planDate: '2026-11-22',
      status: 'done',
      specs: '',
      kerf: 0,
      endTrim: 0,
      minTailLength: 0,
      wasteLength: 0,
      sources: { raw: true, tails: true, purchase: true },
      timeLimitS: 1,
      ordersFingerprint: '',
    })
    .returning();
  return plan!;
}

/**
 * What a finished task leaves behind until tasks complete through the API: in the product `productCode`,
 * a done task (with the minimal schedule and job it needs) that made `pieces` pieces of the first line
 * of a confirmed demo order, bundled `perBundle` at a time (scan ids as the shop floor makes them:
 * 16 random bytes, base64url), and those pieces in finished stock for that order line.
 */
export async function producedBundles(
  app: App,
  {
    productCode = 'LINE1',
    pieces = 10,
    perBundle = 4,
  }: { productCode?: string; pieces?: number; perBundle?: number } = {},
) {
  const db = app.db;
  const [product] = await db.select().from(products).where(eq(products.code, productCode));
  if (!product) throw new Error(`no product ${productCode}`);
  const scope = { clientId: product.clientId, productId: product.id };
  const line = (await orderLineOf(app, scope)) ?? (await newOrderLine(app, scope));
  const plan = (await cutPlanOf(app, product.id)) ?? (await newCutPlan(app, scope));
  const [machine] = await db.select().from(equipment).where(eq(equipment.productId, product.id)).limit(1);
  const [technique] = await db.select().from(techniques).limit(1);
  if (!machine || !technique) throw new Error(`${productCode} has no machine`);

  const gramsPerPiece = Math.round(line.line.weightGrams / line.line.quantity);
  const n = ++sequence;
  const now = new Date().toISOString();
  const [schedule] = await db
    .insert(dailyPlans)
    .values({
      ...scope,
      code: `DPT${n}`,
      firstDay: now.slice(0, 10),
      days: 1,
      machineIds: [machine.id],
      status: 'done',
    })
    .returning();
  const [job] = await db
    .insert(dailyPlanJobs)
    .values({
      ...scope,
      dailyPlanId: schedule!.id,
      key: `job${n}`,
      kind: 'cut',
      label: line.line.mark,
      cutPlanId: plan.id,
      groupIndex: 0,
      patternIndex: 0,
      techniqueId: technique.id,
      rebarId: line.line.rebarId,
      diameter: line.diameter,
      grade: line.grade,
      repetitions: 1,
      pieces,
      // A schedule's job always weighs something: listing schedules checks it.
      weightGrams: gramsPerPiece * pieces,
      orderIds: [line.order.id],
      orderLineIds: [line.line.id],
    })
    .returning();
  const [task] = await db
    .insert(tasks)
    .values({
      ...scope,
      code: `TKT${n}`,
      dailyPlanId: schedule!.id,
      jobId: job!.id,
      equipmentId: machine.id,
      kind: 'cut',
      status: 'done',
      repetitions: 1,
      done: 1,
      plannedStart: now,
      plannedEnd: now,
      finishedAt: now,
    })
    .returning();
  const sizes = bundleSizes(pieces, perBundle);
  const made = await db
    .insert(bundles)
    .values(
      sizes.map((size, index) => ({
        ...scope,
        scanId: randomBytes(16).toString('base64url'),
        code: newBundleCode(randomBytes),
        taskId: task!.id,
        orderLineId: line.line.id,
        length: line.line.length,
        number: index + 1,
        count: sizes.length,
        pieces: size,
        weightGrams: gramsPerPiece * size,
        producedAt: now,
      })),
    )
    .returning();
  await db.transaction((tx) =>
    applyStockMoves(tx, {
      scope,
      operator: { id: null, name: null },
      source: { type: 'task', id: task!.id, code: task!.code },
      moves: [
        {
          kind: 'finished',
          direction: 'in',
          rebarId: line.line.rebarId,
          length: line.line.length,
          orderLineId: line.line.id,
          quantity: pieces,
          reason: 'production',
        },
      ],
    }),
  );
  return {
    product,
    task: task!,
    line: {
      ...line.line,
      orderCode: line.order.code,
      project: line.order.project,
      grade: line.grade,
      diameter: line.diameter,
    },
    bundles: made
      .sort((a, b) => a.number - b.number)
      .map((row): ProducedBundle => ({
        id: row.id,
        scanId: row.scanId,
        pieces: row.pieces,
        number: row.number,
        count: row.count,
      })),
  };
}
