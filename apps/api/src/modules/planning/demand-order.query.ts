import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PLANNABLE_ORDER_STATUSES,
  gramsToKg,
  type DemandOrder,
  type DemandOrderDetail,
  type DemandOrderLine,
  type DemandOrderListQuery,
  type DiameterTotal,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { demandOrderHistory, demandOrderLines, demandOrders } from './planning.table.ts';

const creator = alias(users, 'creator');

const orderColumns = {
  id: demandOrders.id,
  code: demandOrders.code,
  project: demandOrders.project,
  element: demandOrders.element,
  customer: demandOrders.customer,
  demandDate: demandOrders.demandDate,
  priority: demandOrders.priority,
  status: demandOrders.status,
  source: demandOrders.source,
  remark: demandOrders.remark,
  lineCount: demandOrders.lineCount,
  totalQuantity: demandOrders.totalQuantity,
  totalWeightGrams: demandOrders.totalWeightGrams,
  creatorName: creator.name,
  creationTime: demandOrders.creationTime,
  lastModificationTime: demandOrders.lastModificationTime,
};

const selectOrders = (db: Db | Tx) =>
  db.select(orderColumns).from(demandOrders).leftJoin(creator, eq(creator.id, demandOrders.creatorId)).$dynamic();

function toOrder(row: Awaited<ReturnType<typeof selectOrders>>[number]): DemandOrder {
  const { totalWeightGrams, ...rest } = row;
  return {
    ...rest,
    totalWeight: gramsToKg(totalWeightGrams),
    creationTime: toIso(row.creationTime),
    lastModificationTime: toIso(row.lastModificationTime),
  };
}

/** Urgent first when sorting by priority descending: the rank, not the word. */
const priorityRank = sql`case ${demandOrders.priority} when 'urgent' then 3 when 'high' then 2 when 'normal' then 1 else 0 end`;

const ORDER_LIST: ListSpec = {
  searchable: [demandOrders.code, demandOrders.project, demandOrders.element, demandOrders.customer],
  sortable: {
    code: demandOrders.code,
    project: demandOrders.project,
    demandDate: demandOrders.demandDate,
    priority: priorityRank,
    status: demandOrders.status,
    totalWeight: demandOrders.totalWeightGrams,
    creationTime: demandOrders.creationTime,
  },
  defaultOrder: [desc(demandOrders.creationTime), desc(demandOrders.code), asc(demandOrders.id)],
};

/** An order a cutting plan may take: confirmed or producing, with a current line that has pieces left to plan. */
const orderToPlan = and(
  inArray(demandOrders.status, [...PLANNABLE_ORDER_STATUSES]),
  sql`exists (select 1 from ${demandOrderLines} where ${demandOrderLines.orderId} = ${demandOrders.id}
    and ${demandOrderLines.supersededAt} is null and ${demandOrderLines.plannedQuantity} < ${demandOrderLines.quantity})`,
);

const listConditions = (productId: string, query: Omit<DemandOrderListQuery, 'skipCount' | 'maxResultCount'>) => [
  eq(demandOrders.productId, productId),
  query.status ? eq(demandOrders.status, query.status) : undefined,
  query.priority ? eq(demandOrders.priority, query.priority) : undefined,
  query.demandDateFrom ? gte(demandOrders.demandDate, query.demandDateFrom) : undefined,
  query.demandDateTo ? lte(demandOrders.demandDate, query.demandDateTo) : undefined,
  query.toPlan ? orderToPlan : undefined,
];

/** A page of the product's orders: filters on status, priority, the demand-date range and `toPlan`; the keyword on code, project, element, customer. */
export async function listDemandOrders(db: Db, productId: string, query: DemandOrderListQuery) {
  const clauses = listClauses(query, ORDER_LIST, listConditions(productId, query));
  const page = await fetchPage(selectOrders(db), db.select({ value: count() }).from(demandOrders).$dynamic(), clauses);
  return { items: page.items.map(toOrder), totalCount: page.totalCount };
}

/** Every order of the product (newest first) for selects: the cutting plan picks its orders from these. */
export async function allDemandOrders(db: Db, productId: string) {
  const rows = await selectOrders(db)
    .where(eq(demandOrders.productId, productId))
    .orderBy(...ORDER_LIST.defaultOrder);
  return rows.map(toOrder);
}

/** The lines of an order, in line order, with their spec. */
export async function linesOf(db: Db | Tx, orderId: string): Promise<DemandOrderLine[]> {
  const rows = await db
    .select({
      line: demandOrderLines,
      rebarName: rebars.name,
      grade: rebars.grade,
      diameter: rebars.diameter,
    })
    .from(demandOrderLines)
    .innerJoin(rebars, eq(rebars.id, demandOrderLines.rebarId))
    .where(eq(demandOrderLines.orderId, orderId))
    .orderBy(asc(demandOrderLines.lineNo));
  return rows.map(({ line, rebarName, grade, diameter }) => ({
    id: line.id,
    lineNo: line.lineNo,
    mark: line.mark,
    rebarId: line.rebarId,
    rebarName,
    grade,
    diameter,
    length: line.length,
    members: line.members,
    barsPerMember: line.barsPerMember,
    quantity: line.quantity,
    weight: gramsToKg(line.weightGrams),
    shapeCode: line.shapeCode,
    geometry: line.geometry,
    mandrel: line.mandrel,
    techniqueIds: line.techniqueIds,
    piecesPerBundle: line.piecesPerBundle,
    drawing: line.drawing,
    privateBlock: line.privateBlock,
    remark: line.remark,
    plannedQuantity: line.plannedQuantity,
    producedQuantity: line.producedQuantity,
    supersededRevision: line.supersededAt ? line.supersededRevision : null,
  }));
}

/** Pieces, metres and kilograms per diameter, smallest diameter first. */
export function totalsByDiameter(lines: readonly DemandOrderLine[]): DiameterTotal[] {
  const totals = new Map<number, { pieces: number; millimetres: number; grams: number }>();
  for (const line of lines) {
    const total = totals.get(line.diameter) ?? { pieces: 0, millimetres: 0, grams: 0 };
    total.pieces += line.quantity;
    total.millimetres += line.length * line.quantity;
    total.grams += Math.round(line.weight * 1000);
    totals.set(line.diameter, total);
  }
  return [...totals]
    .sort(([a], [b]) => a - b)
    .map(([diameter, total]) => ({
      diameter,
      pieces: total.pieces,
      metres: total.millimetres / 1000,
      weight: gramsToKg(total.grams),
    }));
}

/** The header of an order of the product; 404 for an order of another product or none. */
export async function demandOrderHeader(db: Db | Tx, productId: string, id: string): Promise<DemandOrder> {
  const [row] = await selectOrders(db).where(and(eq(demandOrders.id, id), eq(demandOrders.productId, productId)));
  if (!row) throw new AppError('not_found');
  return toOrder(row);
}

/**
 * An order of the product with its lines, status history (with who), totals by diameter and the
 * cutting plans that use it (`cutPlans` answers them: the cutting-plan area provides it).
 */
export async function demandOrderDetail(
  db: Db | Tx,
  productId: string,
  id: string,
  cutPlans: (db: Db | Tx, id: string) => Promise<DemandOrderDetail['cutPlans']> = async () => [],
): Promise<DemandOrderDetail> {
  const header = await demandOrderHeader(db, productId, id);
  const lines = await linesOf(db, id);
  const history = await db
    .select({
      id: demandOrderHistory.id,
      fromStatus: demandOrderHistory.fromStatus,
      toStatus: demandOrderHistory.toStatus,
      userId: demandOrderHistory.userId,
      // The name as it was when the step was taken; the user's current one for rows without it.
      userName: sql<string | null>`coalesce(${demandOrderHistory.userName}, ${users.name})`,
      time: demandOrderHistory.time,
      note: demandOrderHistory.note,
    })
    .from(demandOrderHistory)
    .leftJoin(users, eq(users.id, demandOrderHistory.userId))
    .where(eq(demandOrderHistory.orderId, id))
    .orderBy(asc(demandOrderHistory.seq));
  return {
    ...header,
    lines,
    history: history.map((row) => ({ ...row, time: toIso(row.time) })),
    totals: totalsByDiameter(lines.filter((line) => line.supersededRevision === null)),
    cutPlans: await cutPlans(db, id),
  };
}

const USAGE_LABEL = { 'zh-CN': '需求订单', 'en-US': 'Demand orders', 'fr-FR': 'Commandes de besoins' } as const;
const NAMED = 5;

/** Demand orders whose lines use a rebar spec or technique, or that belong to a product: they keep it from being deleted. */
export async function demandOrderUsage(
  tx: Tx,
  by: { rebarId: string } | { techniqueId: string } | { productId: string },
): Promise<Referrers[]> {
  const where =
    'productId' in by
      ? eq(demandOrders.productId, by.productId)
      : inArray(
          demandOrders.id,
          tx
            .select({ id: demandOrderLines.orderId })
            .from(demandOrderLines)
            .where(
              'rebarId' in by
                ? eq(demandOrderLines.rebarId, by.rebarId)
                : sql`${demandOrderLines.techniqueIds} @> array[${by.techniqueId}]::uuid[]`,
            ),
        );
  const total = await tx.$count(demandOrders, where);
  if (!total) return [];
  const named = await tx
    .select({ code: demandOrders.code })
    .from(demandOrders)
    .where(where)
    .orderBy(desc(demandOrders.code))
    .limit(NAMED);
  return [{ label: USAGE_LABEL, names: named.map((row) => row.code), total: Number(total) }];
}
