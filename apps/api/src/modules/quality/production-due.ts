import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { dueSamples, evaluateCheck, piecesProcessed, type DueInspection } from '@armature/domain';
import { inspectionTypes } from '../master-data/master-data.table.ts';
import type { Db } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { dailyPlanJobs, tasks } from '../processing/index.ts';
import { characteristicColumns, checkContextOf } from './inspection-writer.ts';
import { outputsOfTask } from './production-inspection.ts';
import { inspections, samplingPlans } from './quality.table.ts';

/** An entry complete for every method: judging it answers the limits the characteristic is judged by. */
const ANY_ENTRY = { value: 0, massKg: 1, lengthMm: 1000, passed: true };

/** The technique's characteristics with their absolute limits for the task's spec (null where open or unknown). */
async function characteristicsOf(db: Db, productId: string, techniqueId: string, rebarId: string) {
  const context = await checkContextOf(db, productId, rebarId);
  const rows = await db
    .select(characteristicColumns)
    .from(inspectionTypes)
    .where(eq(inspectionTypes.techniqueId, techniqueId))
    .orderBy(asc(inspectionTypes.code));
  return rows.map(({ standardValue, lowerTolerance, upperTolerance, ...row }) => {
    const outcome = evaluateCheck(
      { method: row.method, standardValue, lowerTolerance, upperTolerance },
      context,
      ANY_ENTRY,
    );
    return {
      ...row,
      lowerLimit: outcome.ok ? outcome.lowerLimit : null,
      upperLimit: outcome.ok ? outcome.upperLimit : null,
    };
  });
}

/**
 * `GET /api/inspection/task/{taskId}/due`: the samples the product's plan for the task's technique
 * asks for among the pieces made so far and not yet recorded, what to check on them, and whether the
 * task is flagged. 404 for a task of another product.
 */
export async function dueInspection(db: Db, productId: string, taskId: string): Promise<DueInspection> {
  const [task] = await db
    .select({
      id: tasks.id,
      done: tasks.done,
      qualityFlag: tasks.qualityFlag,
      techniqueId: dailyPlanJobs.techniqueId,
      rebarId: dailyPlanJobs.rebarId,
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .where(and(eq(tasks.id, taskId), eq(tasks.productId, productId)));
  if (!task) throw new AppError('not_found');
  const produced = piecesProcessed(await outputsOfTask(db, task.id), task.done);
  const [plan] = await db
    .select({ everyN: samplingPlans.everyN })
    .from(samplingPlans)
    .where(and(eq(samplingPlans.productId, productId), eq(samplingPlans.techniqueId, task.techniqueId)));
  const everyN = plan?.everyN ?? 0;
  const recorded = await db
    .select({ pieceNo: inspections.pieceNo })
    .from(inspections)
    .where(and(eq(inspections.productId, productId), eq(inspections.taskId, task.id), isNotNull(inspections.pieceNo)));
  return {
    taskId: task.id,
    everyN,
    produced,
    due: dueSamples(produced, { everyN }, new Set(recorded.map((row) => row.pieceNo!))),
    characteristics: await characteristicsOf(db, productId, task.techniqueId, task.rebarId),
    flagged: task.qualityFlag,
  };
}
