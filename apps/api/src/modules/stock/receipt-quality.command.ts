import { eq } from 'drizzle-orm';
import type { Localized, ReceiptQualityStatus } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import { lockReceipt, type LockedReceipt } from './rebar-receive.service.ts';
import { applyStockMoves, lockStocks, type StockMove } from './stock-move.service.ts';
import { reservedByStock } from './stock-reservation.service.ts';
import { rebarReceives } from './stock.table.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

const QUALITY_STATUS_LABELS: Record<ReceiptQualityStatus, Localized> = {
  uninspected: { 'zh-CN': '未检验', 'en-US': 'not inspected', 'fr-FR': 'non contrôlé' },
  passed: { 'zh-CN': '检验合格', 'en-US': 'passed', 'fr-FR': 'conforme' },
  held: { 'zh-CN': '冻结', 'en-US': 'on hold', 'fr-FR': 'bloqué' },
  released: { 'zh-CN': '让步放行', 'en-US': 'released', 'fr-FR': 'libéré' },
  returned: { 'zh-CN': '退货', 'en-US': 'returned', 'fr-FR': 'retourné' },
};

/** The receipt's raw bars, free (`held: false`) or on quality hold. */
const barsOf = (receipt: LockedReceipt, held: boolean) =>
  ({ kind: 'raw', rebarId: receipt.rebarId, length: receipt.length, heatNo: receipt.heatNo, held }) as const;

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
 * Bars of the receipt moved between its free and held raw rows (`hold`: free → held; `release`:
 * held → free), both ledger rows under the receipt.
 */
function transfer(receipt: LockedReceipt, quantity: number, toHeld: boolean, remark: string): StockMove[] {
  const reason = toHeld ? 'hold' : 'release';
  return [
    { ...barsOf(receipt, !toHeld), direction: 'out', quantity, reason, remark },
    { ...barsOf(receipt, toHeld), direction: 'in', quantity, reason, remark },
  ];
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
  // Both rows locked before the free balance is read, in the order every stock write locks them.
  const rows = await lockStocks(tx, writer.scope, [barsOf(receipt, false), barsOf(receipt, true)], {
    creatorId: writer.user.id,
    time: isoNow(),
  });
  const free = rows.find((row) => !row.held);
  const reserved = free ? ((await reservedByStock(tx, [free.id])).get(free.id)?.quantity ?? 0) : 0;
  const movable = Math.min(receipt.barCount, Math.max(0, (free?.quantity ?? 0) - reserved));
  if (movable > 0)
    await applyStockMoves(tx, {
      scope: writer.scope,
      operator: writer.user,
      source: sourceOf(receipt),
      moves: transfer(receipt, movable, true, verdict.inspectionCode),
    });
  await setQuality(tx, writer, receipt, 'held', movable);
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
      moves: transfer(receipt, receipt.heldQuantity, false, reason),
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
      moves: [
        {
          ...barsOf(receipt, true),
          direction: 'out',
          quantity: receipt.heldQuantity,
          reason: 'return',
          remark: reason,
        },
      ],
    });
  await setQuality(tx, writer, receipt, 'returned', 0);
}
