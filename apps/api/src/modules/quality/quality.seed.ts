import { and, asc, eq, inArray } from 'drizzle-orm';
import { demandOrderInputSchema, nominalUnitWeight, type CheckInput } from '@armature/domain';
import { users } from '../../core/auth/users.table.ts';
import { inspectionTypes, rebars, techniques } from '../master-data/master-data.table.ts';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { approvedDemoPlan, createDemandOrder, demandOrders, transitionDemandOrder } from '../planning/index.ts';
import {
  createDailyPlan,
  dispatchTask,
  releaseDailyPlan,
  reportTask,
  taskOutputs,
  tasks,
  transitionTask,
} from '../processing/index.ts';
import { applyReceiptVerdict, lockReceipt } from '../stock/index.ts';
import { rebarReceives } from '../stock/stock.table.ts';
import { DEMO_ADMIN, DEMO_INSPECTOR, DEMO_OPERATOR, DEMO_PLANNER } from '../users/index.ts';
import { writeInspection } from './inspection-writer.ts';
import { recordProductionInspection } from './production-inspection.ts';
import { inspections } from './quality.table.ts';
import {
  DEMO_CUT_LENGTH_CODE,
  DEMO_HELD_HEAT,
  DEMO_PASSED_HEATS,
  DEMO_PRODUCTION_CHECKS,
  DEMO_QUALITY_DUE_IN_DAYS,
  DEMO_QUALITY_ORDER,
  DEMO_RECEIPT_ENTRIES,
  QUALITY_DEMO_PRODUCT_CODE,
} from './quality.demo.ts';

type Product = { id: string; code: string; clientId: string };
type Person = { id: string; name: string };
type Scope = { clientId: string; productId: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A receipt's checks as the inspector enters them; `failWeight`: the weighed sample is light. */
function receiptChecks(
  characteristics: readonly { id: string; method: keyof typeof DEMO_RECEIPT_ENTRIES }[],
  diameter: number,
  failWeight: boolean,
): CheckInput[] {
  return characteristics.map(({ id, method }) => {
    if (method !== 'weightDeviation') return { inspectionTypeId: id, remark: null, ...DEMO_RECEIPT_ENTRIES[method] };
    const { lengthMm, massRatio, failedMassRatio } = DEMO_RECEIPT_ENTRIES.weightDeviation;
    const ratio = failWeight ? failedMassRatio : massRatio;
    const massKg = Math.round((lengthMm / 1000) * nominalUnitWeight(diameter) * ratio * 1000) / 1000;
    return { inspectionTypeId: id, remark: null, massKg, lengthMm };
  });
}

/**
 * The demo receipts' inspections, two hours after each arrived: the passed heats pass, the held heat
 * fails its weight deviation and its bars go on hold — through the receipt inspection's own writer
 * and verdict. Nothing when the receiving technique's characteristics are gone.
 */
async function inspectReceipts(tx: Tx, scope: Scope, inspector: Person) {
  const characteristics = await tx
    .select({ id: inspectionTypes.id, method: inspectionTypes.method, techniqueId: inspectionTypes.techniqueId })
    .from(inspectionTypes)
    .innerJoin(techniques, eq(techniques.id, inspectionTypes.techniqueId))
    .where(eq(techniques.stage, 'receipt'))
    .orderBy(asc(techniques.code), asc(inspectionTypes.code));
  // An inspection is of one technique: the first receiving technique's characteristics.
  const own = characteristics.filter((each) => each.techniqueId === characteristics[0]?.techniqueId);
  if (!own.length) return;
  const receipts = await tx
    .select({
      id: rebarReceives.id,
      heatNo: rebarReceives.heatNo,
      diameter: rebars.diameter,
      at: rebarReceives.creationTime,
    })
    .from(rebarReceives)
    .innerJoin(rebars, eq(rebars.id, rebarReceives.rebarId))
    .where(
      and(
        eq(rebarReceives.productId, scope.productId),
        eq(rebarReceives.status, 'received'),
        eq(rebarReceives.qualityStatus, 'uninspected'),
        inArray(rebarReceives.heatNo, [...DEMO_PASSED_HEATS, DEMO_HELD_HEAT]),
      ),
    )
    .orderBy(asc(rebarReceives.creationTime));
  for (const receipt of receipts) {
    const locked = await lockReceipt(tx, scope.productId, receipt.id);
    const written = await writeInspection(
      tx,
      { scope, user: inspector },
      { kind: 'receipt', rebarReceiveId: locked.id, rebarId: locked.rebarId, heatNo: locked.heatNo },
      {
        checks: receiptChecks(own, receipt.diameter, receipt.heatNo === DEMO_HELD_HEAT),
        inspectedAt: new Date(Date.parse(receipt.at) + 2 * HOUR_MS).toISOString(),
      },
    );
    await applyReceiptVerdict(tx, { scope, user: inspector, locale: 'zh-CN' }, locked, {
      result: written.result,
      inspectionCode: written.code,
    });
  }
}

/**
 * The demo task: the demo quality order planned on its own (raw bars only), scheduled from today onto
 * the line's machines and released, its cut tasks dispatched (by the release, or by the administrator),
 * run by the operator (a report, then completion: stock moves and bundles as on the shop floor), and the
 * first and the last piece checked by the inspector. Answers nothing: a refusal on the way (no machine, no bars left)
 * leaves the demo without a task rather than stopping the start.
 */
async function runDemoTask(
  tx: Tx,
  scope: Scope,
  people: Record<'planner' | 'admin' | 'operator' | 'inspector', Person>,
) {
  const as = (person: Person) => ({ scope, user: person, locale: 'zh-CN' as const });
  const [made] = await tx
    .select({ id: demandOrders.id })
    .from(demandOrders)
    .where(and(eq(demandOrders.productId, scope.productId), eq(demandOrders.element, DEMO_QUALITY_ORDER.element)))
    .limit(1);
  if (made) return;
  const specs = await tx
    .select({ id: rebars.id, diameter: rebars.diameter })
    .from(rebars)
    .where(and(eq(rebars.productId, scope.productId), eq(rebars.grade, 'HRB400E')));
  const specOf = (diameter: number) => specs.find((spec) => spec.diameter === diameter)?.id;
  if (DEMO_QUALITY_ORDER.lines.some((line) => !specOf(line.diameter))) return;
  const [cutLength] = await tx
    .select({ id: inspectionTypes.id })
    .from(inspectionTypes)
    .where(eq(inspectionTypes.code, DEMO_CUT_LENGTH_CODE));

  const planner = as(people.planner);
  const created = new Date(Date.now() - DAY_MS).toISOString();
  const orderId = await createDemandOrder(
    tx,
    planner,
    demandOrderInputSchema.parse({
      ...DEMO_QUALITY_ORDER,
      demandDate: new Date(Date.now() + DEMO_QUALITY_DUE_IN_DAYS * DAY_MS).toISOString().slice(0, 10),
      lines: DEMO_QUALITY_ORDER.lines.map(({ diameter, ...line }) => ({ ...line, rebarId: specOf(diameter) })),
    }),
    created,
  );
  await transitionDemandOrder(tx, planner, orderId, 'confirm', { time: created });
  const planId = await approvedDemoPlan(tx, planner, {
    demandOrderIds: [orderId],
    sources: { raw: true, tails: false, purchase: false },
    remark: '演示：质量检验',
  });
  if (!planId) return;
  try {
    const dailyPlanId = await createDailyPlan(tx, planner, {
      firstDay: new Date().toISOString().slice(0, 10),
      days: 3,
      cutPlanIds: [planId],
      remark: null,
    });
    await releaseDailyPlan(tx, planner, dailyPlanId);
    const released = await tx
      .select({ id: tasks.id, repetitions: tasks.repetitions, status: tasks.status })
      .from(tasks)
      .where(and(eq(tasks.dailyPlanId, dailyPlanId), eq(tasks.kind, 'cut')))
      .orderBy(asc(tasks.plannedStart), asc(tasks.code));
    const operator = as(people.operator);
    for (const task of released) {
      // A line that dispatches on release has them queued already.
      if (task.status === 'pending') await dispatchTask(tx, as(people.admin), task.id);
      await transitionTask(tx, operator, task.id, 'start');
      await reportTask(tx, operator, task.id, { done: Math.ceil(task.repetitions / 2) }, false);
      await reportTask(tx, operator, task.id, {}, true);
    }
    const [first] = released;
    if (!first || !cutLength) return;
    const outputs = await tx
      .select({ produced: taskOutputs.produced })
      .from(taskOutputs)
      .where(eq(taskOutputs.taskId, first.id));
    const last = outputs.reduce((sum, output) => sum + output.produced, 0);
    for (const check of DEMO_PRODUCTION_CHECKS)
      await recordProductionInspection(tx, as(people.inspector), first.id, {
        pieceNo: check.sample === 'first' ? 1 : last,
        checks: [{ inspectionTypeId: cutLength.id, value: check.value, remark: null }],
        remark: null,
      });
  } catch (error) {
    if (error instanceof AppError) return;
    throw error;
  }
}

/**
 * LINE1's quality demo, once (any inspection of the line means it ran, or the plant records its own):
 * receipts inspected — three passed, one held — and a small order of its own cut on the line's
 * machines with production checks, through the same commands as the API's.
 */
export async function seedQualityDemo(tx: Tx, products: readonly Product[]): Promise<void> {
  const product = products.find((each) => each.code === QUALITY_DEMO_PRODUCT_CODE);
  if (!product) return;
  const [ran] = await tx
    .select({ id: inspections.id })
    .from(inspections)
    .where(eq(inspections.productId, product.id))
    .limit(1);
  if (ran) return;
  const names = [DEMO_PLANNER, DEMO_ADMIN, DEMO_OPERATOR, DEMO_INSPECTOR].map((user) => user.userName);
  const found = await tx
    .select({ id: users.id, name: users.name, userName: users.userName })
    .from(users)
    .where(inArray(users.userName, names));
  const person = (userName: string) => found.find((user) => user.userName === userName);
  const [planner, admin, operator, inspector] = names.map(person);
  if (!planner || !admin || !operator || !inspector) return;
  const scope = { clientId: product.clientId, productId: product.id };
  try {
    await inspectReceipts(tx, scope, inspector);
  } catch (error) {
    // A characteristic users changed so that it cannot be judged (refused before anything is written).
    if (!(error instanceof AppError)) throw error;
  }
  await runDemoTask(tx, scope, { planner, admin, operator, inspector });
}
