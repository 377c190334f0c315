import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DesignBomStatus, Localized, PartWhereUsed } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { spareParts } from './spare-part.table.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { AppError } from '../../core/http/app-error.ts';
import { designBoms, makeBoms } from './bom.table.ts';

type Rows<T> = { rows: T[] };

/** Pictures and drawings belong to the part (`stored_file.ownerType`); maker data, so no client or product. */
export const SPARE_PART_FILES = 'sparePart';

/** 404 unless the part exists. */
export async function requirePart(db: Db | Tx, id: string): Promise<void> {
  const [part] = await db.select({ id: spareParts.id }).from(spareParts).where(eq(spareParts.id, id));
  if (!part) throw new AppError('not_found');
}

type UsingBom = {
  id: string;
  code: string;
  name: string;
  version: number;
  status: DesignBomStatus;
  occurrences: number;
  rolledQuantity: number;
};

/**
 * The design BOM versions whose trees hold the part, with how many nodes hold it and their summed
 * quantity per top-level unit: one recursive walk from those nodes up to their roots, multiplying the
 * quantities on the way (a node's own quantity first).
 */
async function designBomsUsing(db: Db | Tx, partId: string): Promise<UsingBom[]> {
  const result = (await db.execute(sql`
    with recursive up(bom_id, parent_id, factor) as (
      select bom_id, parent_id, quantity::numeric from design_bom_node where part_id = ${partId}
      union all
      select up.bom_id, node.parent_id, up.factor * node.quantity
        from up join design_bom_node node on node.id = up.parent_id
    )
    select bom.id, bom.code, bom.name, bom.version, bom.status,
           count(*)::int as occurrences, round(sum(up.factor), 3)::float8 as "rolledQuantity"
      from up join design_bom bom on bom.id = up.bom_id
     where up.parent_id is null
     group by bom.id
     order by bom.code, bom.version
  `)) as unknown as Rows<UsingBom>;
  return result.rows;
}

/** `GET /api/spareOarts/{id}/where-used`: the design BOMs using the part and the manufacturing BOMs derived from them. */
export async function partWhereUsed(db: Db | Tx, partId: string): Promise<PartWhereUsed> {
  await requirePart(db, partId);
  const used = await designBomsUsing(db, partId);
  const derived = used.length
    ? await db
        .select({ id: makeBoms.id, code: designBoms.code, version: designBoms.version, name: makeBoms.name })
        .from(makeBoms)
        .innerJoin(designBoms, eq(designBoms.id, makeBoms.designBomId))
        .where(
          inArray(
            makeBoms.designBomId,
            used.map((bom) => bom.id),
          ),
        )
        .orderBy(asc(designBoms.code), asc(designBoms.version), asc(makeBoms.creationTime))
    : [];
  return {
    designBoms: used,
    makeBoms: derived.map((bom) => ({ id: bom.id, code: bomVersionLabel(bom), name: bom.name })),
  };
}

/** A design BOM version as lists name it, and the manufacturing BOMs derived from it: `CUTTER-200 v2`. */
export const bomVersionLabel = (design: { code: string; version: number }) => `${design.code} v${design.version}`;

const DESIGN_BOM_LABEL: Localized = { 'zh-CN': '设计BOM', 'en-US': 'Design BOMs', 'fr-FR': 'BOM de conception' };
const NAMED = 5;

/** Design BOM versions holding the part (as root or node): they keep it from being deleted. */
export async function sparePartUsage(tx: Tx, partId: string): Promise<Referrers[]> {
  const result = (await tx.execute(sql`
    select code, version, count(*) over ()::int as total from (
      select bom.code, bom.version from design_bom bom
       where bom.part_id = ${partId}
          or exists (select 1 from design_bom_node node where node.bom_id = bom.id and node.part_id = ${partId})
    ) used
    order by code, version
    limit ${NAMED}
  `)) as unknown as Rows<{ code: string; version: number; total: number }>;
  const [first] = result.rows;
  if (!first) return [];
  return [{ label: DESIGN_BOM_LABEL, names: result.rows.map((bom) => bomVersionLabel(bom)), total: first.total }];
}
