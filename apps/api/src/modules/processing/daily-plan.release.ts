import { eq, inArray } from 'drizzle-orm';
import { scheduledJobs, type PlanPattern, type TaskStatus } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { nextDocumentCodes } from '../../core/db/document-code.ts';
import { inChunks } from '../../core/db/in-chunks.ts';
import { cutPlanRuns, demandOrderLines } from '../planning/index.ts';
import type { DailyPlanRow, LoadedSchedule, StoredJob } from './daily-plan.query.ts';
import { productSettings } from '../master-data/master-data.table.ts';
import { dailyPlanCutPlans, taskEvents, taskOutputs, tasks } from './processing.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { queueMachineJobs } from './machine-job.command.ts';

export const TASK_PREFIX = 'TK';

type Output = { orderLineId: string; length: number; perRepetition: number; finished: 'finished' | 'wip' };

/** The patterns of the runs a schedule took, by cut plan: `[group][pattern]`. */
async function patternsOf(tx: Tx, dailyPlanId: string): Promise<Map<string, PlanPattern[][]>> {
  const rows = await tx
    .select({ cutPlanId: dailyPlanCutPlans.cutPlanId, result: cutPlanRuns.result })
    .from(dailyPlanCutPlans)
    .innerJoin(cutPlanRuns, eq(cutPlanRuns.id, dailyPlanCutPlans.runId))
    .where(eq(dailyPlanCutPlans.dailyPlanId, dailyPlanId));
  return new Map(rows.map((row) => [row.cutPlanId, (row.result?.groups ?? []).map((group) => group.patterns)]));
}

/**
 * What a job's task makes: a cut task, each order line's pieces per bar at their length — `wip` for
 * a bent line (its bend task finishes them), `finished` for a straight one; a bend task, one finished
 * piece of its line per piece bent.
 */
function outputsOf(
  job: StoredJob,
  pattern: PlanPattern | undefined,
  bent: ReadonlySet<string>,
  lengths: ReadonlyMap<string, number>,
): Output[] {
  if (job.kind === 'bend')
    return [
      { orderLineId: job.orderLineId!, length: lengths.get(job.orderLineId!)!, perRepetition: 1, finished: 'finished' },
    ];
  const byLineAndLength = new Map<string, Output>();
  for (const cut of pattern?.cuts ?? []) {
    const key = `${cut.orderLineId}/${cut.length}`;
    const output = byLineAndLength.get(key);
    if (output) output.perRepetition += cut.count;
    else
      byLineAndLength.set(key, {
        orderLineId: cut.orderLineId,
        length: cut.length,
        perRepetition: cut.count,
        finished: bent.has(cut.orderLineId) ? 'wip' : 'finished',
      });
  }
  return [...byLineAndLength.values()];
}

/** Whether the product's tasks go to their machine's queue when released (its setting; the default without one). */
async function dispatchesOnRelease(tx: Tx, productId: string): Promise<boolean> {
  const [setting] = await tx
    .select({ dispatchMode: productSettings.dispatchMode })
    .from(productSettings)
    .where(eq(productSettings.productId, productId));
  return (setting?.dispatchMode ?? 'onRelease') === 'onRelease';
}

/**
 * One task per job of a released schedule, on the machine its work is on, planned from its first work
 * slot's start to its last one's end, coded `TK{plant day of that start}-{nnnn}` and numbered in order
 * of planned start; with what each makes per order line. Each goes to its machine's queue at once when
 * the product says so (recorded as the releaser's dispatch), else waits, pending, for the shift lead.
 * The codes are taken together (a block per plant day) just before the tasks are written, in a few
 * statements whatever the number of tasks: the day's counter row is locked from then to the commit,
 * and other releases of the product wait for it. The release calls this last.
 */
export async function releaseTasks(tx: Tx, writer: Actor, plan: DailyPlanRow, schedule: LoadedSchedule, at: string) {
  const jobsByKey = new Map(schedule.jobs.map((job) => [job.key, job]));
  const patterns = await patternsOf(tx, plan.id);
  const lineIds = [...new Set(schedule.jobs.flatMap((job) => job.orderLineIds))];
  const lines = lineIds.length
    ? await tx
        .select({ id: demandOrderLines.id, length: demandOrderLines.length, geometry: demandOrderLines.geometry })
        .from(demandOrderLines)
        .where(inArray(demandOrderLines.id, lineIds))
    : [];
  const bent = new Set(lines.filter((line) => line.geometry.length > 1).map((line) => line.id));
  const lengths = new Map(lines.map((line) => [line.id, line.length]));
  const status: TaskStatus = (await dispatchesOnRelease(tx, plan.productId)) ? 'dispatched' : 'pending';
  const ordered = scheduledJobs(schedule.input, schedule.slots).sort(
    (a, b) => a.start - b.start || a.machineId.localeCompare(b.machineId),
  );
  const jobs = ordered.map((scheduled) => jobsByKey.get(scheduled.jobId)!);
  const codes = await nextDocumentCodes(
    tx,
    plan.productId,
    TASK_PREFIX,
    ordered.map((scheduled) => new Date(scheduled.start)),
  );
  const inserted = (
    await inChunks(
      ordered.map((scheduled, index) => ({
        ...writer.scope,
        code: codes[index]!,
        dailyPlanId: plan.id,
        jobId: jobs[index]!.id,
        equipmentId: scheduled.machineId,
        kind: jobs[index]!.kind,
        status,
        repetitions: jobs[index]!.repetitions,
        plannedStart: new Date(scheduled.start).toISOString(),
        plannedEnd: new Date(scheduled.end).toISOString(),
        creatorId: writer.user.id,
        creationTime: at,
      })),
      (chunk) => tx.insert(tasks).values(chunk).returning({ id: tasks.id, jobId: tasks.jobId }),
    )
  ).flat();
  if (inserted.length !== ordered.length) throw new Error('task insert returned too few rows');
  // Rows come back in no promised order: each task is found by its job (one task per job).
  const taskOf = new Map(inserted.map((task) => [task.jobId, task.id]));
  const taskIds = jobs.map((job) => taskOf.get(job.id)!);
  if (status === 'dispatched')
    await inChunks(
      taskIds.map((taskId) => ({
        ...writer.scope,
        taskId,
        action: 'dispatch',
        fromStatus: 'pending' as const,
        toStatus: 'dispatched' as const,
        userId: writer.user.id,
        userName: writer.user.name,
        time: at,
      })),
      (chunk) => tx.insert(taskEvents).values(chunk),
    );
  const outputs = jobs.flatMap((job, index) => {
    const pattern = patterns.get(job.cutPlanId)?.[job.groupIndex]?.[job.patternIndex];
    return outputsOf(job, pattern, bent, lengths).map((output) => ({
      ...output,
      ...writer.scope,
      taskId: taskIds[index]!,
    }));
  });
  await inChunks(outputs, (chunk) => tx.insert(taskOutputs).values(chunk));
  if (status === 'dispatched') await queueMachineJobs(tx, writer.scope, taskIds);
}
