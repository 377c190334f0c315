import { and, eq, inArray } from 'drizzle-orm';
import {
  demandOrderInputSchema,
  specUnitWeight,
  type PlanGroup,
  type PlanPattern,
  type PlanTotals,
} from '@armature/domain';
import type { Db, Tx } from '../../src/core/db/client.ts';
import { products } from '../../src/core/crud/resources.table.ts';
import { rebars, techniques } from '../../src/modules/master-data/master-data.table.ts';
import { users } from '../../src/core/auth/users.table.ts';
import { nextDocumentCode } from '../../src/core/db/document-code.ts';
import { equipment } from '../../src/modules/equipment/index.ts';
import { cutPlanRuns, cutPlans, demandOrderLines } from '../../src/modules/planning/index.ts';
import { approveCutPlan, createCutPlan, startRun } from '../../src/modules/planning/cut-plan.command.ts';
import { createDemandOrder, transitionDemandOrder } from '../../src/modules/planning/demand-order.command.ts';
import {
  dailyPlanCutPlans,
  dailyPlanJobs,
  dailyPlans,
  taskOutputs,
  tasks,
} from '../../src/modules/processing/index.ts';
import { applyStockMoves } from '../../src/modules/stock/index.ts';
import { DEMO_PLANNER } from '../../src/modules/users/index.ts';
import type { Actor } from '../../src/core/tenancy/actor.ts';

/**
 * A released daily schedule of one approved cutting plan, as releasing a schedule would leave it,
 * written straight into the database (the schedule's own release is another area's): an order of a
 * straight line A (3000 mm × 20, bundles of 8) and a bent line B (2500 mm × 2); stock for it; a plan
 * of three Φ12 patterns — 5 raw 12 m bars of heat `{tag}R` cut 3 × A (the offcut a reusable tail), 2
 * offcuts of 6 m cut A + B (the offcut waste), 1 purchased bar of `purchaseLength` cut 3 × A (taken
 * from the raw lots `{tag}O`, older, then `{tag}N`) — and four pending tasks: the three cuts on a
 * cutting machine and B's bending, after its cut, on a bender.
 */
export type TaskFixture = Awaited<ReturnType<typeof createTaskFixture>>;

export type TaskFixtureOptions = {
  /** Makes marks, heat numbers and codes of this fixture its own. */
  tag: string;
  /** Raw bars of this length (unique per fixture) stand for the purchased length. */
  purchaseLength: number;
  /** When the tasks are planned to start (ms). */
  plannedStart: number;
  /** Bars of `{tag}O` and `{tag}N` in stock (too few fail the purchased-length cut). */
  purchaseLots?: { old: number; recent: number };
  /** The raw bars' length (12 m when absent): the raw pattern's offcut is what 3 × A leave of it. */
  rawLength?: number;
  /** Lines A and B's lengths (3000 and 2500 mm when absent). */
  lengths?: { a: number; b: number };
  /**
   * The offcut pattern re-uses this tail stock row (an offcut lot) of `length` instead of two fresh 6 m
   * offcuts, and keeps what A + B leave of it (kept as an offcut when long enough).
   */
  tail?: { stockId: string; length: number };
};

const HOUR = 3_600_000;

/** The fixture's run is written, not solved: its totals are not what the tests look at. */
const NO_TOTALS: PlanTotals = {
  demandWeight: 0,
  materialWeight: 0,
  tailWeight: 0,
  wasteWeight: 0,
  useRate: 0,
  wasteRate: 0,
  rawMaterials: [],
  bars: 8,
  cost: 0,
  lowerBound: 0,
  gap: 0,
  optimal: true,
  saving: { kg: 0, percent: 0 },
};

async function plannerOf(tx: Tx, productCode: string): Promise<Actor> {
  const [product] = await tx
    .select({ id: products.id, clientId: products.clientId })
    .from(products)
    .where(eq(products.code, productCode));
  const [planner] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.userName, DEMO_PLANNER.userName));
  if (!product?.clientId || !planner) throw new Error('the demo data is missing');
  return {
    scope: { clientId: product.clientId, productId: product.id },
    user: { id: planner.id, name: planner.name },
    locale: 'en-US',
  };
}

function pattern(fields: Omit<PlanPattern, 'heatNo'> & { heatNo?: string | null }): PlanPattern {
  return { heatNo: null, ...fields };
}

export async function createTaskFixture(db: Db, options: TaskFixtureOptions) {
  return db.transaction(async (tx) => {
    const { tag, purchaseLength, plannedStart } = options;
    const rawLength = options.rawLength ?? 12_000;
    const { a, b } = options.lengths ?? { a: 3000, b: 2500 };
    const writer = await plannerOf(tx, 'LINE1');
    const { productId } = writer.scope;
    const [spec] = await tx
      .select({ id: rebars.id, grade: rebars.grade, diameter: rebars.diameter, unitWeight: rebars.unitWeight })
      .from(rebars)
      .where(and(eq(rebars.productId, productId), eq(rebars.grade, 'HRB400E'), eq(rebars.diameter, 12)));
    if (!spec) throw new Error('no HRB400E Φ12 in LINE1');

    const orderId = await createDemandOrder(
      tx,
      writer,
      demandOrderInputSchema.parse({
        project: `Floor ${tag}`,
        demandDate: '2026-12-20',
        lines: [
          { mark: `${tag}-A`, rebarId: spec.id, length: a, quantity: 20, piecesPerBundle: 8 },
          {
            mark: `${tag}-B`,
            rebarId: spec.id,
            length: b,
            quantity: 2,
            shapeCode: '11',
            geometry: [
              { length: (b * 3) / 5, angle: 90 },
              { length: (b * 2) / 5, angle: 0 },
            ],
            mandrel: 48,
          },
        ],
      }),
    );
    await transitionDemandOrder(tx, writer, orderId, 'confirm');
    const lines = await tx
      .select({ id: demandOrderLines.id, mark: demandOrderLines.mark })
      .from(demandOrderLines)
      .where(eq(demandOrderLines.orderId, orderId));
    const lineA = lines.find((line) => line.mark === `${tag}-A`)!.id;
    const lineB = lines.find((line) => line.mark === `${tag}-B`)!.id;

    const stock = (kind: 'raw' | 'tail', length: number, quantity: number, heatNo: string | null, time?: string) =>
      applyStockMoves(tx, {
        scope: writer.scope,
        operator: writer.user,
        source: { type: 'manual', code: `FX-${tag}` },
        moves: [
          {
            kind,
            direction: 'in',
            rebarId: spec.id,
            length,
            heatNo,
            quantity,
            reason: kind === 'raw' ? 'adjustment' : 'production',
          },
        ],
        time,
      });
    const [raw] = await stock('raw', rawLength, 5, `${tag}R`);
    const tail = options.tail ?? { stockId: (await stock('tail', 6000, 2, null))[0]!.stockId, length: 6000 };
    const lots = options.purchaseLots ?? { old: 1, recent: 5 };
    if (lots.old) await stock('raw', purchaseLength, lots.old, `${tag}O`, new Date(Date.now() - HOUR).toISOString());
    if (lots.recent) await stock('raw', purchaseLength, lots.recent, `${tag}N`);

    const planId = await createCutPlan(tx, writer, {
      orderLineIds: [lineA, lineB],
      sources: { raw: true, tails: true, purchase: true },
      timeLimitS: 1,
      remark: null,
    });
    const [plan] = await tx
      .select({ code: cutPlans.code, minTailLength: cutPlans.minTailLength })
      .from(cutPlans)
      .where(eq(cutPlans.id, planId));
    const { minTailLength } = plan!;
    const patterns: PlanPattern[] = [
      pattern({
        stockLength: rawLength,
        source: 'stock',
        stockId: raw!.stockId,
        heatNo: `${tag}R`,
        count: 5,
        cuts: [{ length: a, count: 3, orderLineId: lineA }],
        offcut: rawLength - 3 * a - 10,
        offcutKind: 'tail',
      }),
      pattern({
        stockLength: tail.length,
        source: 'offcut',
        stockId: tail.stockId,
        count: 2,
        cuts: [
          { length: a, count: 1, orderLineId: lineA },
          { length: b, count: 1, orderLineId: lineB },
        ],
        offcut: options.tail ? tail.length - a - b - 10 : minTailLength - 10,
        offcutKind: options.tail && tail.length - a - b - 10 >= minTailLength ? 'tail' : 'waste',
      }),
      pattern({
        stockLength: purchaseLength,
        source: 'purchase',
        stockId: null,
        count: 1,
        cuts: [{ length: a, count: 3, orderLineId: lineA }],
        offcut: purchaseLength - 3 * a,
        offcutKind: 'waste',
      }),
    ];
    const group: PlanGroup = {
      rebarId: spec.id,
      grade: spec.grade,
      diameter: spec.diameter,
      lowerBound: 0,
      gap: 0,
      optimal: true,
      patterns,
      unplaced: [],
    };
    const { runId } = await startRun(tx, writer, planId, {}, { enqueue: false });
    await tx
      .update(cutPlanRuns)
      .set({ result: { groups: [group], totals: NO_TOTALS } })
      .where(eq(cutPlanRuns.id, runId));
    await approveCutPlan(tx, writer, planId, runId);
    // What releasing a schedule does to its plans.
    await tx.update(cutPlans).set({ status: 'scheduled' }).where(eq(cutPlans.id, planId));

    const machines = await tx
      .select({ id: equipment.id, serialNumber: equipment.serialNumber, shiftCalendar: equipment.shiftCalendar })
      .from(equipment)
      .where(eq(equipment.productId, productId))
      .orderBy(equipment.serialNumber);
    const [cutter, bender] = [machines[0]!, machines[1]!];
    const techniqueRows = await tx
      .select({ id: techniques.id, code: techniques.code })
      .from(techniques)
      .where(inArray(techniques.code, ['CUT', 'BEND']));
    const techniqueOf = (code: string) => techniqueRows.find((row) => row.code === code)!.id;

    const [dailyPlan] = await tx
      .insert(dailyPlans)
      .values({
        ...writer.scope,
        code: await nextDocumentCode(tx, productId, 'DP'),
        firstDay: new Date(plannedStart).toISOString().slice(0, 10),
        days: 1,
        status: 'released',
        machineIds: [cutter.id, bender.id],
      })
      .returning({ id: dailyPlans.id, code: dailyPlans.code });
    await tx
      .insert(dailyPlanCutPlans)
      .values({ ...writer.scope, dailyPlanId: dailyPlan!.id, cutPlanId: planId, runId });

    type Spec = {
      key: string;
      kind: 'cut' | 'bend';
      patternIndex: number;
      machineId: string;
      repetitions: number;
      afterKey?: string;
      orderLineId?: string;
      outputs: { orderLineId: string; length: number; perRepetition: number; finished: 'finished' | 'wip' }[];
    };
    const specs: Spec[] = [
      {
        key: 'cut-0-0',
        kind: 'cut',
        patternIndex: 0,
        machineId: cutter.id,
        repetitions: 5,
        outputs: [{ orderLineId: lineA, length: a, perRepetition: 3, finished: 'finished' }],
      },
      {
        key: 'cut-0-1',
        kind: 'cut',
        patternIndex: 1,
        machineId: cutter.id,
        repetitions: 2,
        outputs: [
          { orderLineId: lineA, length: a, perRepetition: 1, finished: 'finished' },
          { orderLineId: lineB, length: b, perRepetition: 1, finished: 'wip' },
        ],
      },
      {
        key: 'cut-0-2',
        kind: 'cut',
        patternIndex: 2,
        machineId: cutter.id,
        repetitions: 1,
        outputs: [{ orderLineId: lineA, length: a, perRepetition: 3, finished: 'finished' }],
      },
      {
        key: 'bend-0-1',
        kind: 'bend',
        patternIndex: 1,
        machineId: bender.id,
        repetitions: 2,
        afterKey: 'cut-0-1',
        orderLineId: lineB,
        outputs: [{ orderLineId: lineB, length: b, perRepetition: 1, finished: 'finished' }],
      },
    ];
    const made: Record<string, { id: string; code: string }> = {};
    for (const [index, job] of specs.entries()) {
      const pieces = job.outputs.reduce((sum, output) => sum + output.perRepetition * job.repetitions, 0);
      // Weighed as a schedule weighs its jobs (a cut its stock bars, a bend its pieces): never 0 kg.
      const weighedMm =
        job.kind === 'cut'
          ? patterns[job.patternIndex]!.stockLength * job.repetitions
          : job.outputs.reduce((sum, output) => sum + output.length * output.perRepetition * job.repetitions, 0);
      const [row] = await tx
        .insert(dailyPlanJobs)
        .values({
          ...writer.scope,
          dailyPlanId: dailyPlan!.id,
          key: job.key,
          kind: job.kind,
          label: `${plan!.code} ${job.key}`,
          cutPlanId: planId,
          groupIndex: 0,
          patternIndex: job.patternIndex,
          orderLineId: job.orderLineId ?? null,
          techniqueId: techniqueOf(job.kind === 'cut' ? 'CUT' : 'BEND'),
          rebarId: spec.id,
          diameter: spec.diameter,
          grade: spec.grade,
          repetitions: job.repetitions,
          pieces,
          weightGrams: Math.round(specUnitWeight(spec) * weighedMm),
          afterKey: job.afterKey ?? null,
          orderIds: [orderId],
          orderLineIds: [...new Set(job.outputs.map((output) => output.orderLineId))],
        })
        .returning({ id: dailyPlanJobs.id });
      const start = plannedStart + index * HOUR;
      const [task] = await tx
        .insert(tasks)
        .values({
          ...writer.scope,
          code: await nextDocumentCode(tx, productId, 'TK'),
          dailyPlanId: dailyPlan!.id,
          jobId: row!.id,
          equipmentId: job.machineId,
          kind: job.kind,
          repetitions: job.repetitions,
          plannedStart: new Date(start).toISOString(),
          plannedEnd: new Date(start + HOUR / 2).toISOString(),
        })
        .returning({ id: tasks.id, code: tasks.code });
      await tx
        .insert(taskOutputs)
        .values(job.outputs.map((output) => ({ ...writer.scope, taskId: task!.id, ...output })));
      made[job.key] = task!;
    }
    return {
      writer,
      productId,
      rebarId: spec.id,
      orderId,
      lineA,
      lineB,
      cutPlanId: planId,
      cutPlanCode: plan!.code,
      minTailLength,
      dailyPlanId: dailyPlan!.id,
      rawStockId: raw!.stockId,
      tailStockId: tail.stockId,
      cutter,
      bender,
      tasks: { raw: made['cut-0-0']!, tail: made['cut-0-1']!, purchase: made['cut-0-2']!, bend: made['bend-0-1']! },
    };
  });
}
