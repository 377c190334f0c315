import type { BarSource } from './cut-plan-status.ts';

/**
 * The stock an approved plan reserves: raw bars on hand and offcuts, per stock row (and length and
 * heat number); purchased lengths reserve nothing, they are bought. Two plans must never count on
 * the same bars, so approval compares these with what is still available and refuses a shortfall.
 */
export type ReservingPattern = {
  source: BarSource;
  stockId: string | null;
  stockLength: number;
  heatNo: string | null;
  count: number;
};

export type Reservation = {
  source: Exclude<BarSource, 'purchase'>;
  stockId: string | null;
  stockLength: number;
  heatNo: string | null;
  count: number;
};

/** Bars to reserve, summed over the plan's patterns (a stock row serves several patterns). */
export function stockReservations(groups: readonly { patterns: readonly ReservingPattern[] }[]): Reservation[] {
  const rows = new Map<string, Reservation>();
  for (const pattern of groups.flatMap((group) => group.patterns)) {
    if (pattern.source === 'purchase' || pattern.count <= 0) continue;
    const key = [pattern.source, pattern.stockId, pattern.stockLength, pattern.heatNo].join('|');
    const row = rows.get(key);
    if (row) row.count += pattern.count;
    else rows.set(key, { ...pick(pattern), source: pattern.source });
  }
  return [...rows.values()];
}

const pick = ({ stockId, stockLength, heatNo, count }: ReservingPattern) => ({ stockId, stockLength, heatNo, count });

/**
 * The reservations the stock cannot cover any more (bars used, or reserved by another plan, since
 * this one was optimised): approval is refused naming them, and re-optimising is offered.
 * `available` maps a stock row's id to the bars still free (on hand − reserved by other plans); a
 * reservation without a stock row cannot be covered.
 */
export function reservationShortfalls(
  reservations: readonly Reservation[],
  available: ReadonlyMap<string, number>,
): (Reservation & { available: number })[] {
  const neededByStock = new Map<string, number>();
  for (const r of reservations) {
    if (r.stockId !== null) neededByStock.set(r.stockId, (neededByStock.get(r.stockId) ?? 0) + r.count);
  }
  return reservations
    .map((r) => ({ ...r, available: r.stockId === null ? 0 : (available.get(r.stockId) ?? 0) }))
    .filter((r) => r.stockId === null || neededByStock.get(r.stockId)! > r.available);
}
