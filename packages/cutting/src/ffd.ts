/** First-Fit-Decreasing: what most plants use today; the optimizer's always-available fallback and its yardstick. */
import { knapsackCapacity, pieceWeight, type Problem } from './model.ts';
import { makePattern, normalizeSolution, type Solution } from './pattern.ts';

interface OpenBar {
  stock: number;
  room: number;
  counts: Map<number, number>;
}

/** Cheapest objective cost per mm first (inventory tails at price 0 go first), then the longest bar. */
function openingOrder(problem: Problem): number[] {
  return problem.stocks
    .map((s, i) => ({ i, rate: s.objectiveCost / s.length, length: s.length }))
    .sort((a, b) => a.rate - b.rate || b.length - a.length)
    .map((x) => x.i);
}

/**
 * Pieces longest first; each goes into the first open bar with room, else a new bar of the first stock kind (in
 * opening order) that holds it and is still available. Afterwards every bar is switched to the cheapest available
 * stock kind its pieces fit, which is what a planner does by hand with a mixed 9 m / 12 m rack.
 */
export function firstFitDecreasing(problem: Problem): Solution {
  const order = openingOrder(problem);
  const left = problem.stocks.map((s) => s.available ?? Number.POSITIVE_INFINITY);
  const bars: OpenBar[] = [];
  const unplaced = problem.items.map(() => 0);
  problem.items.forEach((item, i) => {
    const w = pieceWeight(item.length, problem);
    // Rooms only shrink, so bars that refused the previous copy of this piece refuse this one too.
    let from = 0;
    for (let n = 0; n < item.demand; n++) {
      while (from < bars.length && bars[from]!.room < w) from++;
      let bar = bars[from];
      if (!bar) {
        const stock = order.find((s) => left[s]! > 0 && knapsackCapacity(problem.stocks[s]!.length, problem) >= w);
        if (stock === undefined) {
          unplaced[i]! += 1;
          continue;
        }
        left[stock]! -= 1;
        bar = { stock, room: knapsackCapacity(problem.stocks[stock]!.length, problem), counts: new Map() };
        bars.push(bar);
      }
      bar.room -= w;
      bar.counts.set(i, (bar.counts.get(i) ?? 0) + 1);
    }
  });
  for (const bar of bars) {
    left[bar.stock]! += 1;
    const used = knapsackCapacity(problem.stocks[bar.stock]!.length, problem) - bar.room;
    const best = problem.stocks
      .map((s, i) => ({ i, s }))
      .filter(({ i, s }) => left[i]! > 0 && knapsackCapacity(s.length, problem) >= used)
      .sort((a, b) => a.s.objectiveCost - b.s.objectiveCost || a.s.length - b.s.length)[0];
    bar.stock = best?.i ?? bar.stock;
    left[bar.stock]! -= 1;
  }
  // Items are sorted longest first in the problem, so index order is decreasing length.
  return normalizeSolution(
    { groups: bars.map((b) => ({ pattern: makePattern(b.stock, b.counts), repetitions: 1 })), unplaced },
    problem,
  );
}
