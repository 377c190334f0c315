import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { MakeBomNodeUpdate } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import type { Author } from '../../core/tenancy/actor.ts';
import { spareParts } from './spare-part.table.ts';
import { techniques } from '../master-data/master-data.table.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { designBomNodes, designBoms, makeBomNodes, makeBoms } from './bom.table.ts';

/**
 * A manufacturing BOM copying a released design BOM's tree (409 `bom_not_released` otherwise), in the
 * caller's transaction; answers its id. Nodes with children are made; a leaf is bought when its part
 * has a supplier, made in house otherwise. Techniques, sequence and work centre are left to fill in.
 */
export async function deriveMakeBom(tx: Tx, writer: Author, designBomId: string): Promise<string> {
  // Shared lock: the design BOM cannot change status (or go) while its tree is copied.
  const [design] = await tx.select().from(designBoms).where(eq(designBoms.id, designBomId)).for('share');
  if (!design) throw invalidFields({ designBomId: ['invalid'] });
  if (design.status !== 'released')
    throw new AppError('bom_not_released', { code: design.code, version: design.version });
  const nodes = await tx
    .select({
      id: designBomNodes.id,
      parentId: designBomNodes.parentId,
      partId: designBomNodes.partId,
      quantity: designBomNodes.quantity,
      positionNo: designBomNodes.positionNo,
      remark: designBomNodes.remark,
      sortIndex: designBomNodes.sortIndex,
      depth: designBomNodes.depth,
      supplier: spareParts.supplier,
    })
    .from(designBomNodes)
    .innerJoin(spareParts, eq(spareParts.id, designBomNodes.partId))
    .where(eq(designBomNodes.bomId, designBomId));
  const [made] = await tx
    .insert(makeBoms)
    .values({ designBomId, name: design.name, creatorId: writer.id, creationTime: isoNow() })
    .returning({ id: makeBoms.id });
  if (!made) throw new Error('make_bom insert returned no row');
  const copyOf = new Map(nodes.map((node) => [node.id, randomUUID()]));
  const parents = new Set(nodes.map((node) => node.parentId));
  if (nodes.length)
    await tx.insert(makeBomNodes).values(
      nodes.map(({ id, parentId, supplier, ...node }) => ({
        ...node,
        id: copyOf.get(id)!,
        makeBomId: made.id,
        designNodeId: id,
        parentId: parentId === null ? null : copyOf.get(parentId)!,
        makeOrBuy: parents.has(id) || !supplier ? ('make' as const) : ('buy' as const),
      })),
    );
  return made.id;
}

/** The manufacturing BOM, locked for this write; 404 when there is none. */
async function lockMakeBom(tx: Tx, id: string): Promise<void> {
  const [found] = await tx.select({ id: makeBoms.id }).from(makeBoms).where(eq(makeBoms.id, id)).for('update');
  if (!found) throw new AppError('not_found');
}

/** A node's process data; its techniques must exist (400 on `techniqueIds`), each kept once. */
export async function updateMakeBomNode(
  tx: Tx,
  writer: Author,
  ids: { id: string; nodeId: string },
  body: MakeBomNodeUpdate,
): Promise<void> {
  await lockMakeBom(tx, ids.id);
  const techniqueIds = [...new Set(body.techniqueIds)];
  if (techniqueIds.length) {
    const found = await tx
      .select({ id: techniques.id })
      .from(techniques)
      .where(inArray(techniques.id, techniqueIds))
      .for('key share');
    if (found.length !== techniqueIds.length) throw invalidFields({ techniqueIds: ['invalid'] });
  }
  const [updated] = await tx
    .update(makeBomNodes)
    .set({
      techniqueIds,
      sequence: body.sequence ?? null,
      workCentre: body.workCentre ?? null,
      makeOrBuy: body.makeOrBuy,
    })
    .where(and(eq(makeBomNodes.id, ids.nodeId), eq(makeBomNodes.makeBomId, ids.id)))
    .returning({ id: makeBomNodes.id });
  if (!updated) throw new AppError('not_found');
  await tx
    .update(makeBoms)
    .set({ lastModificationTime: isoNow(), lastModifierId: writer.id })
    .where(eq(makeBoms.id, ids.id));
}

/** Removes a manufacturing BOM and its nodes; 404 when there is none. */
export async function deleteMakeBom(tx: Tx, id: string): Promise<void> {
  await lockMakeBom(tx, id);
  await tx.delete(makeBoms).where(eq(makeBoms.id, id));
}
