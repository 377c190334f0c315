import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StockMoveResult, StockRelocateInput } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { selectStockLogs, toStockLogItem } from './stock-log.query.ts';
import { MANUAL_MOVE_PREFIX, applyStockMoves, type StockMove } from './stock-move.service.ts';
import { stockLogs, stocks } from './stock.table.ts';

/**
 * Carries `quantity` bars of one balance row (raw or offcut) to another location: the row at the old
 * place moves out and the row at the new one in, both `transfer`, under one `MV…` code — the ledger
 * tells where every bar went, and the balance of the spec, length and heat is unchanged. Reserved bars
 * stay where a plan counts on them (409 `stock_reserved`).
 */
export async function relocateStock(
  tx: Tx,
  writer: Actor,
  kind: 'raw' | 'tail',
  stockId: string,
  input: StockRelocateInput,
): Promise<StockMoveResult> {
  const [row] = await tx
    .select()
    .from(stocks)
    .where(and(eq(stocks.id, stockId), eq(stocks.productId, writer.scope.productId), eq(stocks.kind, kind)));
  if (!row) throw new AppError('not_found');
  if (row.locationId === input.locationId) throw invalidFields({ locationId: ['sameLocation'] });
  const bars = {
    kind,
    rebarId: row.rebarId,
    length: row.length,
    heatNo: row.heatNo,
    held: row.held,
    lotId: row.lotId,
    quantity: input.quantity,
    reason: 'transfer',
    remark: input.remark ?? null,
  } as const;
  const moves: StockMove[] = [
    { ...bars, direction: 'out', locationId: row.locationId },
    { ...bars, direction: 'in', locationId: input.locationId },
  ];
  const sourceCode = await nextDocumentCode(tx, writer.scope.productId, MANUAL_MOVE_PREFIX);
  const written = await applyStockMoves(tx, {
    scope: writer.scope,
    operator: writer.user,
    source: { type: 'manual', code: sourceCode },
    moves,
  });
  const rows = await selectStockLogs(tx)
    .where(
      inArray(
        stockLogs.id,
        written.map((each) => each.id),
      ),
    )
    .orderBy(asc(stockLogs.seq));
  return { sourceCode, rows: rows.map(toStockLogItem) };
}

const LOCATION_USAGE = { 'zh-CN': '库存', 'en-US': 'stock rows', 'fr-FR': 'lignes de stock' } as const;

/** The stock rows (and so ledgers) at a location keep it from being deleted: counted, a few named. */
export async function locationUsage(tx: Tx, locationId: string): Promise<Referrers[]> {
  const where = eq(stocks.locationId, locationId);
  const total = await tx.$count(stocks, where);
  if (!total) return [];
  const named = await tx
    .select({ name: sql<string>`${rebars.name} || ' ' || ${stocks.length} || 'mm'` })
    .from(stocks)
    .innerJoin(rebars, eq(rebars.id, stocks.rebarId))
    .where(where)
    .orderBy(rebars.name, stocks.length)
    .limit(5);
  return [{ label: LOCATION_USAGE, names: named.map((each) => each.name), total }];
}
