import { hasHeatNo, isManualReason, type StockKind } from './stock-kinds.ts';
import type { StockMoveInput } from './stock.schema.ts';

/**
 * The checks of a manual move that depend on the kind in the url: field → validation message keys,
 * as a 400's details (empty when the move is acceptable). Shared by the API and the add form.
 */
export function manualMoveProblems(kind: StockKind, move: Pick<StockMoveInput, 'direction' | 'reason' | 'heatNo'>) {
  const problems: Record<string, string[]> = {};
  if (!isManualReason(kind, move.direction, move.reason)) problems.reason = ['reasonNotAllowed'];
  if (hasHeatNo(kind) && !move.heatNo) problems.heatNo = ['required'];
  return problems;
}
