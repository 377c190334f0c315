import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.ts';
import { taskOutputs, tasks } from './processing.table.ts';

/**
 * A flush of counter samples: each machine's RUNNING task counts the pieces its counters added
 * (progress only: reports move stock). Called inside the ingest's transaction; one statement for every
 * machine of the flush (a flush of 500 machines must not be 500 round trips).
 */
export async function addTelemetryPieces(
  tx: Tx,
  samples: readonly { equipmentId: string; deltaPieces?: number | null }[],
) {
  const byMachine = new Map<string, number>();
  for (const sample of samples)
    if (sample.deltaPieces && sample.deltaPieces > 0)
      byMachine.set(sample.equipmentId, (byMachine.get(sample.equipmentId) ?? 0) + sample.deltaPieces);
  if (!byMachine.size) return;
  const added = sql.join(
    [...byMachine].map(([equipmentId, pieces]) => sql`(${equipmentId}::uuid, ${pieces}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${tasks} set telemetry_pieces = ${tasks.telemetryPieces} + added.pieces
    from (values ${added}) as added(equipment_id, pieces)
    where ${tasks.equipmentId} = added.equipment_id and ${tasks.status} = 'running'`);
}

/** A machine's running task as the digital twin's card shows it: pieces done (reported or counted) of its total. */
export type RunningTask = { id: string; code: string; done: number; total: number };

/** The running task of each of these machines (a machine runs one task at a time; the earliest started wins). */
export async function runningTasks(db: Db | Tx, equipmentIds: readonly string[]): Promise<Map<string, RunningTask>> {
  if (!equipmentIds.length) return new Map();
  const rows = await db
    .select({
      equipmentId: tasks.equipmentId,
      id: tasks.id,
      code: tasks.code,
      produced: sql<number>`coalesce(sum(${taskOutputs.produced}), 0)`.mapWith(Number),
      total: sql<number>`coalesce(sum(${taskOutputs.perRepetition}), 0) * ${tasks.repetitions}`.mapWith(Number),
      telemetryPieces: tasks.telemetryPieces,
      startedAt: tasks.startedAt,
    })
    .from(tasks)
    .leftJoin(taskOutputs, eq(taskOutputs.taskId, tasks.id))
    .where(and(inArray(tasks.equipmentId, [...equipmentIds]), eq(tasks.status, 'running')))
    .groupBy(tasks.id)
    .orderBy(tasks.startedAt, tasks.code);
  const running = new Map<string, RunningTask>();
  for (const row of rows)
    if (!running.has(row.equipmentId))
      running.set(row.equipmentId, {
        id: row.id,
        code: row.code,
        done: Math.min(row.total, Math.max(row.produced, row.telemetryPieces)),
        total: row.total,
      });
  return running;
}
