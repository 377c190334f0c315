import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { StockKind, StockMoveResult, stockMoveInputSchema } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { selectStockLogs, toStockLogItem } from './stock-log.query.ts';
import { MANUAL_MOVE_PREFIX, applyStockMoves, type StockMove } from './stock-move.service.ts';
import { stockLogs } from './stock.table.ts';
import { fromOldestLots } from './offcut-lot.service.ts';
import type { Actor } from '../../core/tenancy/actor.ts';

type ManualMoveInput = z.infer<typeof stockMoveInputSchema>;

/**
 * The moves of a manual entry: scrapping also puts the same bars into waste. Offcuts taken out by hand
 * come from the lot named (the row the keeper picked), else from the oldest lots of that spec, length and
 * place first.
 */
async function manualMoves(tx: Tx, writer: Actor, kind: StockKind, input: ManualMoveInput): Promise<StockMove[]> {
  const move: StockMove = { kind, ...input };
  const moves =
    kind === 'tail' && input.direction === 'out' && !input.lotId
      ? await fromOldestLots(tx, writer.scope.productId, move)
      : [move];
  if (input.direction !== 'out' || input.reason !== 'scrap') return moves;
  return [...moves, { ...move, kind: 'waste', direction: 'in', heatNo: null }];
}

/** A move recorded by hand (`MV…`), with the ledger rows it wrote. */
export async function recordManualMove(
  tx: Tx,
  writer: Actor,
  kind: StockKind,
  input: ManualMoveInput,
): Promise<StockMoveResult> {
  const sourceCode = await nextDocumentCode(tx, writer.scope.productId, MANUAL_MOVE_PREFIX);
  const written = await applyStockMoves(tx, {
    scope: writer.scope,
    operator: writer.user,
    source: { type: 'manual', code: sourceCode },
    moves: await manualMoves(tx, writer, kind, input),
  });
  const rows = await selectStockLogs(tx)
    .where(
      inArray(
        stockLogs.id,
        written.map((row) => row.id),
      ),
    )
    .orderBy(asc(stockLogs.seq));
  return { sourceCode, rows: rows.map(toStockLogItem) };
}
