import { and, eq } from 'drizzle-orm';
import {
  TASK_STATUS_LABELS,
  piecesProcessed,
  taskMoves,
  type ProductionInspectionInput,
  type TaskStatus,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { announceLiveChange } from '../equipment/index.ts';
import {
  OUTPUT_COUNTS,
  OUTPUT_ORDER,
  creditProduced,
  dailyPlanJobs,
  lockTask,
  taskEvents,
  taskOutputs,
  tasks,
  type LockedTask,
} from '../processing/index.ts';
import { applyStockMoves } from '../stock/index.ts';
import { stockLogs } from '../stock/stock.table.ts';
import { writeInspection, type InspectionEntry, type WrittenInspection } from './inspection-writer.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

/** A task's pieces are checked once it has made some: not before it starts, nor when it was cancelled unstarted. */
const INSPECTABLE: readonly TaskStatus[] = ['running', 'paused', 'done', 'failed'];

/** A task's outputs in the order scrap is taken from them (the order reports take it in). */
export async function outputsOfTask(db: Db | Tx, taskId: string) {
  return db
    .select(OUTPUT_COUNTS)
    .from(taskOutputs)
    .where(eq(taskOutputs.taskId, taskId))
    .orderBy(...OUTPUT_ORDER);
}

/** The technique a task's job does (its checks must be of it). */
export async function techniqueOfTask(db: Db | Tx, jobId: string): Promise<string> {
  const [job] = await db
    .select({ techniqueId: dailyPlanJobs.techniqueId })
    .from(dailyPlanJobs)
    .where(eq(dailyPlanJobs.id, jobId));
  if (!job) throw new AppError('not_found');
  return job.techniqueId;
}

/** The heats of the raw bars the task consumed so far, comma-separated ('' for a bender, which consumes none). */
async function heatsConsumed(tx: Tx, task: LockedTask): Promise<string> {
  const rows = await tx
    .selectDistinct({ heatNo: stockLogs.heatNo })
    .from(stockLogs)
    .where(
      and(
        eq(stockLogs.productId, task.productId),
        eq(stockLogs.sourceType, 'task'),
        eq(stockLogs.sourceId, task.id),
        eq(stockLogs.kind, 'raw'),
        eq(stockLogs.direction, 'out'),
      ),
    )
    .orderBy(stockLogs.heatNo);
  return rows.map((row) => row.heatNo).join(',');
}

/**
 * A failed inspection's scrap, as a report's scrap would be (`taskMoves`): the pieces are taken from
 * the task's outputs longest first, as far as each has good pieces. A finished output's pieces leave
 * finished stock for waste and its order line's produced quantity (the demand shows them as still to
 * make); a piece cut for a bender goes to waste too and leaves the count the bender may bend. The
 * ledger rows name the inspection. Pieces not reported yet cannot be checked (409 before this), so
 * every scrapped piece is one the stock already counts.
 */
async function scrapPieces(tx: Tx, writer: Actor, task: LockedTask, inspection: WrittenInspection, pieces: number) {
  const outputs = await outputsOfTask(tx, task.id);
  const good = outputs.reduce((sum, output) => sum + output.produced, 0);
  if (pieces > good) throw invalidFields({ scrapPieces: [`max:${good}`] });
  const moved = taskMoves({
    kind: task.kind,
    bar: null,
    minTailLength: 0,
    outputs,
    before: { done: task.done, scrap: task.scrap },
    after: { done: task.done, scrap: task.scrap + pieces },
  });
  const at = isoNow();
  await applyStockMoves(tx, {
    scope: writer.scope,
    operator: writer.user,
    source: { type: 'inspection', id: inspection.id, code: inspection.code },
    moves: moved.moves.map((move) => ({ ...move, rebarId: task.rebarId })),
    time: at,
  });
  await creditProduced(tx, writer, outputs, moved.produced, { note: inspection.code, markWorked: false });
}

/**
 * `POST /api/inspection/task/{taskId}` in one transaction, the task locked first (a report or another
 * inspection of it waits): 404 outside the product, 409 `inspection_task_not_started` before it runs,
 * 409 `inspection_piece_not_made` beyond the pieces reported. A failed inspection flags the task,
 * adds its scrap (`scrapPieces`, default the piece checked) to the task's, moves those pieces to waste
 * and records a task event; the line's board is told (the machine's OEE quality changed), and
 * `writeInspection` notifies the product's quality readers.
 */
export async function recordProductionInspection(
  tx: Tx,
  writer: Actor,
  taskId: string,
  input: InspectionEntry & Pick<ProductionInspectionInput, 'pieceNo' | 'scrapPieces'>,
): Promise<string> {
  const task = await lockTask(tx, writer.scope.productId, taskId);
  if (!INSPECTABLE.includes(task.status))
    throw new AppError('inspection_task_not_started', { code: task.code, status: TASK_STATUS_LABELS[task.status] });
  // Pieces are numbered in production order over everything the reports processed, good or scrapped.
  const made = piecesProcessed(await outputsOfTask(tx, task.id), task.done);
  if (input.pieceNo > made)
    throw new AppError('inspection_piece_not_made', { task: task.code, done: made, piece: input.pieceNo });
  const scrap = input.scrapPieces ?? 1;
  const inspection = await writeInspection(
    tx,
    writer,
    {
      kind: 'production',
      taskId: task.id,
      taskCode: task.code,
      equipmentId: task.equipmentId,
      techniqueId: await techniqueOfTask(tx, task.jobId),
      rebarId: task.rebarId,
      heatNo: await heatsConsumed(tx, task),
      pieceNo: input.pieceNo,
      scrapPieces: scrap,
    },
    input,
  );
  if (inspection.result === 'pass') return inspection.id;

  if (scrap > 0) await scrapPieces(tx, writer, task, inspection, scrap);
  const at = isoNow();
  await tx
    .update(tasks)
    .set({
      qualityFlag: true,
      scrap: task.scrap + scrap,
      lastModifierId: writer.user.id,
      lastModificationTime: at,
    })
    .where(eq(tasks.id, task.id));
  await tx.insert(taskEvents).values({
    ...writer.scope,
    taskId: task.id,
    action: 'inspection',
    data: {
      inspection: inspection.code,
      pieceNo: input.pieceNo,
      failedChecks: inspection.failedChecks.join(', '),
      scrap,
    },
    userId: writer.user.id,
    userName: writer.user.name,
    time: at,
  });
  await announceLiveChange(tx, writer.scope.productId, [task.equipmentId]);
  return inspection.id;
}
