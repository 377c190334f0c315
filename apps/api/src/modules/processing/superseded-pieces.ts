import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  proposeDisposition,
  specUnitWeight,
  weightGrams,
  type Disposition,
  type Localized,
  type LooseSupersededPieces,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { demandOrderLines, demandOrders } from '../planning/index.ts';
import { heatsOfStockRows, stockLogs } from '../stock/index.ts';
import { taskOutputs, tasks } from './processing.table.ts';
import {
  REASONS,
  carryOutDisposition,
  kg,
  minOffcutLengths,
  proposalWeights,
  reuseCandidates,
} from './superseded-bundle.ts';
import { supersededPieceDisposals } from './superseded-piece.table.ts';

// Loose superseded pieces: cut for a bender, never bent, so never bundled and in no stock row.
// They get the same choice as a superseded bundle, recorded per line and cut length.

/** Per superseded line of the order and cut length: the pieces cut for a bender (wip) and those bent. */
async function cutAndBent(db: Db | Tx, productId: string, orderId: string, lineId?: string) {
  return db
    .select({
      orderLineId: taskOutputs.orderLineId,
      mark: demandOrderLines.mark,
      rebarId: demandOrderLines.rebarId,
      unitWeight: rebars.unitWeight,
      diameter: rebars.diameter,
      revision: demandOrderLines.supersededRevision,
      length: taskOutputs.length,
      cut: sql<number>`coalesce(sum(${taskOutputs.produced}) filter (where ${taskOutputs.finished} = 'wip'), 0)`.mapWith(
        Number,
      ),
      bent: sql<number>`coalesce(sum(${taskOutputs.produced}) filter (where ${taskOutputs.finished} = 'finished'), 0)`.mapWith(
        Number,
      ),
    })
    .from(taskOutputs)
    .innerJoin(tasks, eq(tasks.id, taskOutputs.taskId))
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, taskOutputs.orderLineId))
    .innerJoin(rebars, eq(rebars.id, demandOrderLines.rebarId))
    .where(
      and(
        eq(tasks.productId, productId),
        eq(demandOrderLines.orderId, orderId),
        isNotNull(demandOrderLines.supersededAt),
        lineId ? eq(demandOrderLines.id, lineId) : undefined,
      ),
    )
    .groupBy(
      taskOutputs.orderLineId,
      demandOrderLines.mark,
      demandOrderLines.rebarId,
      rebars.unitWeight,
      rebars.diameter,
      demandOrderLines.supersededRevision,
      taskOutputs.length,
    )
    .orderBy(asc(demandOrderLines.mark), asc(taskOutputs.length));
}

const disposalKey = (lineId: string, length: number) => `${lineId}/${length}`;

async function disposalsOf(db: Db | Tx, lineIds: readonly string[]) {
  const rows = lineIds.length
    ? await db
        .select()
        .from(supersededPieceDisposals)
        .where(inArray(supersededPieceDisposals.orderLineId, [...lineIds]))
    : [];
  return new Map(rows.map((row) => [disposalKey(row.orderLineId, row.length), row]));
}

/**
 * `GET /api/demandOrder/{id}/superseded-pieces`: per superseded line and cut length, the pieces cut for a
 * bender that no bend made into a bundle (its bend task cancelled by the revision, or never run), with the
 * proposal for them as straight pieces (they were never bent) — or, once dealt with, what was done and when.
 */
export async function looseSupersededPieces(db: Db, productId: string, orderId: string) {
  const rows = (await cutAndBent(db, productId, orderId)).filter((row) => row.cut > row.bent);
  const candidates = await reuseCandidates(db, orderId);
  const minLength = await minOffcutLengths(
    db,
    productId,
    rows.map((row) => row.rebarId),
  );
  const disposals = await disposalsOf(
    db,
    rows.map((row) => row.orderLineId),
  );
  return rows.map((row): LooseSupersededPieces => {
    const disposal = disposals.get(disposalKey(row.orderLineId, row.length));
    const pieces = disposal?.pieces ?? row.cut - row.bent;
    const loose = { ...row, pieces, geometry: [] };
    const grams = weightGrams(row.length, pieces, specUnitWeight(row));
    const proposal = proposeDisposition(loose, candidates, minLength(row.rebarId));
    return {
      orderLineId: row.orderLineId,
      mark: row.mark,
      revision: row.revision,
      length: row.length,
      pieces,
      weight: kg(grams),
      proposal: { ...proposal, ...proposalWeights({ ...loose, weightGrams: grams }, proposal) },
      disposition: disposal?.action ?? null,
      disposedAt: disposal ? toIso(disposal.disposedAt) : null,
    };
  });
}

/**
 * The heats of the steel a line's pieces of this length were cut from: the raw bars its cut tasks took, and
 * the heats of the offcut lots they re-used — what an offcut lot kept from them carries.
 */
async function heatsOfCut(tx: Tx, productId: string, lineId: string, length: number) {
  const cutters = await tx
    .selectDistinct({ taskId: taskOutputs.taskId })
    .from(taskOutputs)
    .where(and(eq(taskOutputs.orderLineId, lineId), eq(taskOutputs.length, length), eq(taskOutputs.finished, 'wip')));
  if (!cutters.length) return [];
  const taken = await tx
    .select({ kind: stockLogs.kind, heatNo: stockLogs.heatNo, stockId: stockLogs.stockId })
    .from(stockLogs)
    .where(
      and(
        eq(stockLogs.productId, productId),
        eq(stockLogs.direction, 'out'),
        eq(stockLogs.sourceType, 'task'),
        inArray(
          stockLogs.sourceId,
          cutters.map((row) => row.taskId),
        ),
        ne(stockLogs.kind, 'finished'),
      ),
    );
  const raw = taken.filter((row) => row.kind === 'raw' && row.heatNo).map((row) => row.heatNo);
  const lots = await heatsOfStockRows(
    tx,
    taken.filter((row) => row.kind === 'tail').map((row) => row.stockId),
  );
  return [...new Set([...raw, ...lots])].sort();
}

const REFUSAL = (mark: string, length: number, reason: Localized) =>
  new AppError('superseded_pieces_refused', { mark, length, reason });

/**
 * `POST /api/demandOrder/{id}/superseded-pieces/dispose`: one decision on the loose pieces of a superseded
 * line at one cut length, in one transaction (`carryOutDisposition`; nothing leaves a stock, an offcut lot
 * keeps the heats its steel came from) and recorded. Dealt with once (409 after); 404 for no such pieces.
 */
export async function disposeLoosePieces(
  tx: Tx,
  writer: Actor,
  orderId: string,
  body: { orderLineId: string; length: number; action: Disposition; targetLineId: string | null },
) {
  const { productId } = writer.scope;
  const [order] = await tx
    .select({ id: demandOrders.id, code: demandOrders.code })
    .from(demandOrders)
    .where(and(eq(demandOrders.id, orderId), eq(demandOrders.productId, productId)))
    .for('update');
  if (!order) throw new AppError('not_found');
  const [row] = (await cutAndBent(tx, productId, orderId, body.orderLineId)).filter(
    (each) => each.length === body.length && each.cut > each.bent,
  );
  if (!row) throw new AppError('not_found');
  const refuse = (reason: Localized) => REFUSAL(row.mark, row.length, reason);
  if ((await disposalsOf(tx, [row.orderLineId])).has(disposalKey(row.orderLineId, row.length)))
    throw refuse(REASONS.disposed);
  const pieces = row.cut - row.bent;
  const at = isoNow();
  const [disposal] = await tx
    .insert(supersededPieceDisposals)
    .values({
      ...writer.scope,
      orderLineId: row.orderLineId,
      length: row.length,
      pieces,
      weightGrams: weightGrams(row.length, pieces, specUnitWeight(row)),
      action: body.action,
      userId: writer.user.id,
      userName: writer.user.name,
      disposedAt: at,
      creatorId: writer.user.id,
      creationTime: at,
    })
    .returning({ id: supersededPieceDisposals.id });
  const proposal = await carryOutDisposition(tx, writer, { ...row, orderId, pieces, geometry: [] }, body.action, {
    targetLineId: body.targetLineId,
    fromStock: false,
    heatNos: body.action === 'offcut' ? await heatsOfCut(tx, productId, row.orderLineId, row.length) : [],
    source: { id: disposal!.id, code: order.code },
    refuse,
  });
  if (proposal.action === 'reuse' && body.action === 'reuse')
    await tx
      .update(supersededPieceDisposals)
      .set({ targetLineId: proposal.lineId })
      .where(eq(supersededPieceDisposals.id, disposal!.id));
}
