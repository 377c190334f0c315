import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  RebarDelivery,
  RebarDeliveryDetail,
  RebarDeliveryInput,
  RebarDeliveryListQuery,
  RebarReceive,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { selectStockLogs, toStockLogItem } from './stock-log.query.ts';
import { foreignLocations, type StockMoveCommand } from './stock-move.service.ts';
import { createReceipt, selectReceipts, toReceipt } from './rebar-receive.service.ts';
import { rebarDeliveries } from './rebar-delivery.table.ts';
import { rebarReceives, stockLogs } from './stock.table.ts';

export const DELIVERY_PREFIX = 'DN';

const creator = alias(users, 'delivery_creator');

const selectDeliveries = (db: Db | Tx) =>
  db
    .select({
      id: rebarDeliveries.id,
      code: rebarDeliveries.code,
      supplier: rebarDeliveries.supplier,
      deliveryNoteNo: rebarDeliveries.deliveryNoteNo,
      receiveDate: rebarDeliveries.receiveDate,
      remark: rebarDeliveries.remark,
      creatorName: creator.name,
      creationTime: rebarDeliveries.creationTime,
    })
    .from(rebarDeliveries)
    .leftJoin(creator, eq(creator.id, rebarDeliveries.creatorId))
    .$dynamic();

type DeliveryRow = Awaited<ReturnType<typeof selectDeliveries>>[number];

/** The note's figures are its lines' (sums in grams, so kg stay exact to the gram). */
function toDelivery(row: DeliveryRow, lines: RebarReceive[]): RebarDelivery {
  const grams = (kg: number) => Math.round(kg * 1000);
  const weighed = lines.filter((line) => line.weighedWeight !== null);
  return {
    ...row,
    lineCount: lines.length,
    barCount: lines.reduce((sum, line) => sum + line.barCount, 0),
    weight: lines.reduce((sum, line) => sum + grams(line.weight), 0) / 1000,
    weighedWeight: weighed.length
      ? weighed.reduce((sum, line) => sum + grams(line.weighedWeight ?? 0), 0) / 1000
      : null,
    outOfToleranceLines: lines.filter((line) => line.weightOutOfTolerance).length,
    heldLines: lines.filter((line) => line.qualityStatus === 'held').length,
    creationTime: toIso(row.creationTime),
  };
}

/** The lines (receipts) of the deliveries, in the order they were entered (their codes), by delivery. */
async function linesOf(db: Db | Tx, productId: string, ids: string[]): Promise<Map<string, RebarReceive[]>> {
  const byDelivery = new Map<string, RebarReceive[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byDelivery;
  const rows = await selectReceipts(db)
    .where(and(eq(rebarReceives.productId, productId), inArray(rebarReceives.deliveryId, ids)))
    .orderBy(asc(rebarReceives.code));
  for (const row of rows) if (row.deliveryId) byDelivery.get(row.deliveryId)?.push(toReceipt(row));
  return byDelivery;
}

const DELIVERY_LIST: ListSpec = {
  searchable: [rebarDeliveries.code, rebarDeliveries.supplier, rebarDeliveries.deliveryNoteNo],
  sortable: {
    code: rebarDeliveries.code,
    receiveDate: rebarDeliveries.receiveDate,
    supplier: rebarDeliveries.supplier,
    creationTime: rebarDeliveries.creationTime,
  },
  defaultOrder: [desc(rebarDeliveries.receiveDate), desc(rebarDeliveries.code), asc(rebarDeliveries.id)],
};

export async function listDeliveries(db: Db, productId: string, query: RebarDeliveryListQuery) {
  const clauses = listClauses(query, DELIVERY_LIST, [
    eq(rebarDeliveries.productId, productId),
    query.receiveDateFrom ? gte(rebarDeliveries.receiveDate, query.receiveDateFrom) : undefined,
    query.receiveDateTo ? lte(rebarDeliveries.receiveDate, query.receiveDateTo) : undefined,
  ]);
  const [rows, counted] = await Promise.all([
    selectDeliveries(db)
      .where(clauses.where)
      .orderBy(...clauses.orderBy)
      .limit(clauses.limit)
      .offset(clauses.offset),
    db.$count(rebarDeliveries, clauses.where),
  ]);
  const lines = await linesOf(
    db,
    productId,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toDelivery(row, lines.get(row.id) ?? [])), totalCount: Number(counted) };
}

/** A delivery of the product with its lines and every ledger row they caused; 404 for any other. */
export async function deliveryDetail(db: Db | Tx, productId: string, id: string): Promise<RebarDeliveryDetail> {
  const [row] = await selectDeliveries(db).where(
    and(eq(rebarDeliveries.id, id), eq(rebarDeliveries.productId, productId)),
  );
  if (!row) throw new AppError('not_found');
  const lines = (await linesOf(db, productId, [id])).get(id) ?? [];
  const ledger = lines.length
    ? await selectStockLogs(db)
        .where(
          and(
            eq(stockLogs.productId, productId),
            inArray(
              stockLogs.sourceId,
              lines.map((line) => line.id),
            ),
          ),
        )
        .orderBy(asc(stockLogs.seq))
    : [];
  return { ...toDelivery(row, lines), lines, ledger: ledger.map(toStockLogItem) };
}

/**
 * 400 on `lines.{i}.rebarId` for each line whose spec is not one of the product's, and on
 * `lines.{i}.locationId` for each line put away at a location that is not the product's.
 */
async function checkLines(tx: Tx, productId: string, lines: RebarDeliveryInput['lines']) {
  const found = await tx
    .select({ id: rebars.id })
    .from(rebars)
    .where(
      and(
        eq(rebars.productId, productId),
        inArray(
          rebars.id,
          lines.map((line) => line.rebarId),
        ),
      ),
    );
  const known = new Set(found.map((row) => row.id));
  const foreign = await foreignLocations(
    tx,
    productId,
    lines.map((line) => line.locationId),
  );
  const problems = Object.fromEntries(
    lines.flatMap((line, index) => [
      ...(known.has(line.rebarId) ? [] : [[`lines.${index}.rebarId`, ['invalid']]]),
      ...(line.locationId && foreign.has(line.locationId) ? [[`lines.${index}.locationId`, ['invalid']]] : []),
    ]),
  );
  if (Object.keys(problems).length) throw invalidFields(problems);
}

/**
 * Records a delivery note and receives each of its lines as a receipt of its own (raw stock in,
 * reason `receipt`), all in the caller's transaction: a line refused (an unknown spec) refuses the
 * whole truck.
 */
export async function createDelivery(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  operator: StockMoveCommand['operator'],
  input: RebarDeliveryInput,
): Promise<string> {
  await checkLines(tx, scope.productId, input.lines);
  const at = new Date();
  const code = await nextDocumentCode(tx, scope.productId, DELIVERY_PREFIX, at);
  const { lines, ...note } = input;
  const [delivery] = await tx
    .insert(rebarDeliveries)
    .values({ ...note, ...scope, code, creatorId: operator.id, creationTime: at.toISOString() })
    .returning({ id: rebarDeliveries.id });
  if (!delivery) throw new Error('delivery insert returned no row');
  for (const line of lines)
    await createReceipt(
      tx,
      scope,
      operator,
      { ...line, supplier: note.supplier, receiveDate: note.receiveDate },
      undefined,
      delivery.id,
    );
  return delivery.id;
}
