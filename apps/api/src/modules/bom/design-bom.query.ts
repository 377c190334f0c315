import { asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  compareBoms,
  roundCost,
  roundWeight,
  type BomCompare,
  type DesignBom,
  type DesignBomDetail,
  type DesignBomListQuery,
  type Locale,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { productTypes } from '../master-data/master-data.table.ts';
import { spareParts } from './spare-part.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { withIsoAudit, toIso } from '../../core/db/time.ts';
import { designBomNodes, designBoms } from './bom.table.ts';
import { bomTree } from './bom-tree.query.ts';

const nodeCount = sql<number>`(select count(*)::int from ${designBomNodes} where ${designBomNodes.bomId} = ${designBoms.id})`;

/** The product type's name in the caller's language, else the Chinese one. */
const typeName = (locale: Locale) =>
  locale === 'en-US'
    ? sql<string | null>`coalesce(${productTypes.nameEn}, ${productTypes.name})`
    : locale === 'fr-FR'
      ? sql<string | null>`coalesce(${productTypes.nameFr}, ${productTypes.name})`
      : sql<string | null>`${productTypes.name}`;

const selectBoms = (db: Db | Tx, locale: Locale) =>
  db
    .select({
      id: designBoms.id,
      code: designBoms.code,
      name: designBoms.name,
      version: designBoms.version,
      status: designBoms.status,
      productTypeId: designBoms.productTypeId,
      productTypeName: typeName(locale),
      partId: designBoms.partId,
      partCode: spareParts.code,
      partName: spareParts.name,
      nodeCount,
      basedOnId: designBoms.basedOnId,
      remark: designBoms.remark,
      releasedAt: designBoms.releasedAt,
      releasedByName: designBoms.releasedByName,
      creationTime: designBoms.creationTime,
      lastModificationTime: designBoms.lastModificationTime,
    })
    .from(designBoms)
    .innerJoin(spareParts, eq(spareParts.id, designBoms.partId))
    .leftJoin(productTypes, eq(productTypes.id, designBoms.productTypeId))
    .$dynamic();

type BomRow = Awaited<ReturnType<typeof selectBoms>>[number];

const toBom = (row: BomRow): DesignBom => ({ ...withIsoAudit(row), releasedAt: toIso(row.releasedAt) });

const BOM_LIST: ListSpec = {
  searchable: [designBoms.code, designBoms.name, spareParts.code, spareParts.name],
  sortable: {
    code: designBoms.code,
    name: designBoms.name,
    version: designBoms.version,
    status: designBoms.status,
    creationTime: designBoms.creationTime,
  },
  defaultOrder: [asc(designBoms.code), desc(designBoms.version), asc(designBoms.id)],
};

/** The newest version of its code. */
const isLatest = sql`${designBoms.version} = (select max(v.version) from ${designBoms} v where v.code = ${designBoms.code})`;

/** A page of design BOMs: filters on status, product type and newest versions only; the keyword on code, name, root part. */
export async function listDesignBoms(db: Db, query: DesignBomListQuery, locale: Locale) {
  const clauses = listClauses(query, BOM_LIST, [
    query.status ? eq(designBoms.status, query.status) : undefined,
    query.productTypeId ? eq(designBoms.productTypeId, query.productTypeId) : undefined,
    query.latestOnly ? isLatest : undefined,
  ]);
  const total = db
    .select({ value: count() })
    .from(designBoms)
    .innerJoin(spareParts, eq(spareParts.id, designBoms.partId))
    .$dynamic();
  const page = await fetchPage(selectBoms(db, locale), total, clauses);
  return { items: page.items.map(toBom), totalCount: page.totalCount };
}

/** Every version of every BOM for pickers: code, then newest version first. */
export async function allDesignBoms(db: Db) {
  return db
    .select({
      id: designBoms.id,
      code: designBoms.code,
      name: designBoms.name,
      version: designBoms.version,
      status: designBoms.status,
    })
    .from(designBoms)
    .orderBy(...BOM_LIST.defaultOrder);
}

/** A design BOM's header; 404 when there is none. */
export async function designBomHeader(db: Db | Tx, id: string, locale: Locale): Promise<DesignBom> {
  const [row] = await selectBoms(db, locale).where(eq(designBoms.id, id));
  if (!row) throw new AppError('not_found');
  return toBom(row);
}

/** The header and the whole tree, pre-order, with the roll-ups and the totals of one top-level unit. */
export async function designBomDetail(db: Db | Tx, id: string, locale: Locale): Promise<DesignBomDetail> {
  const header = await designBomHeader(db, id, locale);
  const nodes = await bomTree(db, id);
  const root = nodes.find((node) => node.parentId === null);
  return {
    ...header,
    nodes,
    totals: {
      weight: roundWeight(root?.rolledWeight ?? 0),
      cost: roundCost(root?.rolledCost ?? 0),
      distinctParts: new Set(nodes.map((node) => node.partId)).size,
    },
  };
}

/** `GET /api/designBOM/compare?left&right`: two BOMs (usually two versions) side by side. */
export async function compareDesignBoms(db: Db, leftId: string, rightId: string, locale: Locale): Promise<BomCompare> {
  const [left, right] = [await designBomDetail(db, leftId, locale), await designBomDetail(db, rightId, locale)];
  const { nodes: _left, totals: _leftTotals, ...leftHeader } = left;
  const { nodes: _right, totals: _rightTotals, ...rightHeader } = right;
  return { left: leftHeader, right: rightHeader, ...compareBoms(left.nodes, right.nodes) };
}
