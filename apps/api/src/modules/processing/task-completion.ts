import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  bundleSizes,
  nextTaskStatus,
  piecesProcessed,
  specUnitWeight,
  takeBars,
  taskMoves,
  thresholdsInPlan,
  weightGrams,
  type Localized,
  type PlanPattern,
  type TaskStatus,
} from '@armature/domain';
import { builtOnce, type Placeholders } from '../../core/db/built-once.ts';
import type { Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { isoNow } from '../../core/db/time.ts';
import { writeTogether } from '../../core/db/write-together.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { cutPlanRuns, cutPlans, demandOrderLines, recordProduction } from '../planning/index.ts';
import {
  applyStockMoves,
  PLAN_RESERVATION,
  PURCHASE_RESERVATION,
  rawBarLots,
  takeReserved,
  takeReservedFrom,
  type StockMove,
} from '../stock/index.ts';
import { dailyPlanCutPlans, dailyPlanJobs, taskOutputs, tasks } from './processing.table.ts';
import { OUTPUT_COUNTS, OUTPUT_ORDER } from './task.query.ts';
import {
  lockTask,
  piecesCutFor,
  refuseTask,
  taskEventInsert,
  requireCutPieces,
  type LockedTask,
} from './task.command.ts';
import { insertBundles } from './bundle-insert.ts';
import { followTaskEnd } from './task-plans.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

const REPORT_LABEL: Localized = { 'zh-CN': '报工', 'en-US': 'report progress', 'fr-FR': 'déclarer l’avancement' };

const planStatement = builtOnce((db, task: Placeholders<'taskId' | 'jobId'>) =>
  db
    .select({
      plan: {
        minTailLength: cutPlans.minTailLength,
        wasteLength: cutPlans.wasteLength,
        thresholds: cutPlans.thresholds,
      },
      pattern: sql<PlanPattern | null>`${cutPlanRuns.result} -> 'groups' -> ${dailyPlanJobs.groupIndex} -> 'patterns' -> ${dailyPlanJobs.patternIndex}`,
      spec: { name: rebars.name, diameter: rebars.diameter, unitWeight: rebars.unitWeight },
      output: OUTPUT_COUNTS,
      piecesPerBundle: demandOrderLines.piecesPerBundle,
    })
    .from(dailyPlanJobs)
    .innerJoin(cutPlans, eq(cutPlans.id, dailyPlanJobs.cutPlanId))
    .innerJoin(
      dailyPlanCutPlans,
      and(eq(dailyPlanCutPlans.dailyPlanId, dailyPlanJobs.dailyPlanId), eq(dailyPlanCutPlans.cutPlanId, cutPlans.id)),
    )
    .innerJoin(cutPlanRuns, eq(cutPlanRuns.id, dailyPlanCutPlans.runId))
    .innerJoin(rebars, eq(rebars.id, dailyPlanJobs.rebarId))
    .leftJoin(taskOutputs, eq(taskOutputs.taskId, task.taskId))
    .leftJoin(demandOrderLines, eq(demandOrderLines.id, taskOutputs.orderLineId))
    .where(eq(dailyPlanJobs.id, task.jobId))
    .orderBy(...OUTPUT_ORDER),
);

/**
 * What a report needs of a task's plan and spec — the minimum reusable tail, a cut task's pattern, the spec's weight —
 * and its outputs (longest pieces first), read in one statement: the plan's row once per output.
 */
async function planOf(tx: Tx, task: LockedTask) {
  const rows = await planStatement(tx, { taskId: task.id, jobId: task.jobId });
  const row = rows[0];
  if (!row) throw new Error(`task ${task.code} has no plan`);
  if (task.kind === 'cut' && !row.pattern) throw new Error(`task ${task.code} has no pattern`);
  // The spec's minimum tail as the plan copied it (a spec's own, else the product's): the offcut is kept or wasted as it was solved.
  const { minTailLength } = thresholdsInPlan(row.plan, task.rebarId);
  const outputs = rows.flatMap(({ output, piecesPerBundle }) => (output ? [{ ...output, piecesPerBundle }] : []));
  return { minTailLength, spec: row.spec, pattern: task.kind === 'cut' ? row.pattern : null, outputs };
}

/**
 * The bars a cut takes out of stock: the plan's reserved row (raw bars of a heat, or offcuts), whose
 * reservation shrinks first by the bars cut; a purchased length takes raw bars of its spec and length,
 * those received for the plan's purchase list or free ones, oldest first (409 `insufficient_stock`
 * when there are too few). Answers the moves and, for re-used offcuts, their lot's heats.
 */
async function barMoves(tx: Tx, writer: Actor, task: LockedTask, pattern: PlanPattern, bars: number, specName: string) {
  const bar = { direction: 'out', rebarId: task.rebarId, length: pattern.stockLength, reason: 'consumption' } as const;
  if (pattern.source !== 'purchase' && pattern.stockId) {
    const kind = pattern.source === 'offcut' ? 'tail' : 'raw';
    const { locationId, lotId, heatNos, found } = await takeReservedFrom(
      tx,
      task.cutPlanId,
      pattern.stockId,
      bars,
      PLAN_RESERVATION,
    );
    if (!found) throw new Error(`stock row ${pattern.stockId} vanished under its reservation`);
    const move = { ...bar, kind, heatNo: pattern.heatNo, locationId, lotId, quantity: bars } satisfies StockMove;
    return { moves: [move], lotHeatNos: kind === 'tail' ? heatNos : [] };
  }
  const lots = await rawBarLots(tx, writer.scope.productId, task.rebarId, pattern.stockLength, task.cutPlanId);
  const taken = takeBars(lots, bars);
  if (!taken) {
    const available = lots.reduce((sum, lot) => sum + lot.available, 0);
    throw new AppError('insufficient_stock', {
      stock: `${specName} ${pattern.stockLength}mm`,
      available,
      requested: bars,
      shortfall: bars - available,
    });
  }
  // Bars received against the plan's purchase list were held for it: they leave its reservation as they are cut.
  for (const lot of taken) await takeReserved(tx, task.cutPlanId, lot.stockId, lot.quantity, PURCHASE_RESERVATION);
  const moves = taken.map(
    (lot) =>
      ({
        ...bar,
        kind: 'raw',
        heatNo: lot.heatNo,
        locationId: lot.locationId,
        quantity: lot.quantity,
      }) satisfies StockMove,
  );
  return { moves, lotHeatNos: [] };
}

/**
 * The pieces a stock move produced (one count an output, in order) added to the outputs: the outputs as they are
 * after, and the statement writing their counts (every output's in one; null when none changed).
 */
function outputsProduced<T extends { id: string; produced: number }>(
  outputs: readonly T[],
  produced: readonly number[],
) {
  const after = outputs.map((output, index) => ({ ...output, produced: output.produced + produced[index]! }));
  const changed = after.filter((_, index) => produced[index]);
  const write = changed.length
    ? sql`
      update ${taskOutputs} set produced = v.produced
      from (values ${sql.join(
        changed.map((output) => sql`(${output.id}::uuid, ${output.produced}::integer)`),
        sql`, `,
      )}) as v(id, produced)
      where ${taskOutputs.id} = v.id`
    : null;
  return { after, write };
}

/** The finished pieces of `produced` to their order lines (`recordProduction`), the ledger note naming `note`. */
async function recordProduced(
  tx: Tx,
  writer: Actor,
  after: readonly { orderLineId: string; stage: string }[],
  produced: readonly number[],
  { note, markWorked }: { note: string; markWorked: boolean },
) {
  await recordProduction(
    tx,
    writer,
    {
      produced: after
        .map((output, index) => ({ orderLineId: output.orderLineId, pieces: produced[index]!, stage: output.stage }))
        .filter((change) => change.stage === 'finished'),
      worked: markWorked && produced.some((pieces) => pieces > 0) ? after.map((output) => output.orderLineId) : [],
    },
    note,
  );
}

/**
 * Adds the pieces a stock move produced (one count an output, in order) to the task's outputs and the
 * finished ones to their order lines, the ledger note naming `note`; with `markWorked`, the lines count as
 * worked once any piece was produced. Answers the outputs as they are after.
 */
export async function creditProduced<T extends { id: string; orderLineId: string; stage: string; produced: number }>(
  tx: Tx,
  writer: Actor,
  outputs: readonly T[],
  produced: readonly number[],
  options: { note: string; markWorked: boolean },
): Promise<T[]> {
  const { after, write } = outputsProduced(outputs, produced);
  if (write) await tx.execute(write);
  await recordProduced(tx, writer, after, produced, options);
  return after;
}

/**
 * The bundles of a completed task: per finished output, its good pieces bundled by the line's bundle size,
 * inserted with `alongside` (the task's other writes) in one statement.
 */
async function bundleOutputs(
  tx: Tx,
  writer: Actor,
  task: LockedTask,
  outputs: { orderLineId: string; length: number; produced: number; stage: string; piecesPerBundle: number | null }[],
  unitWeight: number,
  at: string,
  alongside: Record<string, SQL | null>,
) {
  const rows = outputs
    .filter((output) => output.stage === 'finished')
    .flatMap((output) => {
      const sizes = bundleSizes(output.produced, output.piecesPerBundle);
      return sizes.map((pieces, index) => ({
        ...writer.scope,
        // 128 random bits: the tag's QR code holds it, so it must not be guessable.
        scanId: randomBytes(16).toString('base64url'),
        taskId: task.id,
        orderLineId: output.orderLineId,
        length: output.length,
        number: index + 1,
        count: sizes.length,
        pieces,
        weightGrams: weightGrams(output.length, pieces, unitWeight),
        producedAt: at,
        creatorId: writer.user.id,
        creationTime: at,
      }));
    });
  await insertBundles(tx, rows, undefined, alongside);
}

/**
 * A progress report (`final`: the completion) in one transaction, the task locked first so that two
 * operators reporting or completing the same task take turns (the second sees the first's work, and a
 * completed task refuses with 409). Progress is cumulative: only what is new since the last report
 * moves stock (`taskMoves`) — bars consumed from the plan's reservation, finished pieces per order line,
 * offcuts to tail or waste, scrap to waste — every ledger row referring to the task; the order lines'
 * produced quantities and their orders follow. Completion reports the rest, bundles the finished
 * pieces, ends the task and lets its schedule and plan finish.
 */
export async function reportTask(
  tx: Tx,
  writer: Actor,
  id: string,
  input: { done?: number; scrap?: number },
  final: boolean,
) {
  await reportLockedTask(tx, writer, await lockTask(tx, writer.scope.productId, id), input, final);
}

/**
 * `reportTask` for a task this transaction has locked already (`lockTask`) and not changed since; `alongside` are
 * writes of the caller's sent in the statement of the task's own writes (`writeTogether`).
 */
export async function reportLockedTask(
  tx: Tx,
  writer: Actor,
  task: LockedTask,
  input: { done?: number; scrap?: number },
  final: boolean,
  alongside: Record<string, SQL> = {},
) {
  if (final ? !nextTaskStatus(task.status, 'complete') : task.status !== 'running' && task.status !== 'paused')
    refuseTask(task, final ? 'complete' : REPORT_LABEL);
  const cut = await piecesCutFor(tx, task);
  // Completing a bend task bends the rest — all its pieces, or what its cut task made once it has ended.
  const rest = cut?.ended ? Math.max(task.done, Math.min(task.repetitions, cut.pieces)) : task.repetitions;
  const done = final ? rest : (input.done ?? task.done);
  const scrap = input.scrap ?? task.scrap;
  if (done > task.repetitions)
    throw new AppError('task_report_too_many', { code: task.code, repetitions: task.repetitions });
  if (done < task.done) throw new AppError('task_report_backwards', { code: task.code, done: task.done });
  if (scrap < task.scrap) throw invalidFields({ scrap: [`min:${task.scrap}`] });

  const { minTailLength, pattern, spec, outputs } = await planOf(tx, task);
  const ceiling = piecesProcessed(outputs, done);
  if (scrap > ceiling) throw invalidFields({ scrap: [`max:${ceiling}`] });
  requireCutPieces(task, cut, done);

  const moved = taskMoves({
    kind: task.kind,
    bar: pattern && { source: pattern.source, length: pattern.stockLength, offcut: pattern.offcut },
    minTailLength,
    outputs,
    before: { done: task.done, scrap: task.scrap },
    after: { done, scrap },
  });
  const at = isoNow();
  const { moves: bars, lotHeatNos } =
    pattern && moved.bars > 0
      ? await barMoves(tx, writer, task, pattern, moved.bars, spec.name)
      : { moves: [], lotHeatNos: [] };
  // The offcuts kept are a lot of the steel just cut: the raw bars' heats, or those of the re-used lot.
  const heatNos = [...bars.flatMap((bar) => (bar.kind === 'raw' && bar.heatNo ? [bar.heatNo] : [])), ...lotHeatNos];
  await applyStockMoves(tx, {
    scope: writer.scope,
    operator: writer.user,
    source: { type: 'task', id: task.id, code: task.code },
    moves: [...bars, ...moved.moves.map((move) => ({ ...move, rebarId: task.rebarId, heatNos }))],
    time: at,
  });

  // The outputs' counts are written with the task's own writes below: the order lines' production reads none of them.
  const { after, write: outputsWrite } = outputsProduced(outputs, moved.produced);
  await recordProduced(tx, writer, after, moved.produced, { note: task.code, markWorked: true });

  const next = final ? 'done' : task.status;
  const changed = done !== task.done || scrap !== task.scrap;
  const taskWrite =
    changed || final
      ? tx
          .update(tasks)
          .set({
            done,
            scrap,
            status: next,
            ...(final ? { finishedAt: at } : {}),
            lastModifierId: writer.user.id,
            lastModificationTime: at,
          })
          .where(eq(tasks.id, task.id))
          .getSQL()
      : null;
  const figures = { done, scrap, bars: moved.bars, pieces: moved.produced.reduce((sum, pieces) => sum + pieces, 0) };
  const event = (action: 'complete' | 'report', change: { from: TaskStatus | null; to: TaskStatus | null }) =>
    taskEventInsert(tx, writer, task, action, change, figures, at).getSQL();
  // The task's writes — its outputs' counts, its row, its event (and bundles) — in one statement.
  const writes = { ...alongside, outputs: outputsWrite, task: taskWrite };
  if (final) {
    const completed = event('complete', { from: task.status, to: next });
    await bundleOutputs(tx, writer, task, after, specUnitWeight(spec), at, { ...writes, event: completed });
    await followTaskEnd(tx, writer, task);
  } else await writeTogether(tx, writes, changed ? event('report', { from: null, to: null }) : undefined);
}
