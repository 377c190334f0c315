import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import {
  BOM_IMPORT_PROBLEM_MESSAGES,
  checkBomLines,
  cyclePath,
  subtreeCyclePath,
  type BomImportApply,
  type BomNodeInput,
  type BomNodeMove,
  type BomNodeUpdate,
  type DesignBomInput,
  type DesignBomStatus,
  type DesignBomUpdate,
  type Locale,
  type Localized,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import type { Author } from '../../core/tenancy/actor.ts';
import { productTypes } from '../master-data/master-data.table.ts';
import { spareParts } from './spare-part.table.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { duplicateError, onUniqueViolation, stillReferenced } from '../../core/db/db-errors.ts';
import { inUse, type Referrers } from '../../core/crud/in-use.ts';
import { isoNow, sameInstant } from '../../core/db/time.ts';
import { designBomNodes, designBoms, digitalTwinBoms, makeBoms } from './bom.table.ts';
import { ancestorsOf, subtreeRows } from './bom-tree.query.ts';

/** Who writes: the name is copied onto a release. */
type LockedBom = typeof designBoms.$inferSelect;

const STATUS_LABELS: Record<DesignBomStatus, Localized> = {
  draft: { 'zh-CN': '草稿', 'en-US': 'draft', 'fr-FR': 'brouillon' },
  released: { 'zh-CN': '已发布', 'en-US': 'released', 'fr-FR': 'diffusée' },
  obsolete: { 'zh-CN': '已作废', 'en-US': 'obsolete', 'fr-FR': 'périmée' },
};
const CODE_LABEL: Localized = { 'zh-CN': '编码', 'en-US': 'Code', 'fr-FR': 'Code' };

/** Nodes per INSERT: 9 parameters a row stays well under PostgreSQL's 65,535 per statement. */
const INSERT_CHUNK = 2000;

/** The BOM, locked for this transaction: writes to one BOM take turns. 404 when there is none. */
async function lockBom(tx: Tx, id: string): Promise<LockedBom> {
  const [bom] = await tx.select().from(designBoms).where(eq(designBoms.id, id)).for('update');
  if (!bom) throw new AppError('not_found');
  return bom;
}

/** A released or obsolete version is frozen: 409 `bom_released`. */
function requireDraft(bom: LockedBom) {
  if (bom.status !== 'draft')
    throw new AppError('bom_released', { code: bom.code, version: bom.version, status: STATUS_LABELS[bom.status] });
}

/** A draft, locked, for a write to its tree or header. */
async function lockDraft(tx: Tx, id: string): Promise<LockedBom> {
  const bom = await lockBom(tx, id);
  requireDraft(bom);
  return bom;
}

const touch = (tx: Tx, writer: Author, id: string) =>
  tx.update(designBoms).set({ lastModifierId: writer.id, lastModificationTime: isoNow() }).where(eq(designBoms.id, id));

/** The part (held until the write commits, so a concurrent delete of it waits); 400 on `field` otherwise. */
async function requirePart(tx: Tx, partId: string, field: string) {
  const [part] = await tx
    .select({ id: spareParts.id, code: spareParts.code })
    .from(spareParts)
    .where(eq(spareParts.id, partId))
    .for('key share');
  if (!part) throw invalidFields({ [field]: ['invalid'] });
  return part;
}

async function requireProductType(tx: Tx, productTypeId: string | null | undefined) {
  if (!productTypeId) return;
  const [found] = await tx.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.id, productTypeId));
  if (!found) throw invalidFields({ productTypeId: ['invalid'] });
}

async function nodeOf(tx: Tx, bomId: string, nodeId: string, field?: string) {
  const [node] = await tx
    .select()
    .from(designBomNodes)
    .where(and(eq(designBomNodes.id, nodeId), eq(designBomNodes.bomId, bomId)));
  if (!node) throw field ? invalidFields({ [field]: ['invalid'] }) : new AppError('not_found');
  return node;
}

const duplicateCode = (code: string) =>
  onUniqueViolation(() => duplicateError([{ name: 'code', label: CODE_LABEL, value: code }]));

/** `POST /api/designBOM`: version 1 of a new code, a draft whose root node is the part (quantity 1). 409 for a known code. */
export async function createDesignBom(tx: Tx, writer: Author, body: DesignBomInput): Promise<string> {
  await requirePart(tx, body.partId, 'partId');
  await requireProductType(tx, body.productTypeId);
  const [known] = await tx
    .select({ id: designBoms.id })
    .from(designBoms)
    .where(eq(designBoms.code, body.code))
    .limit(1);
  if (known) throw duplicateError([{ name: 'code', label: CODE_LABEL, value: body.code }]);
  const [bom] = await tx
    .insert(designBoms)
    .values({
      code: body.code,
      name: body.name,
      version: 1,
      productTypeId: body.productTypeId ?? null,
      partId: body.partId,
      remark: body.remark ?? null,
      creatorId: writer.id,
      creationTime: isoNow(),
    })
    .returning({ id: designBoms.id })
    .catch(duplicateCode(body.code));
  await tx.insert(designBomNodes).values({ bomId: bom!.id, partId: body.partId, quantity: 1, depth: 0, sortIndex: 0 });
  return bom!.id;
}

/** `PUT /api/designBOM/{id}`: a draft's name, product type and remark; 409 when changed since `lastModificationTime`. */
export async function updateDesignBom(tx: Tx, writer: Author, id: string, body: DesignBomUpdate) {
  const bom = await lockDraft(tx, id);
  if (
    body.lastModificationTime !== undefined &&
    !sameInstant(body.lastModificationTime ?? null, bom.lastModificationTime)
  )
    throw new AppError('stale_update');
  await requireProductType(tx, body.productTypeId);
  await tx
    .update(designBoms)
    .set({
      name: body.name,
      productTypeId: body.productTypeId ?? null,
      remark: body.remark ?? null,
      lastModifierId: writer.id,
      lastModificationTime: isoNow(),
    })
    .where(eq(designBoms.id, id));
}

const USAGE_LABELS = {
  make: { 'zh-CN': '制造BOM', 'en-US': 'Manufacturing BOMs', 'fr-FR': 'Nomenclatures de fabrication' },
  twin: { 'zh-CN': '数字孪生BOM', 'en-US': 'Digital-twin BOMs', 'fr-FR': 'Nomenclatures du jumeau numérique' },
} as const satisfies Record<string, Localized>;

/** Manufacturing and digital-twin BOMs derived from the design BOM: they keep it from being deleted. */
async function designBomUsage(tx: Tx, id: string): Promise<Referrers[]> {
  const make = await tx.select({ name: makeBoms.name }).from(makeBoms).where(eq(makeBoms.designBomId, id));
  const twin = await tx
    .select({ name: digitalTwinBoms.code })
    .from(digitalTwinBoms)
    .where(eq(digitalTwinBoms.designBomId, id));
  return [
    { label: USAGE_LABELS.make, names: make.map((row) => row.name) },
    { label: USAGE_LABELS.twin, names: twin.map((row) => row.name) },
  ].filter((group) => group.names.length);
}

/** `DELETE /api/designBOM/{id}`: a draft nothing is derived from, with its tree. */
export async function deleteDesignBom(tx: Tx, id: string) {
  await lockDraft(tx, id);
  const usage = await designBomUsage(tx, id);
  if (usage.length) throw inUse(usage);
  await tx.delete(designBoms).where(eq(designBoms.id, id)).catch(stillReferenced);
}

/**
 * The cycle check of a node placed under `parent`: the parts from the root down to the parent, and
 * the codes of every part concerned, for the 400 `bom_cycle` naming the path.
 */
async function ancestorPartsOf(tx: Tx, bomId: string, parent: { id: string; partId: string }) {
  const { path } = await ancestorsOf(tx, bomId, parent.id);
  return [...path.map((row) => row.partId), parent.partId];
}

async function codesOf(tx: Tx, partIds: readonly string[]) {
  const rows = await tx
    .select({ id: spareParts.id, code: spareParts.code })
    .from(spareParts)
    .where(inArray(spareParts.id, [...new Set(partIds)]));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** 400 `bom_cycle`: the path starts and ends with the part that would contain itself. */
function cycleError(path: string) {
  return new AppError('bom_cycle', { part: path.split(' > ')[0] ?? path, path });
}

/** `POST /api/designBOM/{id}/nodes`: a child appended under a node of this draft; 400 `bom_cycle` naming the path. */
export async function addBomNode(tx: Tx, writer: Author, bomId: string, body: BomNodeInput): Promise<string> {
  await lockDraft(tx, bomId);
  const parent = await nodeOf(tx, bomId, body.parentNodeId, 'parentNodeId');
  await requirePart(tx, body.partId, 'partId');
  const ancestors = await ancestorPartsOf(tx, bomId, parent);
  if (ancestors.includes(body.partId)) {
    const codes = await codesOf(tx, ancestors);
    throw cycleError(cyclePath(ancestors, body.partId, codes)!);
  }
  const [siblings] = await tx
    .select({ value: count() })
    .from(designBomNodes)
    .where(and(eq(designBomNodes.bomId, bomId), eq(designBomNodes.parentId, parent.id)));
  const [node] = await tx
    .insert(designBomNodes)
    .values({
      bomId,
      parentId: parent.id,
      partId: body.partId,
      quantity: body.quantity,
      positionNo: body.positionNo ?? null,
      remark: body.remark ?? null,
      sortIndex: Number(siblings?.value ?? 0),
      depth: parent.depth + 1,
    })
    .returning({ id: designBomNodes.id });
  await touch(tx, writer, bomId);
  return node!.id;
}

/** `PUT /api/designBOM/{id}/nodes/{nodeId}`: quantity, position number, remark; the root's quantity stays 1. */
export async function updateBomNode(tx: Tx, writer: Author, bomId: string, nodeId: string, body: BomNodeUpdate) {
  await lockDraft(tx, bomId);
  const node = await nodeOf(tx, bomId, nodeId);
  await tx
    .update(designBomNodes)
    .set({
      quantity: node.parentId === null ? 1 : body.quantity,
      positionNo: body.positionNo ?? null,
      remark: body.remark ?? null,
    })
    .where(eq(designBomNodes.id, nodeId));
  await touch(tx, writer, bomId);
}

/** Sibling order 0, 1, 2… under `parentId`, keeping the present order. */
async function closeGaps(tx: Tx, bomId: string, parentId: string) {
  await tx.execute(sql`
    update design_bom_node n set sort_index = v.position
    from (select id, (row_number() over (order by sort_index, id) - 1)::int as position
          from design_bom_node where bom_id = ${bomId} and parent_id = ${parentId}) v
    where n.id = v.id and n.sort_index <> v.position`);
}

/** `DELETE /api/designBOM/{id}/nodes/{nodeId}`: the node and its subtree; the root is refused (409 `bom_root_node`). */
export async function deleteBomNode(tx: Tx, writer: Author, bomId: string, nodeId: string) {
  await lockDraft(tx, bomId);
  const node = await nodeOf(tx, bomId, nodeId);
  if (node.parentId === null) throw new AppError('bom_root_node');
  // The parent key cascades down the subtree; a twin element still pointing into it refuses (409).
  await tx.delete(designBomNodes).where(eq(designBomNodes.id, nodeId)).catch(stillReferenced);
  await closeGaps(tx, bomId, node.parentId);
  await touch(tx, writer, bomId);
}

/**
 * `POST /api/designBOM/{id}/nodes/{nodeId}/move`: the node (with its subtree) under another node of
 * the draft at `index` among its children. Not under itself or its own subtree (400 on
 * `parentNodeId`), no part inside itself (400 `bom_cycle`); both sibling lists are numbered again and
 * the subtree's depths follow.
 */
export async function moveBomNode(tx: Tx, writer: Author, bomId: string, nodeId: string, body: BomNodeMove) {
  await lockDraft(tx, bomId);
  const node = await nodeOf(tx, bomId, nodeId);
  if (node.parentId === null) throw new AppError('bom_root_node');
  const parent = await nodeOf(tx, bomId, body.parentNodeId, 'parentNodeId');
  const subtree = await subtreeRows(tx, bomId, nodeId);
  if (subtree.some((row) => row.id === parent.id)) throw invalidFields({ parentNodeId: ['invalid'] });
  const ancestors = await ancestorPartsOf(tx, bomId, parent);
  const codes = new Map(subtree.map((row) => [row.partId, row.partCode]));
  for (const [id, code] of await codesOf(tx, ancestors)) codes.set(id, code);
  const path = subtreeCyclePath(ancestors, subtree, codes);
  if (path) throw cycleError(path);

  const siblings = await tx
    .select({ id: designBomNodes.id })
    .from(designBomNodes)
    .where(and(eq(designBomNodes.bomId, bomId), eq(designBomNodes.parentId, parent.id)))
    .orderBy(asc(designBomNodes.sortIndex), asc(designBomNodes.id));
  const order = siblings.map((row) => row.id).filter((id) => id !== nodeId);
  order.splice(Math.min(body.index, order.length), 0, nodeId);
  await tx.update(designBomNodes).set({ parentId: parent.id }).where(eq(designBomNodes.id, nodeId));
  await tx.execute(sql`
    update design_bom_node n set sort_index = v.position
    from (values ${sql.join(
      order.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
      sql`, `,
    )}) as v(id, position)
    where n.id = v.id and n.sort_index <> v.position`);
  if (node.parentId !== parent.id) await closeGaps(tx, bomId, node.parentId);
  const shift = parent.depth + 1 - node.depth;
  if (shift !== 0)
    await tx
      .update(designBomNodes)
      .set({ depth: sql`${designBomNodes.depth} + ${shift}` })
      .where(
        inArray(
          designBomNodes.id,
          subtree.map((row) => row.id),
        ),
      );
  await touch(tx, writer, bomId);
}

/**
 * `POST /api/designBOM/{id}/release`: the draft is frozen, released by the writer; the version of
 * the same code released before becomes obsolete. 409 `bom_released` for a version not in draft.
 */
export async function releaseDesignBom(tx: Tx, writer: Author, id: string) {
  const bom = await lockDraft(tx, id);
  const at = isoNow();
  await tx
    .update(designBoms)
    .set({ status: 'obsolete', lastModifierId: writer.id, lastModificationTime: at })
    .where(and(eq(designBoms.code, bom.code), eq(designBoms.status, 'released')));
  await tx
    .update(designBoms)
    .set({
      status: 'released',
      releasedAt: at,
      releasedBy: writer.id,
      releasedByName: writer.name,
      lastModifierId: writer.id,
      lastModificationTime: at,
    })
    .where(eq(designBoms.id, id));
}

/**
 * `POST /api/designBOM/{id}/versions`: a new draft of the same code (next version number) copying
 * this version's header and tree with new ids; 409 `bom_draft_exists` when the code has a draft.
 */
export async function copyDesignBom(tx: Tx, writer: Author, id: string): Promise<string> {
  const source = await lockBom(tx, id);
  const [draft] = await tx
    .select({ version: designBoms.version })
    .from(designBoms)
    .where(and(eq(designBoms.code, source.code), eq(designBoms.status, 'draft')));
  const draftExists = (version: number | string) => new AppError('bom_draft_exists', { code: source.code, version });
  if (draft) throw draftExists(draft.version);
  const [latest] = await tx
    .select({ version: max(designBoms.version) })
    .from(designBoms)
    .where(eq(designBoms.code, source.code));
  const version = (latest?.version ?? source.version) + 1;
  const [copy] = await tx
    .insert(designBoms)
    .values({
      code: source.code,
      name: source.name,
      version,
      productTypeId: source.productTypeId,
      partId: source.partId,
      basedOnId: source.id,
      remark: source.remark,
      creatorId: writer.id,
      creationTime: isoNow(),
    })
    .returning({ id: designBoms.id })
    // Two copies at once: the second finds the first one's draft.
    .catch(onUniqueViolation(() => draftExists(version)));
  await tx.execute(sql`
    with ids as (select id as old_id, gen_random_uuid() as new_id from design_bom_node where bom_id = ${id})
    insert into design_bom_node (id, bom_id, parent_id, part_id, quantity, position_no, remark, sort_index, depth)
    select ids.new_id, ${copy!.id}, parent_ids.new_id, n.part_id, n.quantity, n.position_no, n.remark, n.sort_index, n.depth
    from design_bom_node n join ids on ids.old_id = n.id left join ids parent_ids on parent_ids.old_id = n.parent_id`);
  return copy!.id;
}

/**
 * `POST /api/designBOM/{id}/import`: the lines checked again as the preview checks them (400
 * `bom_import_problems`, each problem on `lines.{index}.{field}` in the caller's language), then the
 * draft's nodes under the root replaced by them, levels giving the parents.
 */
export async function applyBomImport(tx: Tx, writer: Author, bomId: string, body: BomImportApply, locale: Locale) {
  const bom = await lockDraft(tx, bomId);
  const [root] = await tx
    .select({ id: designBomNodes.id, code: spareParts.code })
    .from(designBomNodes)
    .innerJoin(spareParts, eq(spareParts.id, designBomNodes.partId))
    .where(and(eq(designBomNodes.bomId, bomId), isNull(designBomNodes.parentId)));
  if (!root) throw new AppError('not_found');
  const partCodes = [...new Set(body.lines.map((line) => line.partCode))];
  const parts = partCodes.length
    ? await tx
        .select({ id: spareParts.id, code: spareParts.code, name: spareParts.name })
        .from(spareParts)
        .where(inArray(spareParts.code, partCodes))
        .for('key share')
    : [];
  const checked = checkBomLines(
    body.lines.map((line, index) => ({
      row: index,
      level: line.level,
      partCode: line.partCode,
      quantity: line.quantity,
      positionNo: line.positionNo ?? null,
      remark: line.remark ?? null,
      problems: [],
    })),
    {
      root: { partId: bom.partId, partCode: root.code },
      parts: new Map(parts.map((part) => [part.code, { id: part.id, name: part.name }])),
    },
  );
  if (checked.errorCount) {
    const details: Record<string, string[]> = {};
    for (const line of checked.lines)
      for (const problem of line.problems)
        (details[`lines.${line.row}.${problem.field ?? 'partCode'}`] ??= []).push(
          BOM_IMPORT_PROBLEM_MESSAGES[problem.code][locale],
        );
    throw new AppError(
      'bom_import_problems',
      { count: checked.lines.reduce((sum, line) => sum + line.problems.length, 0) },
      details,
    );
  }
  await tx
    .delete(designBomNodes)
    .where(and(eq(designBomNodes.bomId, bomId), eq(designBomNodes.parentId, root.id)))
    .catch(stillReferenced);
  const parents: string[] = [root.id];
  const childCounts = new Map<string, number>();
  const rows = checked.lines.map((line) => {
    const level = line.level!;
    const parentId = parents[level - 1]!;
    const id = randomUUID();
    parents.length = level;
    parents[level] = id;
    const sortIndex = childCounts.get(parentId) ?? 0;
    childCounts.set(parentId, sortIndex + 1);
    return {
      id,
      bomId,
      parentId,
      partId: line.partId!,
      quantity: line.quantity!,
      positionNo: line.positionNo,
      remark: line.remark,
      sortIndex,
      depth: level,
    };
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await tx.insert(designBomNodes).values(rows.slice(start, start + INSERT_CHUNK));
  await touch(tx, writer, bomId);
}
