import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { bundleSizes, plantInstant, specUnitWeight, weightGrams } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { demandOrderLines, demandOrders, orderDrops } from '../planning/index.ts';
import { timeZoneOf } from './daily-plan.query.ts';
import { loadPlanBundles, loadPlanTrucks } from './load-plan.table.ts';
import { truckOfRow } from './load-plan-store.query.ts';
import { dailyPlanJobs, taskOutputs, tasks } from './processing.table.ts';

type Reader = Db | Tx;

/** Tasks that will still produce: not ended, whatever their machine is doing now. */
const PRODUCING = ['pending', 'dispatched', 'running', 'paused'] as const;

/** What a plan row of a bundle not produced yet records of it. */
export type ExpectedBundle = {
  taskOutputId: string;
  number: number;
  count: number;
  pieces: number;
  weightGrams: number;
};

/**
 * The id the screens and the moves call an expected bundle by until it exists: derived from its task
 * output and number, so the live plan and the saved one name it alike (a UUID of version 5's layout).
 */
export function expectedBundleId(taskOutputId: string, number: number): string {
  const hex = createHash('sha256').update(`${taskOutputId}#${number}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The bundles the schedule will produce before `date`: each finished output (not of a superseded line) of
 * the product's tasks still to end whose planned end is at or before the day's first instant on the
 * plant's clock, bundled by its line's bundle size as completion will bundle it. `dropDay` and `dropJoin`
 * are the due-bundle query's drop of a line. Bundles of them already on an open plan's truck are left out.
 */
export async function expectedBundlesDue(db: Reader, productId: string, date: string, drop: { join: SQL; day: SQL }) {
  const dayStart = new Date(plantInstant(date, '00:00', await timeZoneOf(db, productId))).toISOString();
  const outputs = await db
    .select({
      taskOutputId: taskOutputs.id,
      task: tasks.code,
      orderId: demandOrders.id,
      orderCode: demandOrders.code,
      project: demandOrders.project,
      mark: demandOrderLines.mark,
      length: taskOutputs.length,
      pieces: sql<number>`${taskOutputs.perRepetition} * ${tasks.repetitions}`.mapWith(Number),
      piecesPerBundle: demandOrderLines.piecesPerBundle,
      spec: { unitWeight: rebars.unitWeight, diameter: rebars.diameter },
      dropSeq: orderDrops.seq,
      site: orderDrops.site,
      window: orderDrops.windowStart,
    })
    .from(taskOutputs)
    .innerJoin(tasks, eq(tasks.id, taskOutputs.taskId))
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .innerJoin(rebars, eq(rebars.id, dailyPlanJobs.rebarId))
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, taskOutputs.orderLineId))
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .leftJoin(orderDrops, drop.join)
    .where(
      and(
        eq(tasks.productId, productId),
        inArray(tasks.status, [...PRODUCING]),
        lte(tasks.plannedEnd, dayStart),
        eq(taskOutputs.finished, 'finished'),
        isNull(demandOrderLines.supersededAt),
        eq(drop.day, date),
      ),
    );
  const ids = outputs.map((output) => output.taskOutputId);
  const planned = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ taskOutputId: loadPlanBundles.taskOutputId, number: loadPlanBundles.number })
            .from(loadPlanBundles)
            .innerJoin(loadPlanTrucks, truckOfRow)
            .where(
              and(
                inArray(loadPlanBundles.taskOutputId, ids),
                isNull(loadPlanBundles.bundleId),
                isNotNull(loadPlanBundles.number),
                isNull(loadPlanTrucks.deliveryNoteId),
              ),
            )
        ).map((row) => `${row.taskOutputId}#${row.number}`),
  );
  return outputs.flatMap(({ pieces, piecesPerBundle, spec, taskOutputId, ...output }) => {
    const sizes = bundleSizes(pieces, piecesPerBundle);
    return sizes.flatMap((size, index) => {
      const number = index + 1;
      if (planned.has(`${taskOutputId}#${number}`)) return [];
      const grams = weightGrams(output.length, size, specUnitWeight(spec));
      const expected: ExpectedBundle = { taskOutputId, number, count: sizes.length, pieces: size, weightGrams: grams };
      return [
        {
          ...output,
          id: expectedBundleId(taskOutputId, number),
          code: `${output.task} ${number}/${sizes.length}`,
          weightGrams: grams,
          expected,
        },
      ];
    });
  });
}

/**
 * A completed task's bundles take the plan rows that awaited them: the row of bundle `number` of an output
 * of the task gets the bundle of that number of the same line and length (a task that made fewer pieces
 * than planned leaves the rows of bundles it did not make waiting, and their truck incomplete). `made` names
 * the bundles just inserted (a CTE's `returning` id, task_id, order_line_id, length and number): the update
 * goes in their insert's statement, which does not see them in the table yet.
 */
export function linkExpectedBundles(made: SQL): SQL {
  return sql`
    update ${loadPlanBundles} lpb set bundle_id = b.id
    from ${taskOutputs} o, ${made} b
    where lpb.task_output_id = o.id and o.task_id = b.task_id and lpb.bundle_id is null
      and b.order_line_id = o.order_line_id and b.length = o.length and b.number = lpb.number`;
}
