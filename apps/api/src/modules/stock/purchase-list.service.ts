import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  gramsToKg,
  weightGrams,
  type PlanPurchase,
  type PurchaseList,
  type PurchaseListQuery,
  type PurchaseReceiveInput,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import type { Actor, Author } from '../../core/tenancy/actor.ts';
import { createReceipt } from './rebar-receive.service.ts';
import { purchaseListLines, purchaseLists } from './purchase-list.table.ts';
import { addReservation, PURCHASE_RESERVATION } from './stock-reservation.service.ts';
import { stocks } from './stock.table.ts';

export const PURCHASE_LIST_PREFIX = 'PL';

/**
 * The purchase list of a plan being approved, in the approval's transaction: one line per spec and
 * length it buys, weighed with the spec's unit weight. Nothing when the plan buys nothing.
 */
export async function createPurchaseList(
  tx: Tx,
  writer: Pick<Actor, 'scope' | 'user'>,
  plan: { id: string; code: string },
  purchases: readonly (PlanPurchase & { unitWeight: number })[],
  neededBy: string | null,
  at = isoNow(),
): Promise<string | null> {
  if (!purchases.length) return null;
  const code = await nextDocumentCode(tx, writer.scope.productId, PURCHASE_LIST_PREFIX, new Date(at));
  const [list] = await tx
    .insert(purchaseLists)
    .values({
      ...writer.scope,
      code,
      cutPlanId: plan.id,
      cutPlanCode: plan.code,
      neededBy,
      creatorId: writer.user.id,
      creationTime: at,
    })
    .returning({ id: purchaseLists.id });
  if (!list) throw new Error('purchase list insert returned no row');
  await tx.insert(purchaseListLines).values(
    purchases.map((purchase) => ({
      ...writer.scope,
      listId: list.id,
      rebarId: purchase.rebarId,
      length: purchase.length,
      bars: purchase.bars,
      weightGrams: weightGrams(purchase.length, purchase.bars, purchase.unitWeight),
    })),
  );
  return list.id;
}

/** The open list of a plan that is cancelled goes with it (bars received stay in stock, released). */
export async function cancelPurchaseList(tx: Tx, planId: string, author: Author) {
  await tx
    .update(purchaseLists)
    .set({ status: 'cancelled', lastModifierId: author.id, lastModificationTime: isoNow() })
    .where(and(eq(purchaseLists.cutPlanId, planId), eq(purchaseLists.status, 'open')));
}

/** A schedule planned the plan's work: the bars are needed by its first task's day. */
export async function setPurchaseNeededBy(tx: Tx, neededBy: ReadonlyMap<string, string>) {
  for (const [planId, day] of neededBy)
    await tx.update(purchaseLists).set({ neededBy: day }).where(eq(purchaseLists.cutPlanId, planId));
}

async function listsWithLines(db: Db | Tx, rows: (typeof purchaseLists.$inferSelect)[]): Promise<PurchaseList[]> {
  if (!rows.length) return [];
  const lines = await db
    .select({
      id: purchaseListLines.id,
      listId: purchaseListLines.listId,
      rebarId: purchaseListLines.rebarId,
      rebarName: rebars.name,
      length: purchaseListLines.length,
      bars: purchaseListLines.bars,
      weightGrams: purchaseListLines.weightGrams,
      receivedBars: purchaseListLines.receivedBars,
    })
    .from(purchaseListLines)
    .innerJoin(rebars, eq(rebars.id, purchaseListLines.rebarId))
    .where(
      inArray(
        purchaseListLines.listId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(rebars.diameter), asc(rebars.grade), desc(purchaseListLines.length));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    cutPlanId: row.cutPlanId,
    cutPlanCode: row.cutPlanCode,
    status: row.status,
    neededBy: row.neededBy,
    creationTime: toIso(row.creationTime)!,
    lines: lines
      .filter((line) => line.listId === row.id)
      .map(({ listId: _listId, weightGrams: grams, ...line }) => ({ ...line, weight: gramsToKg(grams) })),
  }));
}

/** The product's lists of a status (open ones by default), the soonest needed first. */
export async function listPurchaseLists(db: Db, productId: string, query: PurchaseListQuery) {
  const where = and(
    eq(purchaseLists.productId, productId),
    query.status === 'all' ? undefined : eq(purchaseLists.status, query.status),
    query.filter
      ? sql`(${purchaseLists.code} ilike ${`%${query.filter}%`} or ${purchaseLists.cutPlanCode} ilike ${`%${query.filter}%`})`
      : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(purchaseLists)
      .where(where)
      .orderBy(sql`${purchaseLists.neededBy} asc nulls last`, desc(purchaseLists.code), asc(purchaseLists.id))
      .limit(query.maxResultCount)
      .offset(query.skipCount),
    db.$count(purchaseLists, where),
  ]);
  return { items: await listsWithLines(db, rows), totalCount: Number(counted) };
}

/** A list of the product; 404 for any other (another product's too). */
export async function findPurchaseList(db: Db | Tx, productId: string, id: string): Promise<PurchaseList> {
  const rows = await db
    .select()
    .from(purchaseLists)
    .where(and(eq(purchaseLists.id, id), eq(purchaseLists.productId, productId)));
  const [list] = await listsWithLines(db, rows);
  if (!list) throw new AppError('not_found');
  return list;
}

/** The lists of these plans (a plan has one at most), by plan id. */
export async function purchaseListsOfPlans(db: Db | Tx, productId: string, planIds: readonly string[]) {
  if (!planIds.length) return new Map<string, PurchaseList>();
  const rows = await db
    .select()
    .from(purchaseLists)
    .where(and(eq(purchaseLists.productId, productId), inArray(purchaseLists.cutPlanId, [...planIds])));
  return new Map((await listsWithLines(db, rows)).map((list) => [list.cutPlanId, list]));
}

/**
 * Bars received against a line of an open list, in one transaction: a receipt like any other (raw
 * stock in, its ledger row), of the line's spec and length; the bars the line still waits for are
 * reserved for the list's plan, so its tasks find them and no other plan takes them (more bars than
 * the line asks are free stock). The list is `received` once every line has its bars. The list row
 * is locked first: two receipts against it take turns. 409 `purchase_list_closed` when it is not open.
 */
export async function receiveAgainstList(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  operator: Author,
  id: string,
  input: PurchaseReceiveInput,
): Promise<string> {
  const [list] = await tx
    .select()
    .from(purchaseLists)
    .where(and(eq(purchaseLists.id, id), eq(purchaseLists.productId, scope.productId)))
    .for('update');
  if (!list) throw new AppError('not_found');
  if (list.status !== 'open') throw new AppError('purchase_list_closed', { code: list.code });
  const lines = await tx.select().from(purchaseListLines).where(eq(purchaseListLines.listId, id));
  const line = lines.find((each) => each.id === input.lineId);
  if (!line) throw invalidFields({ lineId: ['invalid'] });
  const { lineId: _lineId, ...receipt } = input;
  const receiptId = await createReceipt(tx, scope, operator, {
    ...receipt,
    rebarId: line.rebarId,
    length: line.length,
    remark: receipt.remark ?? list.code,
  });
  const reserve = Math.min(input.barCount, Math.max(0, line.bars - line.receivedBars));
  if (reserve > 0) {
    const [row] = await tx
      .select({ id: stocks.id })
      .from(stocks)
      .where(
        and(
          eq(stocks.productId, scope.productId),
          eq(stocks.kind, 'raw'),
          eq(stocks.rebarId, line.rebarId),
          eq(stocks.length, line.length),
          eq(stocks.heatNo, input.heatNo),
          input.locationId ? eq(stocks.locationId, input.locationId) : isNull(stocks.locationId),
          eq(stocks.held, false),
        ),
      );
    if (!row) throw new Error('a receipt left no raw stock row');
    await addReservation(
      tx,
      scope,
      { type: PURCHASE_RESERVATION, id: list.cutPlanId, code: list.cutPlanCode },
      row.id,
      reserve,
      operator.id,
    );
  }
  const at = isoNow();
  await tx
    .update(purchaseListLines)
    .set({ receivedBars: line.receivedBars + input.barCount })
    .where(eq(purchaseListLines.id, line.id));
  const complete = lines.every((each) =>
    each.id === line.id ? each.receivedBars + input.barCount >= each.bars : each.receivedBars >= each.bars,
  );
  await tx
    .update(purchaseLists)
    .set({
      ...(complete ? { status: 'received' as const } : {}),
      lastModifierId: operator.id,
      lastModificationTime: at,
    })
    .where(eq(purchaseLists.id, id));
  return receiptId;
}
