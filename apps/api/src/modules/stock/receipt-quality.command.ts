import { and, asc, eq, gt } from 'drizzle-orm';
import type { Localized, ReceiptQualityStatus } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import { lockReceipt, type LockedReceipt } from './rebar-receive.service.ts';
import { applyStockMoves, type StockMove } from './stock-move.service.ts';
import { reservedByStock } from './stock-reservation.service.ts';
import { rebarReceives, stocks } from './stock.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

const QUALITY_STATUS_LABELS: Record<ReceiptQualityStatus, Localized> = {
  uninspected: { 'zh-CN': '未检验', 'en-US': 'not inspected', 'fr-FR': 'non contrôlé' },
  passed: { 'zh-CN': '检验合格', 'en-US': 'passed', 'fr-FR': 'conforme' },
  held: { 'zh-CN': '冻结', 'en-US': 'on hold', 'fr-FR': 'bloqué' },
  released: { 'zh-CN': '让步放行', 'en-US': 'released', 'fr-FR': 'libéré' },
  returned: { 'zh-CN': '退货', 'en-US': 'returned', 'fr-FR': 'retourné' },
};

/** The receipt's raw bars at a location, free (`held: false`) or on quality hold. */
const barsOf = (receipt: LockedReceipt, held: boolean, locationId: string | null) =>
  ({
    kind: 'raw',
    rebarId: receipt.rebarId,
    length: receipt.length,
    heatNo: receipt.heatNo,
    held,
    locationId,
  }) as const;

/**
 * The receipt's bars on hand (its spec, length and heat), free or held as asked, at every location they
 * were put away at, locked in id order (as every stock write locks): the oldest rows first.
 */
const rowsOf = (tx: Tx, productId: string, receipt: LockedReceipt, held: boolean) =>
  tx
    .select()
    .from(stocks)
    .where(
      and(
        eq(stocks.productId, productId),
        eq(stocks.kind, 'raw'),
        eq(stocks.rebarId, receipt.rebarId),
        eq(stocks.length, receipt.length),
        eq(stocks.heatNo, receipt.heatNo),
        eq(stocks.held, held),
        gt(stocks.quantity, 0),
      ),
    )
    .orderBy(asc(stocks.id))
    .for('update');

/** Takes up to `wanted` bars from the rows in order, each giving at most what `free` says of it. */
function takeFrom<T extends { id: string }>(rows: readonly T[], wanted: number, free: (row: T) => number) {
  const taken: { row: T; quantity: number }[] = [];
  let left = wanted;
  for (const row of rows) {
    const quantity = Math.min(left, free(row));
    if (quantity > 0) taken.push({ row, quantity });
    left -= quantity;
  }
  return taken;
}

const sourceOf = (receipt: LockedReceipt) => ({ type: 'rebarReceive', id: receipt.id, code: receipt.code }) as const;

async function setQuality(
  tx: Tx,
  writer: Actor,
  receipt: LockedReceipt,
  qualityStatus: ReceiptQualityStatus,
  heldQuantity: number,
) {
  await tx
    .update(rebarReceives)
    .set({ qualityStatus, heldQuantity, lastModifierId: writer.user.id, lastModificationTime: isoNow() })
    .where(eq(rebarReceives.id, receipt.id));
}

/**
 * Bars of the receipt moved between its free and held raw rows at the same location (`hold`: free →
 * held; `release`: held → free), both ledger rows under the receipt.
 */
function transfer(
  receipt: LockedReceipt,
  taken: readonly { row: { locationId: string | null }; quantity: number }[],
  toHeld: boolean,
  remark: string,
): StockMove[] {
  const reason = toHeld ? 'hold' : 'release';
  return taken.flatMap(({ row, quantity }) => [
    { ...barsOf(receipt, !toHeld, row.locationId), direction: 'out', quantity, reason, remark } as const,
    { ...barsOf(receipt, toHeld, row.locationId), direction: 'in', quantity, reason, remark } as const,
  ]);
}

/**
 * What an inspection's result does to the (locked) receipt. A pass leaves a hold or a release as it
 * is (someone decided on those bars) and otherwise marks the receipt `passed`. A fail on a receipt not
 * already held moves its bars still free and unreserved — at most its bar count, fewer once some were
 * consumed or approved plans count on them — to the held raw row (ledger reason `hold`, remark the
 * inspection's code) and marks it `held` with that quantity. When none could move (all consumed or
 * reserved) it is still `held`, with `heldQuantity` 0: the failure stays visible and a release or
 * return closes it.
 */
export async function applyReceiptVerdict(
  tx: Tx,
  writer: Actor,
  receipt: LockedReceipt,
  verdict: { result: 'pass' | 'fail'; inspectionCode: string },
): Promise<void> {
  if (verdict.result === 'pass') {
    if (receipt.qualityStatus !== 'held' && receipt.qualityStatus !== 'released')
      await setQuality(tx, writer, receipt, 'passed', 0);
    return;
  }
  if (receipt.qualityStatus === 'held') return;
  // The free rows locked before their balances are read; the bars stay where they lie, held.
  const free = await rowsOf(tx, writer.scope.productId, receipt, false);
  const reserved = await reservedByStock(
    tx,
    free.map((row) => row.id),
  );
  const taken = takeFrom(free, receipt.barCount, (row) => row.quantity - (reserved.get(row.id)?.quantity ?? 0));
  const movable = taken.reduce((sum, each) => sum + each.quantity, 0);
  if (movable > 0)
    await applyStockMoves(tx, {
      scope: writer.scope,
      operator: writer.user,
      source: sourceOf(receipt),
      moves: transfer(receipt, taken, true, verdict.inspectionCode),
    });
  await setQuality(tx, writer, receipt, 'held', movable);
}

/** The receipt's held bars, wherever they lie (a keeper may have moved them since the hold). */
async function heldBars(tx: Tx, writer: Actor, receipt: LockedReceipt) {
  const held = await rowsOf(tx, writer.scope.productId, receipt, true);
  return takeFrom(held, receipt.heldQuantity, (row) => row.quantity);
}

/** The receipt locked, 409 `receipt_not_held` unless its bars are on hold. */
async function lockHeld(tx: Tx, writer: Actor, id: string) {
  const receipt = await lockReceipt(tx, writer.scope.productId, id);
  if (receipt.qualityStatus !== 'held')
    throw new AppError('receipt_not_held', {
      code: receipt.code,
      status: QUALITY_STATUS_LABELS[receipt.qualityStatus],
    });
  return receipt;
}

/** Lets a held receipt's bars go to production: back to the free row (reason `release`, remark the reason). */
export async function releaseReceipt(tx: Tx, writer: Actor, id: string, reason: string): Promise<void> {
  const receipt = await lockHeld(tx, writer, id);
  if (receipt.heldQuantity > 0)
    await applyStockMoves(tx, {
      scope: writer.scope,
      operator: writer.user,
      source: sourceOf(receipt),
      moves: transfer(receipt, await heldBars(tx, writer, receipt), false, reason),
    });
  await setQuality(tx, writer, receipt, 'released', 0);
}

/** Sends a held receipt's bars back to the supplier: out of the held row (reason `return`, remark the reason). */
export async function returnReceipt(tx: Tx, writer: Actor, id: string, reason: string): Promise<void> {
  const receipt = await lockHeld(tx, writer, id);
  if (receipt.heldQuantity > 0)
    await applyStockMoves(tx, {
      scope: writer.scope,
      operator: writer.user,
      source: sourceOf(receipt),
      moves: (await heldBars(tx, writer, receipt)).map(({ row, quantity }) => ({
        ...barsOf(receipt, true, row.locationId),
        direction: 'out',
        quantity,
        reason: 'return',
        remark: reason,
      })),
    });
  await setQuality(tx, writer, receipt, 'returned', 0);
}
