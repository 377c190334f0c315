import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  DISPOSITION_LABELS,
  proposeDisposition,
  specThresholds,
  specUnitWeight,
  weightGrams,
  type Disposition,
  type DispositionProposal,
  type Localized,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { productSettings, rebars } from '../master-data/master-data.table.ts';
import { demandOrderLines, demandOrders } from '../planning/index.ts';
import { applyStockMoves, heatsCutBy, type StockMove } from '../stock/index.ts';
import { bundles } from './processing.table.ts';

// Bundles a revised bar list superseded: what to do with each (a proposal), and the action that
// does it through the stock ledgers.

export const kg = (grams: number) => Math.round(grams) / 1000;

/** The order's open straight lines superseded pieces could be cut to. */
export async function reuseCandidates(db: Db | Tx, orderId: string) {
  const lines = await db
    .select({
      lineId: demandOrderLines.id,
      mark: demandOrderLines.mark,
      rebarId: demandOrderLines.rebarId,
      length: demandOrderLines.length,
      geometry: demandOrderLines.geometry,
      openQuantity:
        sql<number>`${demandOrderLines.quantity} - greatest(${demandOrderLines.plannedQuantity}, ${demandOrderLines.producedQuantity})`.mapWith(
          Number,
        ),
    })
    .from(demandOrderLines)
    .where(and(eq(demandOrderLines.orderId, orderId), isNull(demandOrderLines.supersededAt)));
  return lines.filter((line) => line.openQuantity > 0);
}

/**
 * The minimum reusable offcut of each spec: the spec's own threshold, else the product's — a
 * superseded Φ8 and Φ32 are kept or scrapped as a cut of them would be.
 */
export async function minOffcutLengths(db: Db | Tx, productId: string, rebarIds: readonly string[]) {
  const [settings] = await db
    .select({ minTailLength: productSettings.minTailLength, wasteLength: productSettings.wasteLength })
    .from(productSettings)
    .where(eq(productSettings.productId, productId));
  const product = { minTailLength: settings?.minTailLength ?? 500, wasteLength: settings?.wasteLength ?? 500 };
  const specs = rebarIds.length
    ? await db
        .select({ id: rebars.id, minTailLength: rebars.minTailLength, wasteLength: rebars.wasteLength })
        .from(rebars)
        .where(and(eq(rebars.productId, productId), inArray(rebars.id, [...new Set(rebarIds)])))
    : [];
  const byId = new Map(specs.map((spec) => [spec.id, specThresholds(spec, product).minTailLength]));
  return (rebarId: string) => byId.get(rebarId) ?? product.minTailLength;
}

const bundleColumns = {
  id: bundles.id,
  code: bundles.code,
  scanId: bundles.scanId,
  taskId: bundles.taskId,
  orderLineId: bundles.orderLineId,
  orderId: demandOrderLines.orderId,
  mark: demandOrderLines.mark,
  rebarId: demandOrderLines.rebarId,
  unitWeight: rebars.unitWeight,
  diameter: rebars.diameter,
  geometry: demandOrderLines.geometry,
  supersededRevision: demandOrderLines.supersededRevision,
  length: bundles.length,
  number: bundles.number,
  count: bundles.count,
  pieces: bundles.pieces,
  weightGrams: bundles.weightGrams,
  status: bundles.status,
  supersededAt: bundles.supersededAt,
  disposition: bundles.disposition,
  disposedAt: bundles.disposedAt,
};

/** Kg of each part of a proposal: what is re-used (or kept, or scrapped), and what is cut away. */
export function proposalWeights(
  bundle: { pieces: number; unitWeight: number | null; diameter: number; weightGrams: number },
  proposal: DispositionProposal,
) {
  const unitWeight = specUnitWeight(bundle);
  const kept =
    proposal.action === 'reuse' ? weightGrams(proposal.length, bundle.pieces, unitWeight) : bundle.weightGrams;
  return { weight: kg(kept), cutAwayWeight: kg(Math.max(0, bundle.weightGrams - kept)) };
}

/**
 * `GET /api/demandOrder/{id}/superseded`: the order's superseded bundles, each with what was done with it
 * or, while undecided and still in the plant, the proposal (re-use for a mark, offcut or scrap) and its kg.
 */
export async function supersededBundles(db: Db, productId: string, orderId: string) {
  const rows = await db
    .select(bundleColumns)
    .from(bundles)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .innerJoin(rebars, eq(rebars.id, demandOrderLines.rebarId))
    .where(
      and(eq(bundles.productId, productId), eq(demandOrderLines.orderId, orderId), isNotNull(bundles.supersededAt)),
    )
    .orderBy(asc(demandOrderLines.mark), asc(bundles.number));
  const candidates = await reuseCandidates(db, orderId);
  const minLength = await minOffcutLengths(
    db,
    productId,
    rows.map((row) => row.rebarId),
  );
  return rows.map((row) => {
    const proposal = proposeDisposition(row, candidates, minLength(row.rebarId));
    return {
      id: row.id,
      code: row.code,
      scanId: row.scanId,
      mark: row.mark,
      revision: row.supersededRevision,
      length: row.length,
      number: row.number,
      count: row.count,
      pieces: row.pieces,
      weight: kg(row.weightGrams),
      disposition: row.disposition,
      disposedAt: row.disposedAt,
      proposal: { ...proposal, ...proposalWeights(row, proposal) },
    };
  });
}

export const REASONS = {
  disposed: {
    'zh-CN': '已处理',
    'en-US': 'it was already dealt with',
    'fr-FR': 'il est déjà traité',
  },
  notSuperseded: { 'zh-CN': '未被作废', 'en-US': 'it is not superseded', 'fr-FR': 'il n’est pas périmé' },
  noReuse: {
    'zh-CN': '没有可改用的同规格直条',
    'en-US': 'no open straight mark of its spec can take its pieces',
    'fr-FR': 'aucun repère droit ouvert de sa nuance ne peut prendre ses pièces',
  },
  bent: {
    'zh-CN': '弯曲件或短料只能报废',
    'en-US': 'bent or short pieces can only be scrapped',
    'fr-FR': 'des pièces façonnées ou courtes ne peuvent qu’être mises au rebut',
  },
} satisfies Record<string, Localized>;

/** Superseded pieces to dispose of: a bundle's, or the loose pieces of a line at one length. */
export type DisposableItem = {
  orderId: string;
  orderLineId: string;
  rebarId: string;
  unitWeight: number | null;
  diameter: number;
  geometry: Parameters<typeof proposeDisposition>[0]['geometry'];
  length: number;
  pieces: number;
};

/**
 * Carries out one decision on superseded pieces, through the stock ledgers: `reuse` (the proposal's mark, or
 * `targetLineId`): the pieces enter the mark's finished stock cut to its length (what is cut away goes to
 * waste) and count as made for it; `offcut`: into tail stock at their length, an offcut lot of `heatNos`;
 * `scrap`: into waste. `fromStock`: the pieces leave the superseded line's finished stock first (a bundle;
 * loose pieces were never in stock). The order is locked first. Answers the proposal carried out.
 */
export async function carryOutDisposition(
  tx: Tx,
  writer: Actor,
  item: DisposableItem,
  action: Disposition,
  options: {
    targetLineId: string | null;
    fromStock: boolean;
    heatNos: readonly string[];
    source: { id: string; code: string };
    refuse: (reason: Localized) => AppError;
  },
): Promise<DispositionProposal> {
  // The order is locked before its lines change (as every order write does).
  await tx.select({ id: demandOrders.id }).from(demandOrders).where(eq(demandOrders.id, item.orderId)).for('update');
  const candidates = await reuseCandidates(tx, item.orderId);
  const proposal = proposeDisposition(
    item,
    options.targetLineId ? candidates.filter((line) => line.lineId === options.targetLineId) : candidates,
    (await minOffcutLengths(tx, writer.scope.productId, [item.rebarId]))(item.rebarId),
  );
  if (action === 'reuse' && proposal.action !== 'reuse') throw options.refuse(REASONS.noReuse);
  if (action === 'offcut' && proposal.action === 'scrap') throw options.refuse(REASONS.bent);

  const base = { kind: 'finished', rebarId: item.rebarId, quantity: item.pieces } as const;
  const moves: StockMove[] = options.fromStock
    ? [
        {
          ...base,
          direction: 'out',
          length: item.length,
          orderLineId: item.orderLineId,
          reason: action === 'scrap' ? 'scrap' : 'adjustment',
        },
      ]
    : [];
  if (action === 'reuse' && proposal.action === 'reuse') {
    moves.push({
      ...base,
      direction: 'in',
      length: proposal.length,
      orderLineId: proposal.lineId,
      reason: 'adjustment',
    });
    if (proposal.remainder > 0)
      moves.push({ ...base, kind: 'waste', direction: 'in', length: proposal.remainder, reason: 'scrap' });
    await tx
      .update(demandOrderLines)
      .set({
        // Made and so no longer to plan: the pieces count for the mark as if cut for it.
        producedQuantity: sql`least(${demandOrderLines.quantity}, ${demandOrderLines.producedQuantity} + ${item.pieces})`,
        plannedQuantity: sql`least(${demandOrderLines.quantity}, ${demandOrderLines.plannedQuantity} + ${item.pieces})`,
      })
      .where(eq(demandOrderLines.id, proposal.lineId));
  } else
    moves.push({
      ...base,
      kind: action === 'offcut' ? 'tail' : 'waste',
      direction: 'in',
      length: item.length,
      reason: action === 'offcut' ? 'adjustment' : 'scrap',
      ...(action === 'offcut' && { heatNos: options.heatNos }),
    });
  await applyStockMoves(tx, {
    scope: writer.scope,
    operator: writer.user,
    source: { type: 'revision', ...options.source },
    moves: moves.map((move) => ({ ...move, remark: DISPOSITION_LABELS[action][writer.locale] })),
  });
  return proposal;
}

/**
 * `POST /api/bundle/{id}/dispose`: carries out one decision on a superseded bundle, in one transaction
 * (`carryOutDisposition`, its pieces out of the superseded line's finished stock). A bundle is dealt with
 * once (409 after).
 */
export async function disposeBundle(
  tx: Tx,
  writer: Actor,
  id: string,
  action: Disposition,
  targetLineId: string | null,
) {
  const [bundle] = await tx
    .select(bundleColumns)
    .from(bundles)
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .innerJoin(rebars, eq(rebars.id, demandOrderLines.rebarId))
    .where(and(eq(bundles.id, id), eq(bundles.productId, writer.scope.productId)))
    .for('update', { of: bundles });
  if (!bundle) throw new AppError('not_found');
  const refuse = (reason: Localized) =>
    new AppError('bundle_disposition_refused', {
      mark: bundle.mark,
      number: bundle.number,
      count: bundle.count,
      reason,
    });
  if (!bundle.supersededAt || bundle.status !== 'produced') throw refuse(REASONS.notSuperseded);
  if (bundle.disposition) throw refuse(REASONS.disposed);
  await carryOutDisposition(tx, writer, bundle, action, {
    targetLineId,
    fromStock: true,
    // Kept as offcut, its lot carries the heats of the steel the bundle was cut from (a straight bundle's
    // task is its cut: raw heats and re-used lots' heats, as the trace answers them), so a recall finds it.
    heatNos: action === 'offcut' ? await heatsCutBy(tx, writer.scope.productId, [bundle.taskId]) : [],
    source: { id: bundle.id, code: bundle.code },
    refuse,
  });
  const at = isoNow();
  await tx
    .update(bundles)
    .set({ disposition: action, disposedAt: at, lastModifierId: writer.user.id, lastModificationTime: at })
    .where(eq(bundles.id, id));
}
