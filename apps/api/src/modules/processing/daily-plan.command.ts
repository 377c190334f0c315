import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  CUT_PLAN_STATUS_LABELS,
  DAILY_PLAN_ACTION_LABELS,
  DAILY_PLAN_STATUS_LABELS,
  TECHNIQUE_CODES,
  autoSchedule,
  evaluateSchedule,
  isDailyPlanEditable,
  isEligible,
  moveJob,
  nextDailyPlanStatus,
  specUnitWeight,
  unscheduledJobs,
  type DailyPlanAction,
  type DailyPlanMoveInput,
  type DailyPlanStatus,
  type ScheduleSlot,
  type dailyPlanCreateInputSchema,
} from '@armature/domain';
import type { z } from 'zod';
import type { Tx } from '../../core/db/client.ts';
import { rebars, techniques } from '../master-data/master-data.table.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { inChunks } from '../../core/db/in-chunks.ts';
import { isoNow, sameInstant } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { cutPlanLines, cutPlanRuns, cutPlans, demandOrderLines, scheduleCutPlans } from '../planning/index.ts';
import { buildJobs, type LineFacts, type PlanToSchedule } from './daily-plan.jobs.ts';
import { findDailyPlan, loadSchedule, scheduleMachines, type DailyPlanRow } from './daily-plan.query.ts';
import { releaseTasks } from './daily-plan.release.ts';
import { requireScheduleMaterial } from './task-material.query.ts';
import { setPurchaseNeededBy } from '../stock/index.ts';
import { dailyPlanCutPlans, dailyPlanHistory, dailyPlanJobs, dailyPlanSlots, dailyPlans } from './processing.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

export const DAILY_PLAN_PREFIX = 'DP';

export type DailyPlanBody = z.output<typeof dailyPlanCreateInputSchema>;

async function recordHistory(
  tx: Tx,
  writer: Actor,
  dailyPlanId: string,
  from: DailyPlanStatus | null,
  to: DailyPlanStatus,
  at: string,
) {
  await tx.insert(dailyPlanHistory).values({
    ...writer.scope,
    dailyPlanId,
    fromStatus: from,
    toStatus: to,
    userId: writer.user.id,
    userName: writer.user.name,
    time: at,
  });
}

/**
 * The chosen cutting plans, locked (`FOR UPDATE`, in id order) so that no other schedule takes them
 * meanwhile: each must be approved (`daily_plan_cut_plan_not_approved`) and in no other schedule
 * that is not cancelled (`daily_plan_cut_plan_taken`). An id of another product: 404.
 */
async function takeCutPlans(tx: Tx, productId: string, ids: readonly string[], exceptDailyPlanId?: string) {
  const wanted = [...new Set(ids)].sort();
  const plans = await tx
    .select({ id: cutPlans.id, code: cutPlans.code, status: cutPlans.status, runId: cutPlans.approvedRunId })
    .from(cutPlans)
    .where(and(eq(cutPlans.productId, productId), inArray(cutPlans.id, wanted)))
    .orderBy(asc(cutPlans.id))
    .for('update');
  if (plans.length < wanted.length) throw new AppError('not_found');
  for (const plan of plans)
    if (plan.status !== 'approved' || !plan.runId)
      throw new AppError('daily_plan_cut_plan_not_approved', {
        code: plan.code,
        status: CUT_PLAN_STATUS_LABELS[plan.status],
      });
  const [taken] = await tx
    .select({ cutPlanId: dailyPlanCutPlans.cutPlanId, code: dailyPlans.code })
    .from(dailyPlanCutPlans)
    .innerJoin(dailyPlans, eq(dailyPlans.id, dailyPlanCutPlans.dailyPlanId))
    .where(
      and(
        inArray(dailyPlanCutPlans.cutPlanId, wanted),
        ne(dailyPlans.status, 'cancelled'),
        exceptDailyPlanId ? ne(dailyPlans.id, exceptDailyPlanId) : undefined,
      ),
    )
    .limit(1);
  if (taken)
    throw new AppError('daily_plan_cut_plan_taken', {
      code: plans.find((plan) => plan.id === taken.cutPlanId)!.code,
      dailyPlan: taken.code,
    });
  return plans.map((plan) => ({ ...plan, runId: plan.runId! }));
}

/** The techniques jobs are done with, by their master-data codes; without them no machine can do a job. */
async function cutAndBendTechniques(tx: Tx) {
  const rows = await tx
    .select({ id: techniques.id, code: techniques.code })
    .from(techniques)
    .where(inArray(techniques.code, [TECHNIQUE_CODES.cut, TECHNIQUE_CODES.bend]));
  const cut = rows.find((row) => row.code === TECHNIQUE_CODES.cut)?.id;
  const bend = rows.find((row) => row.code === TECHNIQUE_CODES.bend)?.id;
  if (!cut || !bend) throw new AppError('daily_plan_no_machine');
  return { cut, bend };
}

/** What the jobs need of the plans' order lines and specs. */
async function jobSources(tx: Tx, plans: readonly { id: string; code: string; runId: string }[]) {
  const planIds = plans.map((plan) => plan.id);
  const runs = await tx
    .select({ id: cutPlanRuns.id, result: cutPlanRuns.result })
    .from(cutPlanRuns)
    .where(
      inArray(
        cutPlanRuns.id,
        plans.map((plan) => plan.runId),
      ),
    );
  const results = new Map(runs.map((run) => [run.id, run.result?.groups ?? []]));
  const toSchedule: PlanToSchedule[] = plans.map((plan) => ({
    id: plan.id,
    code: plan.code,
    groups: results.get(plan.runId) ?? [],
  }));
  const lineRows = await tx
    .select({
      id: demandOrderLines.id,
      orderId: demandOrderLines.orderId,
      mark: demandOrderLines.mark,
      length: demandOrderLines.length,
      geometry: demandOrderLines.geometry,
    })
    .from(cutPlanLines)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, cutPlanLines.orderLineId))
    .where(inArray(cutPlanLines.planId, planIds));
  const lines = new Map<string, LineFacts>(
    lineRows.map((line) => [
      line.id,
      { orderId: line.orderId, mark: line.mark, length: line.length, bent: line.geometry.length > 1 },
    ]),
  );
  const rebarIds = [...new Set(toSchedule.flatMap((plan) => plan.groups.map((group) => group.rebarId)))];
  const specs = rebarIds.length
    ? await tx
        .select({ id: rebars.id, unitWeight: rebars.unitWeight, diameter: rebars.diameter })
        .from(rebars)
        .where(inArray(rebars.id, rebarIds))
    : [];
  return {
    plans: toSchedule,
    lines,
    unitWeights: new Map(specs.map((spec) => [spec.id, specUnitWeight(spec)])),
    techniques: await cutAndBendTechniques(tx),
  };
}

/** Replaces a schedule's slots with `slots`. */
/** A slot as the schedule stores it (its job by the job's key). */
export const slotRow = (plan: Pick<DailyPlanRow, 'id' | 'clientId' | 'productId'>, slot: ScheduleSlot) => ({
  clientId: plan.clientId,
  productId: plan.productId,
  dailyPlanId: plan.id,
  jobKey: slot.jobId,
  equipmentId: slot.machineId,
  kind: slot.kind,
  startsAt: new Date(slot.from).toISOString(),
  endsAt: new Date(slot.to).toISOString(),
});

export async function storeSlots(tx: Tx, plan: DailyPlanRow, slots: readonly ScheduleSlot[]) {
  await tx.delete(dailyPlanSlots).where(eq(dailyPlanSlots.dailyPlanId, plan.id));
  await inChunks(
    slots.map((slot) => slotRow(plan, slot)),
    (chunk) => tx.insert(dailyPlanSlots).values(chunk),
  );
}

export async function touch(
  tx: Tx,
  writer: Pick<Actor, 'user'>,
  plan: DailyPlanRow,
  changes: Partial<DailyPlanRow> = {},
  at = isoNow(),
) {
  await tx
    .update(dailyPlans)
    .set({ ...changes, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(dailyPlans.id, plan.id));
}

/**
 * A draft schedule over approved cutting plans, auto-scheduled at once onto the chosen machines (any
 * other id: 400 on `machineIds`) or every machine installed on the product (none: 409
 * `daily_plan_no_machine`).
 */
export async function createDailyPlan(tx: Tx, writer: Actor, body: DailyPlanBody): Promise<string> {
  const { productId } = writer.scope;
  const machines = await scheduleMachines(tx, productId, body.machineIds ?? null);
  if (body.machineIds && machines.length < new Set(body.machineIds).size)
    throw invalidFields({ machineIds: ['invalid'] });
  if (!machines.length) throw new AppError('daily_plan_no_machine');
  const plans = await takeCutPlans(tx, productId, body.cutPlanIds);
  const jobs = buildJobs(await jobSources(tx, plans));
  const at = isoNow();
  const [plan] = await tx
    .insert(dailyPlans)
    .values({
      ...writer.scope,
      code: await nextDocumentCode(tx, productId, DAILY_PLAN_PREFIX, new Date(at)),
      firstDay: body.firstDay,
      days: body.days,
      status: 'draft',
      machineIds: machines.map((machine) => machine.id),
      remark: body.remark ?? null,
      creatorId: writer.user.id,
      creationTime: at,
    })
    .returning();
  if (!plan) throw new Error('daily plan insert returned no row');
  await tx
    .insert(dailyPlanCutPlans)
    .values(
      plans.map((cutPlan) => ({ ...writer.scope, dailyPlanId: plan.id, cutPlanId: cutPlan.id, runId: cutPlan.runId })),
    );
  await inChunks(
    jobs.map((job) => ({ ...job, ...writer.scope, dailyPlanId: plan.id })),
    (chunk) => tx.insert(dailyPlanJobs).values(chunk),
  );
  const { input } = await loadSchedule(tx, plan);
  await storeSlots(tx, plan, autoSchedule(input).slots);
  await recordHistory(tx, writer, plan.id, null, 'draft', at);
  return plan.id;
}

/** A draft, locked, and current (`stale_update` when it changed since `stamp`); 409 once released or cancelled. */
export async function editableDraft(tx: Tx, writer: Actor, id: string, stamp: string | null | undefined) {
  const plan = await findDailyPlan(tx, writer.scope.productId, id, true);
  if (!isDailyPlanEditable(plan.status))
    throw new AppError('daily_plan_not_editable', { code: plan.code, status: DAILY_PLAN_STATUS_LABELS[plan.status] });
  if (stamp !== undefined && !sameInstant(stamp, plan.lastModificationTime)) throw new AppError('stale_update');
  return plan;
}

/** Lays a draft out again by the list schedule; pinned jobs stay where the planner put them unless `clearPins`. */
export async function rescheduleDailyPlan(
  tx: Tx,
  writer: Actor,
  id: string,
  options: { clearPins: boolean; concurrencyStamp?: string | null },
) {
  const plan = await editableDraft(tx, writer, id, options.concurrencyStamp);
  if (options.clearPins)
    await tx.update(dailyPlanJobs).set({ pinned: null }).where(eq(dailyPlanJobs.dailyPlanId, plan.id));
  const { input } = await loadSchedule(tx, plan);
  await storeSlots(tx, plan, autoSchedule(input).slots);
  await touch(tx, writer, plan);
}

/**
 * A drag on the board: the job pinned on the dropped machine from the dropped instant, its work laid
 * there, every other job's work left where it was (the detail's evaluation shows what now overlaps).
 * 400 naming `jobId` (no such job), `machineId` (not a machine of the schedule able to do it) or
 * `start` (too little shift time left before the horizon ends).
 */
export async function moveDailyPlanJob(tx: Tx, writer: Actor, id: string, move: DailyPlanMoveInput) {
  const plan = await editableDraft(tx, writer, id, move.concurrencyStamp);
  const { input, slots } = await loadSchedule(tx, plan);
  const job = input.jobs.find((candidate) => candidate.id === move.jobId);
  if (!job) throw invalidFields({ jobId: ['invalid'] });
  const machine = input.machines.find((candidate) => candidate.id === move.machineId);
  const moved = moveJob(input, slots, move);
  if (!moved)
    throw invalidFields(machine && isEligible(job, machine) ? { start: ['invalid'] } : { machineId: ['invalid'] });
  await tx
    .update(dailyPlanJobs)
    .set({ pinned: { machineId: move.machineId, start: move.start } })
    .where(and(eq(dailyPlanJobs.dailyPlanId, plan.id), eq(dailyPlanJobs.key, move.jobId)));
  await storeSlots(tx, plan, moved);
  await touch(tx, writer, plan);
}

function refuseTransition(plan: DailyPlanRow, action: DailyPlanAction): never {
  throw new AppError('daily_plan_transition', {
    code: plan.code,
    status: DAILY_PLAN_STATUS_LABELS[plan.status],
    action: DAILY_PLAN_ACTION_LABELS[action],
  });
}

/**
 * Releases a draft: every job must have its work on a machine (`daily_plan_unscheduled`) and the
 * schedule no problem (`daily_plan_has_problems`); its cutting plans must still be approved; its cut
 * jobs' material is checked (`requireMaterial`). Then one task per job, the plans `scheduled` (their
 * purchase lists needed by the schedule's first day), the schedule `released` — all in this transaction.
 */
export async function releaseDailyPlan(tx: Tx, writer: Actor, id: string) {
  const plan = await findDailyPlan(tx, writer.scope.productId, id, true);
  const next = nextDailyPlanStatus(plan.status, 'release');
  if (!next) refuseTransition(plan, 'release');
  const schedule = await loadSchedule(tx, plan);
  const unscheduled = unscheduledJobs(schedule.input, schedule.slots);
  if (unscheduled.length) throw new AppError('daily_plan_unscheduled', { count: unscheduled.length });
  const { problems } = evaluateSchedule(schedule.input, schedule.slots);
  if (problems.length) throw new AppError('daily_plan_has_problems', { count: problems.length });
  const links = await tx
    .select({ cutPlanId: dailyPlanCutPlans.cutPlanId })
    .from(dailyPlanCutPlans)
    .where(eq(dailyPlanCutPlans.dailyPlanId, plan.id));
  const cutPlanIds = links.map((link) => link.cutPlanId);
  await takeCutPlans(tx, plan.productId, cutPlanIds, plan.id);
  await requireScheduleMaterial(tx, plan.productId, plan.id);
  const at = isoNow();
  await setPurchaseNeededBy(tx, new Map(cutPlanIds.map((cutPlanId) => [cutPlanId, plan.firstDay])));
  await scheduleCutPlans(tx, writer, cutPlanIds, plan.code);
  await touch(tx, writer, plan, { status: next }, at);
  await recordHistory(tx, writer, plan.id, plan.status, next, at);
  // Last: the tasks take their codes, whose counter row other releases of the product wait for until commit.
  await releaseTasks(tx, writer, plan, schedule, at);
}

/** Cancels a draft: its cutting plans are free for another schedule. */
export async function cancelDailyPlan(tx: Tx, writer: Actor, id: string) {
  const plan = await findDailyPlan(tx, writer.scope.productId, id, true);
  const next = nextDailyPlanStatus(plan.status, 'cancel');
  if (!next) refuseTransition(plan, 'cancel');
  const at = isoNow();
  await touch(tx, writer, plan, { status: next }, at);
  await recordHistory(tx, writer, plan.id, plan.status, next, at);
}

/** Deletes a draft with its jobs, slots and history; its cutting plans are free again. */
export async function deleteDailyPlan(tx: Tx, writer: Actor, id: string) {
  const plan = await findDailyPlan(tx, writer.scope.productId, id, true);
  if (!isDailyPlanEditable(plan.status))
    throw new AppError('daily_plan_not_editable', { code: plan.code, status: DAILY_PLAN_STATUS_LABELS[plan.status] });
  await tx.delete(dailyPlans).where(eq(dailyPlans.id, plan.id));
}
