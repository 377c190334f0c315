import { and, eq, inArray } from 'drizzle-orm';
import type { DeliveryProof, deliveryProofInputSchema } from '@armature/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../core/db/client.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { demandOrderLines } from '../planning/index.ts';
import { applyStockMoves } from '../stock/index.ts';
import { finishedMoves } from './delivery.command.ts';
import { deliveryProofs, deliveryReturns } from './load-plan.table.ts';
import { bundles, deliveryNotes } from './processing.table.ts';

/**
 * Records the site's proof of delivery of a note: the receiver's name, signature, photo and position,
 * once (409 `delivery_proof_exists`). Bundles the site sent back must be on the note (400
 * `delivery_return_unknown`); they go back to finished stock (reason `return`, source the note) and
 * become deliverable again, and the note keeps them as returned.
 */
export async function recordDeliveryProof(
  tx: Tx,
  writer: Actor,
  noteId: string,
  input: z.output<typeof deliveryProofInputSchema>,
): Promise<void> {
  const { scope, user: operator } = writer;
  const [note] = await tx
    .select({ id: deliveryNotes.id, code: deliveryNotes.code })
    .from(deliveryNotes)
    .where(and(eq(deliveryNotes.id, noteId), eq(deliveryNotes.productId, scope.productId)))
    .for('update');
  if (!note) throw new AppError('not_found');
  const [signed] = await tx
    .select({ id: deliveryProofs.deliveryNoteId })
    .from(deliveryProofs)
    .where(eq(deliveryProofs.deliveryNoteId, noteId));
  if (signed) throw new AppError('delivery_proof_exists', { note: note.code });

  const returnedIds = [...new Set(input.returnedBundleIds)];
  const returned =
    returnedIds.length === 0
      ? []
      : await tx
          .select({
            id: bundles.id,
            orderLineId: bundles.orderLineId,
            rebarId: demandOrderLines.rebarId,
            length: bundles.length,
            pieces: bundles.pieces,
          })
          .from(bundles)
          .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
          .where(and(inArray(bundles.id, returnedIds), eq(bundles.deliveryNoteId, noteId)))
          .orderBy(bundles.id)
          .for('update', { of: bundles });
  if (returned.length !== returnedIds.length) throw new AppError('delivery_return_unknown', { note: note.code });

  const now = isoNow();
  await tx.insert(deliveryProofs).values({
    deliveryNoteId: noteId,
    receivedBy: input.receivedBy,
    receivedAt: now,
    signature: input.signature,
    photo: input.photo ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    remark: input.remark ?? null,
    creatorId: operator.id,
    creationTime: now,
  });
  if (returned.length === 0) return;
  await tx.insert(deliveryReturns).values(
    returned.map((bundle) => ({
      deliveryNoteId: noteId,
      bundleId: bundle.id,
      creatorId: operator.id,
      creationTime: now,
    })),
  );
  await applyStockMoves(tx, {
    scope,
    operator,
    source: { type: 'delivery', id: noteId, code: note.code },
    moves: finishedMoves(returned, note.code, 'in'),
    time: now,
  });
  await tx
    .update(bundles)
    .set({ status: 'produced', deliveryNoteId: null, lastModifierId: operator.id, lastModificationTime: now })
    .where(
      inArray(
        bundles.id,
        returned.map((bundle) => bundle.id),
      ),
    );
}

/** A note's proof of delivery, or null when not signed for yet. */
export async function deliveryProofOf(db: Db | Tx, productId: string, noteId: string): Promise<DeliveryProof | null> {
  const [note] = await db
    .select({ id: deliveryNotes.id })
    .from(deliveryNotes)
    .where(and(eq(deliveryNotes.id, noteId), eq(deliveryNotes.productId, productId)));
  if (!note) throw new AppError('not_found');
  const [proof] = await db.select().from(deliveryProofs).where(eq(deliveryProofs.deliveryNoteId, noteId));
  if (!proof) return null;
  const returned = await db
    .select({ id: bundles.id, code: bundles.code, mark: demandOrderLines.mark })
    .from(deliveryReturns)
    .innerJoin(bundles, eq(bundles.id, deliveryReturns.bundleId))
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .where(eq(deliveryReturns.deliveryNoteId, noteId))
    .orderBy(bundles.code);
  return {
    receivedBy: proof.receivedBy,
    receivedAt: toIso(proof.receivedAt),
    signature: proof.signature,
    photo: proof.photo,
    latitude: proof.latitude,
    longitude: proof.longitude,
    remark: proof.remark,
    returned,
  };
}
