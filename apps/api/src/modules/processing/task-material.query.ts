import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import {
  FINAL_TASK_STATUSES,
  materialByNeed,
  missingMaterialText,
  purchaseKey,
  stockRowKey,
  type MaterialNeed,
  type MaterialSupply,
  type PlanPattern,
  type TaskMaterial,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { productSettings, rebars } from '../master-data/master-data.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { cutPlanRuns } from '../planning/index.ts';
import { PURCHASE_RESERVATION, stockReservations, stocks } from '../stock/index.ts';
import { dailyPlanCutPlans, dailyPlanJobs, tasks } from './processing.table.ts';

/** Cut work still to do: a task (or a job not yet released) of a plan, with its pattern and bars left. */
type Unit = { id: string; cutPlanId: string; rebarId: string; name: string; pattern: PlanPattern | null; bars: number };

/** A job's plan as its schedule took it: the entry names the run the job's pattern comes from. */
const scheduledPlan = and(
  eq(dailyPlanCutPlans.dailyPlanId, dailyPlanJobs.dailyPlanId),
  eq(dailyPlanCutPlans.cutPlanId, dailyPlanJobs.cutPlanId),
);

const patternOf = sql<PlanPattern | null>`${cutPlanRuns.result} -> 'groups' -> ${dailyPlanJobs.groupIndex} -> 'patterns' -> ${dailyPlanJobs.patternIndex}`;

/** A plan's key for a unit: its own stock row (per plan: another plan's hold on it is not this one's), or a purchase. */
const keyOf = (unit: Unit & { pattern: PlanPattern }) =>
  unit.pattern.source !== 'purchase' && unit.pattern.stockId
    ? `${stockRowKey(unit.pattern.stockId)}:${unit.cutPlanId}`
    : purchaseKey(unit.cutPlanId, unit.rebarId, unit.pattern.stockLength);

/**
 * What each key can give its plan. A stock row: its bars less what other documents hold (nothing when
 * it sits on hold: held bars are moved to rows of their own). A purchase: raw bars of the spec and
 * length not on hold, less what documents hold but the bars received for this plan's purchase list.
 * Bars of the same spec and length on hold are named beside.
 */
async function suppliesOf(db: Db | Tx, productId: string, units: readonly (Unit & { pattern: PlanPattern })[]) {
  // Only the rows a key reads: its own stock row, and the rows of its spec and bar length (raw bars to buy
  // from, held bars named beside) — not every row of the spec, which grows with every receipt.
  const stockIds = [
    ...new Set(
      units.flatMap(({ pattern }) => (pattern.source !== 'purchase' && pattern.stockId ? [pattern.stockId] : [])),
    ),
  ];
  const bars = new Map(units.map((unit) => [`${unit.rebarId}:${unit.pattern.stockLength}`, unit]));
  const rows = bars.size
    ? await db
        .select({
          id: stocks.id,
          kind: stocks.kind,
          rebarId: stocks.rebarId,
          length: stocks.length,
          heatNo: stocks.heatNo,
          held: stocks.held,
          quantity: stocks.quantity,
        })
        .from(stocks)
        .where(
          and(
            eq(stocks.productId, productId),
            sql`${stocks.quantity} > 0`,
            or(
              stockIds.length ? inArray(stocks.id, stockIds) : undefined,
              ...[...bars.values()].map((unit) =>
                and(eq(stocks.rebarId, unit.rebarId), eq(stocks.length, unit.pattern.stockLength)),
              ),
            ),
          ),
        )
    : [];
  const holds = rows.length
    ? await db
        .select({
          stockId: stockReservations.stockId,
          sourceId: stockReservations.sourceId,
          sourceType: stockReservations.sourceType,
          quantity: stockReservations.quantity,
        })
        .from(stockReservations)
        .where(
          inArray(
            stockReservations.stockId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const heldBy = (stockId: string, mine: (hold: (typeof holds)[number]) => boolean) =>
    holds.filter((hold) => hold.stockId === stockId && !mine(hold)).reduce((sum, hold) => sum + hold.quantity, 0);
  const supplies = new Map<string, MaterialSupply>();
  for (const unit of units) {
    const key = keyOf(unit);
    if (supplies.has(key)) continue;
    const { pattern } = unit;
    const sameBars = rows.filter(
      (row) => row.kind === 'raw' && row.rebarId === unit.rebarId && row.length === pattern.stockLength,
    );
    if (pattern.source !== 'purchase' && pattern.stockId) {
      const row = rows.find((each) => each.id === pattern.stockId);
      const free = row && !row.held ? row.quantity - heldBy(row.id, (hold) => hold.sourceId === unit.cutPlanId) : 0;
      const held = row?.kind === 'raw' ? sameBars.filter((each) => each.held && each.heatNo === row.heatNo) : [];
      supplies.set(key, { bars: Math.max(0, free), held: held.reduce((sum, each) => sum + each.quantity, 0) });
    } else {
      const mine = (hold: (typeof holds)[number]) =>
        hold.sourceId === unit.cutPlanId && hold.sourceType === PURCHASE_RESERVATION;
      supplies.set(key, {
        bars: sameBars
          .filter((row) => !row.held)
          .reduce((sum, row) => sum + Math.max(0, row.quantity - heldBy(row.id, mine)), 0),
        held: sameBars.filter((row) => row.held).reduce((sum, row) => sum + row.quantity, 0),
      });
    }
  }
  return supplies;
}

async function materialOfUnits(db: Db | Tx, productId: string, units: readonly Unit[]) {
  const cut = units.filter((unit): unit is Unit & { pattern: PlanPattern } => unit.pattern !== null && unit.bars > 0);
  const supplies = await suppliesOf(db, productId, cut);
  const needs: MaterialNeed[] = cut.map((unit) => ({
    id: unit.id,
    key: keyOf(unit),
    bars: unit.bars,
    name: unit.pattern.heatNo ? `${unit.name} ${unit.pattern.heatNo}` : unit.name,
    length: unit.pattern.stockLength,
  }));
  const material = materialByNeed(needs, supplies);
  return new Map(units.map((unit) => [unit.id, material.get(unit.id) ?? { ok: true, missing: [] }]));
}

/** A cutting plan whose open cut tasks are weighed: all of them, or those planned up to a task (`through`). */
export type PlanToWeigh = { cutPlanId: string; through?: { plannedStart: string; code: string } };

/** The tasks to weigh: per plan, all its open cut tasks, or those planned up to one of the tasks named. */
function weighedOf(plans: readonly PlanToWeigh[]) {
  const byPlan = new Map<string, PlanToWeigh['through'][]>();
  for (const { cutPlanId, through } of plans) byPlan.set(cutPlanId, [...(byPlan.get(cutPlanId) ?? []), through]);
  return or(
    ...[...byPlan].map(([cutPlanId, tasksNamed]) =>
      and(
        eq(dailyPlanJobs.cutPlanId, cutPlanId),
        tasksNamed.every((through) => through)
          ? or(
              ...tasksNamed.map(
                (through) =>
                  sql`(${tasks.plannedStart}, ${tasks.code}) <= (${through!.plannedStart}::timestamptz, ${through!.code})`,
              ),
            )
          : undefined,
      ),
    ),
  );
}

/**
 * The material of the product's open cut tasks, by task id; the tasks planned first get the bars
 * first. Bend tasks and ended tasks need no bars (they are absent from the map).
 *
 * With `plans`, only open cut tasks of those cutting plans are weighed — of each, those planned up to its
 * `through` task — and the answer for each of them is the same as over the whole product: every supply a
 * task draws on is its own plan's (`keyOf`: a stock row per plan, a purchase per plan), so a task shares
 * bars only with the tasks of its plan, and only those planned before it take bars ahead of it. A read of a
 * few tasks then costs what their plans have open ahead of them, not what the product has open.
 */
export async function openTaskMaterial(
  db: Db | Tx,
  productId: string,
  plans?: readonly PlanToWeigh[],
): Promise<Map<string, TaskMaterial>> {
  if (plans && !plans.length) return new Map();
  const rows = await db
    .select({
      id: tasks.id,
      cutPlanId: dailyPlanJobs.cutPlanId,
      rebarId: dailyPlanJobs.rebarId,
      name: rebars.name,
      pattern: patternOf,
      repetitions: tasks.repetitions,
      done: tasks.done,
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .innerJoin(dailyPlanCutPlans, scheduledPlan)
    .innerJoin(cutPlanRuns, eq(cutPlanRuns.id, dailyPlanCutPlans.runId))
    .innerJoin(rebars, eq(rebars.id, dailyPlanJobs.rebarId))
    .where(
      and(
        eq(tasks.productId, productId),
        eq(tasks.kind, 'cut'),
        notInArray(tasks.status, [...FINAL_TASK_STATUSES]),
        plans ? weighedOf(plans) : undefined,
      ),
    )
    .orderBy(asc(tasks.plannedStart), asc(tasks.code));
  return materialOfUnits(
    db,
    productId,
    rows.map((row) => ({ ...row, bars: Math.max(0, row.repetitions - row.done) })),
  );
}

/** The material of a schedule's cut jobs (before its release: the board's warning), by job id. */
export async function scheduleMaterial(db: Db | Tx, productId: string, dailyPlanId: string) {
  const rows = await db
    .select({
      id: dailyPlanJobs.id,
      cutPlanId: dailyPlanJobs.cutPlanId,
      rebarId: dailyPlanJobs.rebarId,
      name: rebars.name,
      pattern: patternOf,
      bars: dailyPlanJobs.repetitions,
    })
    .from(dailyPlanJobs)
    .innerJoin(dailyPlanCutPlans, scheduledPlan)
    .innerJoin(cutPlanRuns, eq(cutPlanRuns.id, dailyPlanCutPlans.runId))
    .innerJoin(rebars, eq(rebars.id, dailyPlanJobs.rebarId))
    .where(
      and(
        eq(dailyPlanJobs.productId, productId),
        eq(dailyPlanJobs.dailyPlanId, dailyPlanId),
        eq(dailyPlanJobs.kind, 'cut'),
      ),
    )
    .orderBy(asc(dailyPlanJobs.key));
  return materialOfUnits(db, productId, rows);
}

/**
 * Release, dispatch and start check the material of their work: with the product's `materialCheck` at
 * `block`, work whose bars are missing is refused (409 `material_missing` naming the work and the
 * bars); at `warn` (the default) it goes on, the board, the task list and the operator showing it red.
 */
export async function requireMaterial(
  tx: Tx,
  productId: string,
  work: readonly { code: string; material: TaskMaterial | undefined }[],
) {
  const short = work.filter((each) => each.material && !each.material.ok);
  if (!short.length || !(await materialBlocks(tx, productId))) return;
  throw materialMissing(short);
}

function materialMissing(short: readonly { code: string; material: TaskMaterial | undefined }[]) {
  return new AppError('material_missing', {
    codes: short.map((each) => each.code).join(', '),
    missing: missingMaterialText(short.flatMap((each) => each.material!.missing)),
  });
}

async function materialBlocks(tx: Tx, productId: string) {
  const [setting] = await tx
    .select({ materialCheck: productSettings.materialCheck })
    .from(productSettings)
    .where(eq(productSettings.productId, productId));
  return (setting?.materialCheck ?? 'warn') === 'block';
}

/**
 * A task at the material gate: its plan, where it stands in the plan's order (`PlanToWeigh`), and whether its
 * product blocks on missing bars (`materialGate`, read with the task's lock).
 */
type GatedTask = { id: string; code: string; cutPlanId: string; plannedStart: string; materialBlocks: boolean };

/**
 * Whether the task's product refuses work short of bars (`materialCheck` at `block`): a column of the statement that
 * locks tasks, so a start does not read the setting in a statement of its own.
 */
export const materialGate = sql<boolean>`coalesce((select ${productSettings.materialCheck} = 'block' from ${productSettings} where ${productSettings.productId} = ${tasks.productId}), false)`;

/** The material gate of one task being started: `materialRefusals`, thrown. */
export async function requireTaskMaterial(tx: Tx, productId: string, task: GatedTask) {
  const [refusal] = (await materialRefusals(tx, productId, [task])).values();
  if (refusal) throw refusal;
}

/**
 * The material gate of tasks being dispatched or started: the refusal (409 `material_missing`) of each task
 * short of bars, by id, each weighed over the open cut tasks of its plan planned up to it — weighed together,
 * each answers as if alone (`openTaskMaterial`). They are weighed only when the product blocks on it (the tasks'
 * `materialBlocks`): at `warn` nothing is refused, and a fleet of machines starting their jobs paid for it once per
 * start (docs/benchmarks.md).
 */
export async function materialRefusals(
  tx: Tx,
  productId: string,
  work: readonly GatedTask[],
): Promise<Map<string, AppError>> {
  const gated = work.filter((task) => task.materialBlocks);
  if (!gated.length) return new Map();
  const plans = gated.map((task) => ({
    cutPlanId: task.cutPlanId,
    through: { plannedStart: task.plannedStart, code: task.code },
  }));
  const material = await openTaskMaterial(tx, productId, plans);
  return new Map(
    gated.flatMap((task) => {
      const weighed = material.get(task.id);
      return weighed && !weighed.ok ? [[task.id, materialMissing([{ code: task.code, material: weighed }])]] : [];
    }),
  );
}

/** The material gate of a schedule being released: every cut job's bars. */
export async function requireScheduleMaterial(tx: Tx, productId: string, dailyPlanId: string) {
  if (!(await materialBlocks(tx, productId))) return;
  const material = await scheduleMaterial(tx, productId, dailyPlanId);
  const jobs = await tx
    .select({ id: dailyPlanJobs.id, label: dailyPlanJobs.label })
    .from(dailyPlanJobs)
    .where(eq(dailyPlanJobs.dailyPlanId, dailyPlanId));
  await requireMaterial(
    tx,
    productId,
    jobs.map((job) => ({ code: job.label, material: material.get(job.id) })),
  );
}
