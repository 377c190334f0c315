import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  rollUp,
  sortPreOrder,
  type Localized,
  type MakeBom,
  type MakeBomDetail,
  type MakeBomNode,
  type makeBomListQuerySchema,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { spareParts } from './spare-part.table.ts';
import { techniques } from '../master-data/master-data.table.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { designBoms, makeBomNodes, makeBoms } from './bom.table.ts';
import { bomVersionLabel } from './spare-part.query.ts';

type ListQuery = z.output<typeof makeBomListQuerySchema>;

const code = sql<string>`${designBoms.code} || ' v' || ${designBoms.version}`;
const nodeCount = sql<number>`(select count(*)::int from ${makeBomNodes} where ${makeBomNodes.makeBomId} = ${makeBoms.id})`;

const selectMakeBoms = (db: Db | Tx) =>
  db
    .select({
      id: makeBoms.id,
      code,
      name: makeBoms.name,
      designBomId: makeBoms.designBomId,
      designVersion: designBoms.version,
      nodeCount,
      creationTime: makeBoms.creationTime,
      lastModificationTime: makeBoms.lastModificationTime,
    })
    .from(makeBoms)
    .innerJoin(designBoms, eq(designBoms.id, makeBoms.designBomId))
    .$dynamic();

type Row = Awaited<ReturnType<typeof selectMakeBoms>>[number];

const toMakeBom = (row: Row): MakeBom => ({
  ...row,
  creationTime: toIso(row.creationTime),
  lastModificationTime: toIso(row.lastModificationTime),
});

const MAKE_BOM_LIST: ListSpec = {
  searchable: [designBoms.code, makeBoms.name],
  sortable: { code: designBoms.code, name: makeBoms.name, creationTime: makeBoms.creationTime },
  defaultOrder: [asc(designBoms.code), asc(designBoms.version), asc(makeBoms.creationTime), asc(makeBoms.id)],
};

/** A page of manufacturing BOMs: keyword over the design BOM's code and the name, optionally of one design BOM. */
export async function listMakeBoms(db: Db, query: ListQuery) {
  const clauses = listClauses(query, MAKE_BOM_LIST, [
    query.designBomId ? eq(makeBoms.designBomId, query.designBomId) : undefined,
  ]);
  const counted = db
    .select({ value: count() })
    .from(makeBoms)
    .innerJoin(designBoms, eq(designBoms.id, makeBoms.designBomId))
    .$dynamic();
  const page = await fetchPage(selectMakeBoms(db), counted, clauses);
  return { items: page.items.map(toMakeBom), totalCount: page.totalCount };
}

/** The techniques' (Chinese) names in the order the node lists their ids. */
const techniqueNames = sql<string[]>`coalesce((
  select array_agg(${techniques.name} order by ordinality)::text[]
    from jsonb_array_elements_text(${makeBomNodes.techniqueIds}) with ordinality as listed(id, ordinality)
    join ${techniques} on ${techniques.id}::text = listed.id
), '{}'::text[])`;

/** Decimal columns as numbers (either driver may answer them as text). */
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function nodesOf(db: Db | Tx, makeBomId: string): Promise<MakeBomNode[]> {
  const rows = await db
    .select({
      id: makeBomNodes.id,
      parentId: makeBomNodes.parentId,
      partId: makeBomNodes.partId,
      partCode: spareParts.code,
      partName: spareParts.name,
      partUnit: spareParts.unit,
      weight: spareParts.weight,
      unitPrice: spareParts.unitPrice,
      quantity: makeBomNodes.quantity,
      positionNo: makeBomNodes.positionNo,
      remark: makeBomNodes.remark,
      depth: makeBomNodes.depth,
      sortIndex: makeBomNodes.sortIndex,
      techniqueIds: makeBomNodes.techniqueIds,
      techniqueNames,
      sequence: makeBomNodes.sequence,
      workCentre: makeBomNodes.workCentre,
      makeOrBuy: makeBomNodes.makeOrBuy,
    })
    .from(makeBomNodes)
    .innerJoin(spareParts, eq(spareParts.id, makeBomNodes.partId))
    .where(eq(makeBomNodes.makeBomId, makeBomId));
  const figures = rollUp(rows.map((row) => ({ ...row, weight: num(row.weight), unitPrice: num(row.unitPrice) })));
  return sortPreOrder(rows).map(({ weight: _weight, unitPrice: _unitPrice, ...row }) => ({
    ...row,
    ...figures.get(row.id)!,
  }));
}

/** A manufacturing BOM with its tree, pre-order, figures per top-level unit; 404 when there is none. */
export async function makeBomById(db: Db | Tx, id: string): Promise<MakeBomDetail> {
  const [row] = await selectMakeBoms(db).where(eq(makeBoms.id, id));
  if (!row) throw new AppError('not_found');
  return { ...toMakeBom(row), nodes: await nodesOf(db, id) };
}

const MAKE_BOM_LABEL: Localized = { 'zh-CN': '制造BOM', 'en-US': 'Manufacturing BOMs', 'fr-FR': 'BOM de fabrication' };
const NAMED = 5;

/** Manufacturing BOMs whose nodes use a technique: they keep it from being deleted. */
export async function techniqueUsageOfMakeBoms(tx: Tx, techniqueId: string): Promise<Referrers[]> {
  const using: SQL = sql`exists (select 1 from ${makeBomNodes} where ${makeBomNodes.makeBomId} = ${makeBoms.id}
    and ${makeBomNodes.techniqueIds} @> ${JSON.stringify([techniqueId])}::jsonb)`;
  const rows = await tx
    .select({ code: designBoms.code, version: designBoms.version, total: sql<number>`count(*) over ()::int` })
    .from(makeBoms)
    .innerJoin(designBoms, eq(designBoms.id, makeBoms.designBomId))
    .where(using)
    .orderBy(...MAKE_BOM_LIST.defaultOrder)
    .limit(NAMED);
  const [first] = rows;
  if (!first) return [];
  return [{ label: MAKE_BOM_LABEL, names: rows.map((bom) => bomVersionLabel(bom)), total: first.total }];
}
