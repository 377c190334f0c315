import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  gramsToKg,
  weightCheck,
  weightGrams,
  type RebarReceive,
  type RebarReceiveDetail,
  type RebarReceiveInput,
  type RebarReceiveListQuery,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebarReceives, stockLogs } from './stock.table.ts';
import { rebarDeliveries } from './rebar-delivery.table.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { keywordCondition, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { selectStockLogs, toStockLogItem } from './stock-log.query.ts';
import { applyStockMoves, checkLocations, specsOf, type StockMoveCommand } from './stock-move.service.ts';

export const RECEIPT_PREFIX = 'RC';

type Operator = StockMoveCommand['operator'];

const creator = alias(users, 'creator');

const receiptColumns = {
  id: rebarReceives.id,
  code: rebarReceives.code,
  rebarId: rebarReceives.rebarId,
  rebarName: rebars.name,
  grade: rebars.grade,
  diameter: rebars.diameter,
  supplier: rebarReceives.supplier,
  heatNo: rebarReceives.heatNo,
  length: rebarReceives.length,
  bundles: rebarReceives.bundles,
  barCount: rebarReceives.barCount,
  weightGrams: rebarReceives.weightGrams,
  weighedGrams: rebarReceives.weighedGrams,
  deliveryId: rebarReceives.deliveryId,
  deliveryCode: rebarDeliveries.code,
  locationId: rebarReceives.locationId,
  receiveDate: rebarReceives.receiveDate,
  remark: rebarReceives.remark,
  status: rebarReceives.status,
  qualityStatus: rebarReceives.qualityStatus,
  heldQuantity: rebarReceives.heldQuantity,
  reversedTime: rebarReceives.reversedTime,
  reverseReason: rebarReceives.reverseReason,
  creatorName: creator.name,
  creationTime: rebarReceives.creationTime,
};

export const selectReceipts = (db: Db | Tx) =>
  db
    .select(receiptColumns)
    .from(rebarReceives)
    .innerJoin(rebars, eq(rebars.id, rebarReceives.rebarId))
    .leftJoin(creator, eq(creator.id, rebarReceives.creatorId))
    .leftJoin(rebarDeliveries, eq(rebarDeliveries.id, rebarReceives.deliveryId))
    .$dynamic();

/** A receipt as the API answers it, its weighed weight checked against the standard's tolerance. */
export function toReceipt(row: Awaited<ReturnType<typeof selectReceipts>>[number]): RebarReceive {
  const { weightGrams: grams, weighedGrams, ...rest } = row;
  const check = weightCheck(grams, weighedGrams, row.diameter);
  return {
    ...rest,
    weight: gramsToKg(grams),
    weighedWeight: weighedGrams === null ? null : gramsToKg(weighedGrams),
    weightDeviation: check?.deviation ?? null,
    weightTolerance: check?.tolerance ?? null,
    weightOutOfTolerance: check?.outOfTolerance ?? false,
    reversedTime: toIso(row.reversedTime),
    creationTime: toIso(row.creationTime),
  };
}

const RECEIPT_LIST: ListSpec = {
  searchable: [rebarReceives.code, rebarReceives.supplier, rebarReceives.heatNo],
  sortable: {
    code: rebarReceives.code,
    receiveDate: rebarReceives.receiveDate,
    supplier: rebarReceives.supplier,
    heatNo: rebarReceives.heatNo,
    length: rebarReceives.length,
    barCount: rebarReceives.barCount,
    weight: rebarReceives.weightGrams,
    creationTime: rebarReceives.creationTime,
  },
  defaultOrder: [desc(rebarReceives.receiveDate), desc(rebarReceives.code), asc(rebarReceives.id)],
};

export async function listReceipts(db: Db, productId: string, query: RebarReceiveListQuery) {
  const clauses = listClauses(query, RECEIPT_LIST, [
    eq(rebarReceives.productId, productId),
    query.rebarId ? eq(rebarReceives.rebarId, query.rebarId) : undefined,
    keywordCondition(query.supplier, [rebarReceives.supplier]),
    keywordCondition(query.heatNo, [rebarReceives.heatNo]),
    query.receiveDateFrom ? gte(rebarReceives.receiveDate, query.receiveDateFrom) : undefined,
    query.receiveDateTo ? lte(rebarReceives.receiveDate, query.receiveDateTo) : undefined,
    query.status ? eq(rebarReceives.status, query.status) : undefined,
    query.qualityStatus ? eq(rebarReceives.qualityStatus, query.qualityStatus) : undefined,
  ]);
  const [rows, counted] = await Promise.all([
    selectReceipts(db)
      .where(clauses.where)
      .orderBy(...clauses.orderBy)
      .limit(clauses.limit)
      .offset(clauses.offset),
    db.$count(rebarReceives, clauses.where),
  ]);
  return { items: rows.map(toReceipt), totalCount: Number(counted) };
}

/** A receipt of the product; 404 for any other (another product's too). */
export async function findReceipt(db: Db | Tx, productId: string, id: string): Promise<RebarReceive> {
  const [row] = await selectReceipts(db).where(and(eq(rebarReceives.id, id), eq(rebarReceives.productId, productId)));
  if (!row) throw new AppError('not_found');
  return toReceipt(row);
}

/**
 * A receipt of the product with the ledger rows it caused (its stock-in, its holds, release or
 * return, and its reversal); 404 otherwise.
 */
export async function receiptDetail(db: Db | Tx, productId: string, id: string): Promise<RebarReceiveDetail> {
  const receipt = await findReceipt(db, productId, id);
  const ledger = await selectStockLogs(db)
    .where(and(eq(stockLogs.sourceId, id), eq(stockLogs.productId, productId)))
    .orderBy(asc(stockLogs.seq));
  return { ...receipt, ledger: ledger.map(toStockLogItem) };
}

/**
 * The receipt row of the product, locked FOR UPDATE until the caller commits: reversals, inspections,
 * releases and returns of one receipt take turns, and each sees the status the last one left. 404
 * for any other.
 */
export async function lockReceipt(tx: Tx, productId: string, id: string) {
  const [receipt] = await tx
    .select()
    .from(rebarReceives)
    .where(and(eq(rebarReceives.id, id), eq(rebarReceives.productId, productId)))
    .for('update');
  if (!receipt) throw new AppError('not_found');
  return receipt;
}

export type LockedReceipt = Awaited<ReturnType<typeof lockReceipt>>;

/**
 * Records bars received and puts them into raw stock (reason `receipt`) in the caller's transaction.
 * The weight is the spec's: length × bars × unit weight; a weighbridge reading is kept beside it.
 * `time` backdates history (the demo seed); `deliveryId` makes it a line of that delivery note.
 */
export async function createReceipt(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  operator: Operator,
  input: RebarReceiveInput,
  time?: string,
  deliveryId?: string,
): Promise<string> {
  const spec = (await specsOf(tx, scope.productId, [input.rebarId])).get(input.rebarId);
  if (!spec) throw new Error('specsOf answered without the spec it checked');
  // Before the receipt names it: a location of another product is 400 `locationId`, never a foreign key error.
  await checkLocations(tx, scope.productId, [input.locationId]);
  const at = time ? new Date(time) : new Date();
  const code = await nextDocumentCode(tx, scope.productId, RECEIPT_PREFIX, at);
  const [receipt] = await tx
    .insert(rebarReceives)
    .values({
      ...input,
      ...scope,
      code,
      deliveryId,
      weightGrams: weightGrams(input.length, input.barCount, spec.unitWeight),
      weighedGrams: input.weighedWeight ? Math.round(input.weighedWeight * 1000) : null,
      creatorId: operator.id,
      creationTime: at.toISOString(),
    })
    .returning({ id: rebarReceives.id });
  if (!receipt) throw new Error('receipt insert returned no row');
  await applyStockMoves(tx, {
    scope,
    operator,
    source: { type: 'rebarReceive', id: receipt.id, code },
    // Backdated history only; a live receipt's ledger row takes its time under the stock lock.
    time,
    moves: [
      {
        kind: 'raw',
        direction: 'in',
        rebarId: input.rebarId,
        length: input.length,
        heatNo: input.heatNo,
        // Put away where the keeper says (a location of another product is 400 `locationId`).
        locationId: input.locationId ?? null,
        quantity: input.barCount,
        reason: 'receipt',
        remark: input.remark,
      },
    ],
  });
  return receipt.id;
}

/** Bars of the receipt sent back to the supplier (ledger rows of reason `return` it caused). */
async function returnedBars(tx: Tx, receipt: LockedReceipt): Promise<number> {
  const [row] = await tx
    .select({ quantity: sql<number>`coalesce(sum(${stockLogs.quantity}), 0)`.mapWith(Number) })
    .from(stockLogs)
    .where(
      and(
        eq(stockLogs.productId, receipt.productId),
        eq(stockLogs.sourceId, receipt.id),
        eq(stockLogs.reason, 'return'),
      ),
    );
  return row?.quantity ?? 0;
}

/**
 * Takes a receipt's bars back out of raw stock (reason `reversal`) and marks it reversed: history is
 * never edited. The receipt row is locked first, so two reversals cannot both pass the status check.
 * 409 `receipt_reversed` the second time; 409 `receipt_held` while its bars are on quality hold
 * (they are released or returned first); 409 `insufficient_stock` when the bars were already used.
 * Bars already returned to the supplier left stock then: only the rest is taken out.
 */
export async function reverseReceipt(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  operator: Operator,
  id: string,
  reason: string,
): Promise<void> {
  const receipt = await lockReceipt(tx, scope.productId, id);
  if (receipt.status === 'reversed') throw new AppError('receipt_reversed');
  if (receipt.qualityStatus === 'held') throw new AppError('receipt_held', { code: receipt.code });
  const remaining = receipt.barCount - (await returnedBars(tx, receipt));
  await applyStockMoves(tx, {
    scope,
    operator,
    source: { type: 'rebarReceive', id, code: receipt.code },
    moves:
      remaining > 0
        ? [
            {
              kind: 'raw',
              direction: 'out',
              rebarId: receipt.rebarId,
              length: receipt.length,
              heatNo: receipt.heatNo,
              // From where the receipt put them (bars moved since are not taken back: 409).
              locationId: receipt.locationId,
              quantity: remaining,
              reason: 'reversal',
              remark: reason,
            },
          ]
        : [],
  });
  const time = new Date().toISOString();
  await tx
    .update(rebarReceives)
    .set({
      status: 'reversed',
      reversedTime: time,
      reversedBy: operator.id,
      reverseReason: reason,
      lastModifierId: operator.id,
      lastModificationTime: time,
    })
    .where(eq(rebarReceives.id, id));
}
