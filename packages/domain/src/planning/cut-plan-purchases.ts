import type { BarSource } from './cut-plan-status.ts';

/**
 * Stock before buying. The optimiser prices purchased bars a little above bars on hand, but its
 * integer rounding and heuristics may still pick a purchased bar where a free one of the same length
 * lies in the yard; a plant must never buy such a bar. So after every solve, each purchased bar is
 * moved onto a free raw bar of the same spec and length (same cuts, same offcut: nothing else of the
 * plan changes), oldest lot first.
 */
export type SourcedPattern = {
  source: BarSource;
  stockId: string | null;
  heatNo: string | null;
  stockLength: number;
  count: number;
};

/** Raw bars of the spec free for the plan at solve time: on hand, not on hold, not reserved by another document. */
export type FreeLot = { stockId: string; heatNo: string | null; length: number; available: number };

/**
 * The patterns with every purchased bar that free stock of its length could give taken from that
 * stock instead (a pattern is split when the lot covers only part of its bars). `lots` in the order
 * the bars should go (the oldest first); what the plan already takes of a lot is not offered again.
 */
export function useStockBeforeBuying<P extends SourcedPattern>(patterns: readonly P[], lots: readonly FreeLot[]): P[] {
  const left = new Map(lots.map((lot) => [lot.stockId, lot.available]));
  for (const pattern of patterns)
    if (pattern.source === 'stock' && pattern.stockId && left.has(pattern.stockId))
      left.set(pattern.stockId, Math.max(0, left.get(pattern.stockId)! - pattern.count));
  return patterns.flatMap((pattern) => {
    if (pattern.source !== 'purchase') return [pattern];
    const out: P[] = [];
    let toBuy = pattern.count;
    for (const lot of lots) {
      if (toBuy <= 0) break;
      if (lot.length !== pattern.stockLength) continue;
      const bars = Math.min(toBuy, left.get(lot.stockId) ?? 0);
      if (bars <= 0) continue;
      left.set(lot.stockId, left.get(lot.stockId)! - bars);
      out.push({ ...pattern, source: 'stock', stockId: lot.stockId, heatNo: lot.heatNo, count: bars });
      toBuy -= bars;
    }
    if (toBuy > 0) out.push({ ...pattern, count: toBuy });
    return out;
  });
}

/** Free raw bars of one length when the plan was solved: what a purchase of that length had to go beyond. */
export type FreeAtSolve = { length: number; bars: number };

/** The free bars per length of a spec's lots, shortest first (kept with the plan to say why it buys). */
export function freeBarsByLength(lots: readonly FreeLot[]): FreeAtSolve[] {
  const byLength = new Map<number, number>();
  for (const lot of lots) byLength.set(lot.length, (byLength.get(lot.length) ?? 0) + Math.max(0, lot.available));
  return [...byLength]
    .filter(([, bars]) => bars > 0)
    .sort(([a], [b]) => a - b)
    .map(([length, bars]) => ({ length, bars }));
}

/** A line of what a plan buys: bars of one spec and length, and why they are bought. */
export type PlanPurchase = {
  rebarId: string;
  grade: string;
  diameter: number;
  length: number;
  bars: number;
  /** Free bars of this spec and length when the plan was solved: all of them are used before buying. */
  freeBars: number;
  /** `no_stock`: none free of this length; `stock_used`: the free ones are all in the plan and more are needed. */
  reason: 'no_stock' | 'stock_used';
};

type PurchaseGroup = {
  rebarId: string;
  grade: string;
  diameter: number;
  patterns: readonly SourcedPattern[];
  freeStock?: readonly FreeAtSolve[] | undefined;
};

/** What a plan's groups buy, per spec and length, with the free stock they had (longest bars first in a spec). */
export function planPurchases(groups: readonly PurchaseGroup[]): PlanPurchase[] {
  return groups.flatMap((group) => {
    const bars = new Map<number, number>();
    for (const pattern of group.patterns)
      if (pattern.source === 'purchase' && pattern.count > 0)
        bars.set(pattern.stockLength, (bars.get(pattern.stockLength) ?? 0) + pattern.count);
    return [...bars]
      .sort(([a], [b]) => b - a)
      .map(([length, count]) => {
        const freeBars = group.freeStock?.find((free) => free.length === length)?.bars ?? 0;
        return {
          rebarId: group.rebarId,
          grade: group.grade,
          diameter: group.diameter,
          length,
          bars: count,
          freeBars,
          reason: freeBars > 0 ? ('stock_used' as const) : ('no_stock' as const),
        };
      });
  });
}
