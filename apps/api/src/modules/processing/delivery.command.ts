import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { deliveryNoteInputSchema } from '@armature/domain';
import type { z } from 'zod';
import type { Tx } from '../../core/db/client.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { demandOrderLines } from '../planning/index.ts';
import { applyStockMoves, type StockMove } from '../stock/index.ts';
import { bundles, deliveryNotes } from './processing.table.ts';

/** The code prefix of delivery notes (`DN20261122-0001`). */
export const DELIVERY_NOTE_PREFIX = 'DN';

/**
 * Records a delivery note, inside the caller's transaction: the picked bundles are locked (by scan id
 * or printed code, in the product, in one order), refused when one is unknown (400 `bundle_unknown`, naming them) or
 * already gone (409 `bundle_already_delivered`); then the note takes its code, finished stock moves out
 * per order line and length (reason `delivery`, source the note) and the bundles become delivered.
 * Answers the note's id.
 */
export async function recordDelivery(
  tx: Tx,
  writer: Actor,
  input: z.output<typeof deliveryNoteInputSchema>,
): Promise<string> {
  const { scope, user: operator } = writer;
  // What was scanned (scan ids) or typed (codes); each names one bundle.
  const keys = [...new Set(input.bundleScanIds)];
  const picked = await tx
    .select({
      id: bundles.id,
      scanId: bundles.scanId,
      code: bundles.code,
      orderLineId: bundles.orderLineId,
      rebarId: demandOrderLines.rebarId,
      mark: demandOrderLines.mark,
      length: bundles.length,
      number: bundles.number,
      count: bundles.count,
      pieces: bundles.pieces,
      status: bundles.status,
      deliveryNoteId: bundles.deliveryNoteId,
      supersededAt: bundles.supersededAt,
      supersededRevision: demandOrderLines.supersededRevision,
    })
    .from(bundles)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .where(and(eq(bundles.productId, scope.productId), or(inArray(bundles.scanId, keys), inArray(bundles.code, keys))))
    .orderBy(asc(bundles.id))
    .for('update', { of: bundles });

  const found = new Set(picked.flatMap((bundle) => [bundle.scanId, bundle.code]));
  const unknown = keys.filter((key) => !found.has(key));
  if (unknown.length > 0) throw new AppError('bundle_unknown', { scanIds: unknown.join(', ') });
  const gone = picked.find((bundle) => bundle.status !== 'produced');
  if (gone) {
    const [note] = gone.deliveryNoteId
      ? await tx
          .select({ code: deliveryNotes.code })
          .from(deliveryNotes)
          .where(eq(deliveryNotes.id, gone.deliveryNoteId))
      : [];
    throw new AppError('bundle_already_delivered', {
      mark: gone.mark,
      number: gone.number,
      count: gone.count,
      note: note?.code ?? '',
    });
  }

  // A revision of its order changed or removed the bundle's mark: its pieces are no longer what the site wants.
  const superseded = picked.find((bundle) => bundle.supersededAt !== null);
  if (superseded)
    throw new AppError('bundle_superseded', {
      mark: superseded.mark,
      number: superseded.number,
      count: superseded.count,
      revision: superseded.supersededRevision ?? '',
    });

  const now = isoNow();
  const code = await nextDocumentCode(tx, scope.productId, DELIVERY_NOTE_PREFIX);
  const [note] = await tx
    .insert(deliveryNotes)
    .values({
      ...scope,
      code,
      site: input.site,
      vehicle: input.vehicle ?? null,
      receiver: input.receiver ?? null,
      remark: input.remark ?? null,
      deliveredAt: now,
      creatorId: operator.id,
      creationTime: now,
    })
    .returning({ id: deliveryNotes.id });
  if (!note) throw new Error('delivery note insert returned no row');

  await applyStockMoves(tx, {
    scope,
    operator,
    source: { type: 'delivery', id: note.id, code },
    moves: finishedMoves(picked, code, 'out'),
    time: now,
  });
  await tx
    .update(bundles)
    .set({ status: 'delivered', deliveryNoteId: note.id, lastModifierId: operator.id, lastModificationTime: now })
    .where(
      inArray(
        bundles.id,
        picked.map((bundle) => bundle.id),
      ),
    );
  return note.id;
}

/**
 * One finished-stock move per order line and length: the pieces of its bundles, out for a delivery or
 * back in for bundles the site returned.
 */
export function finishedMoves(
  picked: readonly { orderLineId: string; rebarId: string; length: number; pieces: number }[],
  code: string,
  direction: 'in' | 'out',
): StockMove[] {
  const moves = new Map<string, StockMove>();
  for (const bundle of picked) {
    const key = `${bundle.orderLineId}|${bundle.length}`;
    const move = moves.get(key);
    if (move) move.quantity += bundle.pieces;
    else
      moves.set(key, {
        kind: 'finished',
        direction,
        rebarId: bundle.rebarId,
        length: bundle.length,
        orderLineId: bundle.orderLineId,
        quantity: bundle.pieces,
        reason: direction === 'out' ? 'delivery' : 'return',
        remark: code,
      });
  }
  return [...moves.values()];
}
