import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  gramsToKg,
  isPlannableOrder,
  type CutPlan,
  type CutPlanDetail,
  type CutPlanJob,
  type CutPlanListQuery,
  type CutPlanRun,
  type DemandOrderDetail,
  type JobStatus,
  type Localized,
  type PlanGroup,
  type PlanPattern,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import { readJob } from '../../core/jobs/jobs.service.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { lotCodesOfRows } from '../stock/index.ts';
import { cutPlanHistory, cutPlanLines, cutPlanRuns, cutPlans } from './cut-plan.table.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';

const creator = alias(users, 'cut_plan_creator');

export type PlanRow = typeof cutPlans.$inferSelect;
export type RunRow = typeof cutPlanRuns.$inferSelect;

/** A plan of the product; 404 for another product's or none. `lock`: FOR UPDATE (writes take turns). */
export async function findPlan(db: Db | Tx, productId: string, id: string, lock = false): Promise<PlanRow> {
  const query = db
    .select()
    .from(cutPlans)
    .where(and(eq(cutPlans.id, id), eq(cutPlans.productId, productId)));
  const [plan] = lock ? await query.for('update') : await query;
  if (!plan) throw new AppError('not_found');
  return plan;
}

/** The order lines a plan takes, with their line and order as they are now. */
export async function planLines(db: Db | Tx, planId: string) {
  return db
    .select({
      id: cutPlanLines.id,
      orderLineId: cutPlanLines.orderLineId,
      orderId: cutPlanLines.orderId,
      quantity: cutPlanLines.quantity,
      placedQuantity: cutPlanLines.placedQuantity,
      lineQuantity: demandOrderLines.quantity,
      plannedQuantity: demandOrderLines.plannedQuantity,
      length: demandOrderLines.length,
      rebarId: demandOrderLines.rebarId,
      mark: demandOrderLines.mark,
      lineNo: demandOrderLines.lineNo,
      shapeCode: demandOrderLines.shapeCode,
      orderCode: demandOrders.code,
      orderStatus: demandOrders.status,
      project: demandOrders.project,
      supersededAt: demandOrderLines.supersededAt,
    })
    .from(cutPlanLines)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, cutPlanLines.orderLineId))
    .innerJoin(demandOrders, eq(demandOrders.id, cutPlanLines.orderId))
    .where(eq(cutPlanLines.planId, planId))
    .orderBy(asc(demandOrders.code), asc(demandOrderLines.lineNo));
}
export type PlanLine = Awaited<ReturnType<typeof planLines>>[number];

const idleJob = (state: CutPlanJob['state']): CutPlanJob => ({ id: null, state, progress: null, message: null });

/** A run's job as the contract shows it: the job's state and message, the run's live figures. */
export function runJob(run: RunRow, status: JobStatus | null): CutPlanJob {
  if (!run.jobId) return { ...idleJob(run.result ? 'succeeded' : 'failed'), progress: run.progress };
  return {
    id: run.jobId,
    state: status?.state ?? 'failed',
    progress: run.progress,
    message: status?.message ?? (status ? null : 'the job is gone'),
  };
}

function toRun(run: RunRow, status: JobStatus | null): CutPlanRun {
  return {
    id: run.id,
    number: run.number,
    settings: run.settings,
    job: runJob(run, status),
    totals: run.result?.totals ?? null,
    creationTime: toIso(run.creationTime),
    finishedTime: toIso(run.finishedTime),
  };
}

const planColumns = {
  id: cutPlans.id,
  code: cutPlans.code,
  planDate: cutPlans.planDate,
  status: cutPlans.status,
  specs: cutPlans.specs,
  demandWeightGrams: cutPlans.demandWeightGrams,
  remark: cutPlans.remark,
  creatorName: creator.name,
  creationTime: cutPlans.creationTime,
  currentRunId: cutPlans.currentRunId,
  /** The current run's totals and job. */
  materialWeight: sql<number | null>`(${cutPlanRuns.result} -> 'totals' ->> 'materialWeight')::float8`,
  useRate: sql<number | null>`(${cutPlanRuns.result} -> 'totals' ->> 'useRate')::float8`,
  jobState: sql<string | null>`(select bj.state from background_jobs bj where bj.id = ${cutPlanRuns.jobId})`,
  hasResult: sql<boolean>`${cutPlanRuns.result} is not null`,
  orderCodes: sql<
    string[]
  >`coalesce((select array_agg(distinct o.code order by o.code) from ${cutPlanLines} l join ${demandOrders} o on o.id = l.order_id where l.plan_id = ${cutPlans.id}), '{}')`,
};

const selectPlans = (db: Db | Tx) =>
  db
    .select(planColumns)
    .from(cutPlans)
    .leftJoin(creator, eq(creator.id, cutPlans.creatorId))
    .leftJoin(cutPlanRuns, eq(cutPlanRuns.id, cutPlans.currentRunId))
    .$dynamic();

function toPlan(row: Awaited<ReturnType<typeof selectPlans>>[number]): CutPlan {
  return {
    id: row.id,
    code: row.code,
    planDate: row.planDate,
    status: row.status,
    specs: row.specs,
    orderCodes: row.orderCodes ?? [],
    demandWeight: gramsToKg(row.demandWeightGrams),
    materialWeight: row.materialWeight === null ? null : Number(row.materialWeight),
    useRate: row.useRate === null ? null : Number(row.useRate),
    jobState: row.currentRunId ? ((row.jobState as CutPlan['jobState']) ?? (row.hasResult ? 'succeeded' : null)) : null,
    remark: row.remark,
    creatorName: row.creatorName,
    creationTime: toIso(row.creationTime),
  };
}

const PLAN_LIST: ListSpec = {
  searchable: [cutPlans.code, cutPlans.specs, cutPlans.remark],
  sortable: {
    code: cutPlans.code,
    planDate: cutPlans.planDate,
    status: cutPlans.status,
    demandWeight: cutPlans.demandWeightGrams,
    creationTime: cutPlans.creationTime,
  },
  defaultOrder: [desc(cutPlans.creationTime), desc(cutPlans.code), asc(cutPlans.id)],
};

/** A page of the product's plans: filters on status and plan-date range; the keyword on code, specs and remark. */
export async function listCutPlans(db: Db, productId: string, query: CutPlanListQuery) {
  const clauses = listClauses(query, PLAN_LIST, [
    eq(cutPlans.productId, productId),
    query.status ? eq(cutPlans.status, query.status) : undefined,
    query.planDateFrom ? gte(cutPlans.planDate, query.planDateFrom) : undefined,
    query.planDateTo ? lte(cutPlans.planDate, query.planDateTo) : undefined,
  ]);
  const page = await fetchPage(selectPlans(db), db.select({ value: count() }).from(cutPlans).$dynamic(), clauses);
  return { items: page.items.map(toPlan), totalCount: page.totalCount };
}

/** The result's groups, each offcut pattern naming the lot its bars come from (the oldest, see `takeOldestLots`). */
async function withLotCodes(db: Db | Tx, groups: readonly PlanGroup[]): Promise<PlanGroup[]> {
  const offcut = (pattern: PlanPattern) => (pattern.source === 'offcut' ? pattern.stockId : null);
  const codes = await lotCodesOfRows(
    db,
    groups.flatMap((group) => group.patterns.flatMap((pattern) => offcut(pattern) ?? [])),
  );
  return groups.map((group) => ({
    ...group,
    patterns: group.patterns.map((pattern) => {
      const stockId = offcut(pattern);
      return stockId ? { ...pattern, lotCode: codes.get(stockId) ?? null } : pattern;
    }),
  }));
}

/** `GET /api/cutPlan/{id}`: the plan, its current run's job and result, every run, its history. */
export async function cutPlanDetail(db: Db | Tx, productId: string, id: string): Promise<CutPlanDetail> {
  const [row] = await selectPlans(db).where(and(eq(cutPlans.id, id), eq(cutPlans.productId, productId)));
  if (!row) throw new AppError('not_found');
  const plan = await findPlan(db, productId, id);
  const runs = await db.select().from(cutPlanRuns).where(eq(cutPlanRuns.planId, id)).orderBy(asc(cutPlanRuns.number));
  const statuses = new Map<string, JobStatus | null>();
  for (const run of runs) if (run.jobId) statuses.set(run.jobId, await readJob(db, run.jobId));
  const current = runs.find((run) => run.id === plan.currentRunId) ?? null;
  const orders = await db
    .selectDistinct({ id: demandOrders.id, code: demandOrders.code, project: demandOrders.project })
    .from(cutPlanLines)
    .innerJoin(demandOrders, eq(demandOrders.id, cutPlanLines.orderId))
    .where(eq(cutPlanLines.planId, id))
    .orderBy(asc(demandOrders.code));
  const history = await db
    .select({
      fromStatus: cutPlanHistory.fromStatus,
      toStatus: cutPlanHistory.toStatus,
      userName: sql<string | null>`coalesce(${cutPlanHistory.userName}, ${users.name})`,
      time: cutPlanHistory.time,
      note: cutPlanHistory.note,
    })
    .from(cutPlanHistory)
    .leftJoin(users, eq(users.id, cutPlanHistory.userId))
    .where(eq(cutPlanHistory.planId, id))
    .orderBy(asc(cutPlanHistory.seq));
  return {
    ...toPlan(row),
    settings: {
      kerf: plan.kerf,
      endTrim: plan.endTrim,
      minTailLength: plan.minTailLength,
      wasteLength: plan.wasteLength,
      thresholds: plan.thresholds,
    },
    sources: plan.sources,
    timeLimitS: plan.timeLimitS,
    orders,
    job: current ? runJob(current, current.jobId ? (statuses.get(current.jobId) ?? null) : null) : idleJob('queued'),
    currentRunId: plan.currentRunId,
    totals: current?.result?.totals ?? null,
    groups: await withLotCodes(db, current?.result?.groups ?? []),
    runs: runs.map((run) => toRun(run, run.jobId ? (statuses.get(run.jobId) ?? null) : null)),
    history: history.map((entry) => ({ ...entry, time: toIso(entry.time) })),
  };
}

/** The plans that use a demand order (any status), for its detail page. */
export async function cutPlansOfOrder(db: Db | Tx, orderId: string): Promise<DemandOrderDetail['cutPlans']> {
  return db
    .selectDistinct({ id: cutPlans.id, code: cutPlans.code, status: cutPlans.status })
    .from(cutPlanLines)
    .innerJoin(cutPlans, eq(cutPlans.id, cutPlanLines.planId))
    .where(eq(cutPlanLines.orderId, orderId))
    .orderBy(asc(cutPlans.code));
}

const PLAN_USAGE_LABEL: Localized = { 'zh-CN': '优化加工方案', 'en-US': 'Cutting plans', 'fr-FR': 'Plans de coupe' };

/** The plans that keep a demand order from being cancelled: every one not cancelled. */
export async function cutPlanUsageOfOrder(tx: Tx, orderId: string): Promise<Referrers[]> {
  const rows = await tx
    .selectDistinct({ code: cutPlans.code })
    .from(cutPlanLines)
    .innerJoin(cutPlans, eq(cutPlans.id, cutPlanLines.planId))
    .where(and(eq(cutPlanLines.orderId, orderId), ne(cutPlans.status, 'cancelled')))
    .orderBy(asc(cutPlans.code));
  return rows.length ? [{ label: PLAN_USAGE_LABEL, names: rows.map((row) => row.code) }] : [];
}

/** Plans that use a rebar spec or belong to a product: they keep it from being deleted. */
export async function cutPlanUsage(tx: Tx, by: { rebarId: string } | { productId: string }): Promise<Referrers[]> {
  const where =
    'productId' in by
      ? eq(cutPlans.productId, by.productId)
      : inArray(
          cutPlans.id,
          tx
            .select({ id: cutPlanLines.planId })
            .from(cutPlanLines)
            .innerJoin(demandOrderLines, eq(demandOrderLines.id, cutPlanLines.orderLineId))
            .where(eq(demandOrderLines.rebarId, by.rebarId)),
        );
  const total = await tx.$count(cutPlans, where);
  if (!total) return [];
  const named = await tx
    .select({ code: cutPlans.code })
    .from(cutPlans)
    .where(where)
    .orderBy(desc(cutPlans.code))
    .limit(5);
  return [{ label: PLAN_USAGE_LABEL, names: named.map((row) => row.code), total: Number(total) }];
}

/** The spec names of a plan's groups, for lists: `HRB400E Φ12, HRB400E Φ16`. */
export async function specNames(db: Db | Tx, rebarIds: readonly string[]): Promise<string> {
  if (!rebarIds.length) return '';
  const rows = await db
    .select({ name: rebars.name })
    .from(rebars)
    .where(inArray(rebars.id, [...rebarIds]))
    .orderBy(asc(rebars.diameter), asc(rebars.grade));
  return rows.map((row) => row.name).join(', ');
}

/**
 * A digest of what a plan was made from: per line its id, spec, length and quantity, and its order.
 * Lines of a confirmed or producing order change only by a revision; this catches any that did (or went) since.
 */
export function ordersFingerprint(
  lines: readonly { orderLineId: string; orderId: string; rebarId: string; length: number; lineQuantity: number }[],
) {
  const text = [...lines]
    .map((line) => `${line.orderId}/${line.orderLineId}:${line.rebarId}:${line.length}:${line.lineQuantity}`)
    .sort()
    .join('\n');
  return createHash('sha256').update(text).digest('hex');
}

/** The plan's orders and lines as they are now: refused (`cut_plan_orders_changed`) when they changed. */
export async function checkOrdersUnchanged(tx: Tx, plan: PlanRow, lines?: PlanLine[]): Promise<PlanLine[]> {
  const current = lines ?? (await planLines(tx, plan.id));
  const [{ taken } = { taken: 0 }] = await tx
    .select({ taken: sql<number>`count(*)`.mapWith(Number) })
    .from(cutPlanLines)
    .where(eq(cutPlanLines.planId, plan.id));
  // An order no plan may take any more (planned by another, cancelled), or a line a revision superseded.
  const notConfirmed = current.filter((line) => !isPlannableOrder(line.orderStatus) || line.supersededAt !== null);
  if (current.length !== taken || ordersFingerprint(current) !== plan.ordersFingerprint || notConfirmed.length) {
    const codes = [...new Set((notConfirmed.length ? notConfirmed : current).map((line) => line.orderCode))];
    throw new AppError('cut_plan_orders_changed', { codes: codes.join(', ') });
  }
  return current;
}
