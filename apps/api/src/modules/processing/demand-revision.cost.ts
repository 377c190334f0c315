import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DemandRevisionChange, DemandRevisionCost } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import type { demandOrderLines } from '../planning/index.ts';
import { bundles, taskOutputs, tasks } from './processing.table.ts';

// What a revised bar list costs, before it is applied: the kg its changed marks take out of plans or
// leave as superseded pieces, the bundles it flags and the tasks it cancels.

type Line = typeof demandOrderLines.$inferSelect;

/** Tasks a revision may still take back: not started (a running task's pieces become superseded ones). */
const OPEN_TASKS = ['pending', 'dispatched'] as const;

const kg = (grams: number) => Math.round(grams) / 1000;

/**
 * The tasks not started yet that make nothing but these lines' pieces: a revision superseding the lines
 * cancels them. A task that also makes valid pieces keeps running for them.
 */
export async function tasksOnlyFor(tx: Tx, productId: string, lineIds: readonly string[]) {
  if (!lineIds.length) return [];
  const candidates = await tx
    .selectDistinct({ id: tasks.id, code: tasks.code })
    .from(tasks)
    .innerJoin(taskOutputs, eq(taskOutputs.taskId, tasks.id))
    .where(
      and(
        eq(tasks.productId, productId),
        inArray(tasks.status, [...OPEN_TASKS]),
        inArray(taskOutputs.orderLineId, [...lineIds]),
      ),
    )
    .orderBy(asc(tasks.code));
  if (!candidates.length) return [];
  const mixed = await tx
    .selectDistinct({ id: taskOutputs.taskId })
    .from(taskOutputs)
    .where(
      and(
        inArray(
          taskOutputs.taskId,
          candidates.map((task) => task.id),
        ),
        notInArray(taskOutputs.orderLineId, [...lineIds]),
      ),
    );
  const keep = new Set(mixed.map((row) => row.id));
  return candidates.filter((task) => !keep.has(task.id));
}

/** The lines a revision supersedes: those planned or with pieces made that it changes or removes. */
export const supersededLineIds = (changes: readonly DemandRevisionChange[]) =>
  changes
    .filter((change) => change.outcome === 'replanned' || change.outcome === 'superseded')
    .map((change) => change.lineId!);

/** Each change with the kg of its mark before and after (null where there is none). */
export function withWeights(
  changes: readonly DemandRevisionChange[],
  current: readonly Line[],
  revised: readonly { weightGrams: number }[],
): DemandRevisionChange[] {
  const byId = new Map(current.map((line) => [line.id, line]));
  let index = 0;
  return changes.map((change) => {
    const after = change.kind === 'removed' ? null : revised[index++]!;
    const before = change.lineId ? byId.get(change.lineId) : undefined;
    return {
      ...change,
      weightBefore: before ? kg(before.weightGrams) : null,
      weightAfter: after ? kg(after.weightGrams) : null,
    };
  });
}

/** What applying the changes costs, read under the order's lock before anything is written. */
export async function revisionCost(
  tx: Tx,
  productId: string,
  changes: readonly DemandRevisionChange[],
  current: readonly Line[],
  revised: readonly { weightGrams: number }[],
): Promise<DemandRevisionCost> {
  const byId = new Map(current.map((line) => [line.id, line]));
  const share = (line: Line, quantity: number) =>
    line.quantity > 0 ? (line.weightGrams * quantity) / line.quantity : 0;
  let replannedGrams = 0;
  let supersededGrams = 0;
  for (const change of changes) {
    const line = change.lineId ? byId.get(change.lineId) : undefined;
    if (!line) continue;
    if (change.outcome === 'replanned') replannedGrams += share(line, line.plannedQuantity);
    if (change.outcome === 'superseded') supersededGrams += share(line, line.producedQuantity);
  }
  const lineIds = supersededLineIds(changes);
  const [flagged] = lineIds.length
    ? await tx
        .select({
          count: sql<number>`count(*)`.mapWith(Number),
          grams: sql<number>`coalesce(sum(${bundles.weightGrams}), 0)`.mapWith(Number),
        })
        .from(bundles)
        .where(and(inArray(bundles.orderLineId, lineIds), eq(bundles.status, 'produced')))
    : [];
  return {
    weightBefore: kg(current.reduce((sum, line) => sum + line.weightGrams, 0)),
    weightAfter: kg(revised.reduce((sum, line) => sum + line.weightGrams, 0)),
    replannedWeight: kg(replannedGrams),
    supersededWeight: kg(supersededGrams),
    bundles: flagged?.count ?? 0,
    bundleWeight: kg(flagged?.grams ?? 0),
    tasksCancelled: await tasksOnlyFor(tx, productId, lineIds),
  };
}
