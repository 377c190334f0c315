/**
 * From the optimiser's patterns to the plan's: the optimiser says, per cut length, how many pieces one
 * bar carries and which order lines the pieces serve over ALL repetitions of the pattern; a cutting
 * diagram (and the operator at the saw) needs to know which order line every piece on a bar is for. So
 * a pattern's repetitions are split into blocks of identical bars, each naming its order lines.
 *
 * The domain does not depend on the optimiser: these shapes are structural, the API maps onto them.
 */

/** A cut as the optimiser reports it: `count` pieces on one bar, `pieces` over all repetitions. */
export type CutWithPieces = {
  length: number;
  count: number;
  pieces: readonly { ref: string; count: number }[];
};

/** A cut of the plan: `count` pieces of `orderLineId` on one bar of the pattern. */
export type LineCut = { length: number; count: number; orderLineId: string };

/** Anything pattern-like (stock length, source, offcut… are carried through untouched). */
export type PatternWithPieces = { count: number; cuts: readonly CutWithPieces[] };

export type PatternByOrderLine<P extends PatternWithPieces> = Omit<P, 'cuts' | 'count'> & {
  count: number;
  cuts: LineCut[];
};

/** What is still to be placed, per cut (index as in the pattern) and per order line. */
type Remaining = Map<string, number>[];

/**
 * Splits a pattern's repetitions into blocks of identical bars, so that within a block every bar
 * carries the same pieces of the same order lines. The bar's geometry (cut lengths and per-bar
 * counts, hence its offcut) is the same in every block, only the order lines differ.
 *
 * One block when every line's pieces divide evenly over the bars; else two when two can do it; else
 * greedy: the largest block of identical bars the remaining pieces still allow, and again. That is
 * the minimum in those two cases and for k lines of one piece a bar (k blocks); otherwise it is few
 * blocks, not proven the fewest (the exact minimum is a hard decomposition problem, and the saw
 * does not mind one block more).
 *
 * Throws when the pieces of a cut do not add up to its per-bar count × the repetitions: the
 * optimiser's output is then broken, and no split could be honest.
 */
export function patternsByOrderLine<P extends PatternWithPieces>(pattern: P): PatternByOrderLine<P>[] {
  if (pattern.count <= 0) return [];
  assertPiecesAddUp(pattern);
  const remaining: Remaining = pattern.cuts.map((cut) => piecesByLine(cut));
  const blocks: Block[] = [];
  let barsLeft = pattern.count;
  while (barsLeft > 0) {
    const block =
      lastBlock(remaining, barsLeft) ??
      twoLastBlocks(pattern.cuts, remaining, barsLeft) ??
      largestBlock(pattern.cuts, remaining, barsLeft);
    takeBlock(remaining, block.lines, block.bars);
    blocks.push(block);
    barsLeft -= block.bars;
  }
  const { cuts: _cuts, count: _count, ...rest } = pattern;
  return mergeIdenticalBlocks(blocks).map((block) => ({
    ...rest,
    count: block.bars,
    cuts: lineCuts(pattern.cuts, block.lines),
  }));
}

function assertPiecesAddUp(pattern: PatternWithPieces): void {
  for (const cut of pattern.cuts) {
    const served = cut.pieces.reduce((sum, piece) => sum + piece.count, 0);
    const expected = cut.count * pattern.count;
    if (served !== expected) {
      throw new Error(
        `cut ${cut.length} serves ${served} pieces over ${pattern.count} bars of ${cut.count}: expected ${expected}`,
      );
    }
  }
}

function piecesByLine(cut: CutWithPieces): Map<string, number> {
  const byLine = new Map<string, number>();
  for (const piece of cut.pieces) {
    if (piece.count > 0) byLine.set(piece.ref, (byLine.get(piece.ref) ?? 0) + piece.count);
  }
  return byLine;
}

type Block = { bars: number; lines: Map<string, number>[] };

/** When every line's remaining pieces split evenly over the remaining bars: that one last block. */
function lastBlock(remaining: Remaining, bars: number): Block | null {
  const even = remaining.every((byLine) => [...byLine.values()].every((count) => count % bars === 0));
  if (!even) return null;
  return { bars, lines: remaining.map((byLine) => new Map([...byLine].map(([line, count]) => [line, count / bars]))) };
}

/**
 * A block of n bars after which the rest is one last block, when there is one: per cut, each line
 * takes x pieces a bar such that what it leaves divides evenly over the other bars, and the x fill a
 * bar (a small subset-sum per cut). Tried before the greedy block, which misses such finishes (6 bars
 * × 2 serving 3 and 9: 3 × [1, 1] + 3 × [0, 2], where the largest block, 4 × [0, 2], needs 2 more).
 */
function twoLastBlocks(cuts: readonly CutWithPieces[], remaining: Remaining, barsLeft: number): Block | null {
  const linesByCut = remaining.map((byLine) => [...byLine.entries()]);
  for (let bars = barsLeft - 1; bars >= 1; bars--) {
    const lines: Map<string, number>[] = [];
    for (const [k, cut] of cuts.entries()) {
      const bar = barLeavingEvenRest(linesByCut[k]!, cut.count, bars, barsLeft - bars);
      if (bar === null) break;
      lines.push(bar);
    }
    if (lines.length === cuts.length) return { bars, lines };
  }
  return null;
}

/** Pieces a bar per line, `room` in all, such that every line's rest divides evenly over `restBars`. */
function barLeavingEvenRest(
  entries: readonly [string, number][],
  room: number,
  bars: number,
  restBars: number,
): Map<string, number> | null {
  // reachable[i] = for the first i lines, the sums reachable, each with the x of line i − 1 that got there
  const reachable: Map<number, number>[] = [new Map([[0, 0]])];
  for (const [i, [, count]] of entries.entries()) {
    const next = new Map<number, number>();
    for (const sum of reachable[i]!.keys()) {
      for (let x = Math.min(Math.floor(count / bars), room - sum); x >= 0; x--) {
        if ((count - x * bars) % restBars === 0 && !next.has(sum + x)) next.set(sum + x, x);
      }
    }
    // a line with no fitting share rules this block size out: most sizes stop here, cheaply
    if (next.size === 0) return null;
    reachable.push(next);
  }
  if (!reachable.at(-1)!.has(room)) return null;
  const bar = new Map<string, number>();
  let sum = room;
  for (let i = entries.length; i > 0; i--) {
    const x = reachable[i]!.get(sum)!;
    if (x > 0) bar.set(entries[i - 1]![0], x);
    sum -= x;
  }
  return bar;
}

/**
 * The most bars that can still be cut identically: n bars fit when, for every cut, the lines' whole
 * shares (⌊pieces / n⌋) fill a bar. That holds for n = 1 and fails beyond some n: binary search.
 */
function largestBlock(cuts: readonly CutWithPieces[], remaining: Remaining, barsLeft: number): Block {
  let fits = 1;
  let fails = barsLeft;
  while (fails - fits > 1) {
    const middle = Math.floor((fits + fails) / 2);
    if (blockFits(cuts, remaining, middle)) fits = middle;
    else fails = middle;
  }
  return { bars: fits, lines: blockLines(cuts, remaining, fits) };
}

function blockFits(cuts: readonly CutWithPieces[], remaining: Remaining, bars: number): boolean {
  return cuts.every((cut, k) => wholeShares(remaining[k]!, bars) >= cut.count);
}

function wholeShares(byLine: Map<string, number>, bars: number): number {
  let shares = 0;
  for (const count of byLine.values()) shares += Math.floor(count / bars);
  return shares;
}

/**
 * One bar of the block: per cut, lines with the largest whole shares first, so that the lines with
 * most pieces left shrink fastest and the next blocks stay large.
 */
function blockLines(cuts: readonly CutWithPieces[], remaining: Remaining, bars: number): Map<string, number>[] {
  return cuts.map((cut, k) => {
    const shares = [...remaining[k]!.entries()]
      .map(([line, count]) => ({ line, share: Math.floor(count / bars) }))
      .filter((s) => s.share > 0)
      .sort((a, b) => b.share - a.share);
    const bar = new Map<string, number>();
    let room = cut.count;
    for (const { line, share } of shares) {
      if (room === 0) break;
      const take = Math.min(share, room);
      bar.set(line, take);
      room -= take;
    }
    return bar;
  });
}

function takeBlock(remaining: Remaining, lines: Map<string, number>[], bars: number): void {
  lines.forEach((bar, k) => {
    const byLine = remaining[k]!;
    for (const [line, count] of bar) {
      const left = byLine.get(line)! - count * bars;
      if (left === 0) byLine.delete(line);
      else byLine.set(line, left);
    }
  });
}

function blockKey(lines: Map<string, number>[]): string {
  return lines.map((bar) => [...bar.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).join(';')).join('|');
}

function mergeIdenticalBlocks<B extends Block>(blocks: B[]): B[] {
  const byKey = new Map<string, B>();
  for (const block of blocks) {
    const key = blockKey(block.lines);
    const same = byKey.get(key);
    if (same) same.bars += block.bars;
    else byKey.set(key, { ...block });
  }
  return [...byKey.values()];
}

/** The block's cuts, one per (length, order line), in the pattern's order of cuts and of their lines. */
function lineCuts(cuts: readonly CutWithPieces[], lines: Map<string, number>[]): LineCut[] {
  const merged = new Map<string, LineCut>();
  cuts.forEach((cut, k) => {
    const bar = lines[k]!;
    for (const orderLineId of new Set(cut.pieces.map((piece) => piece.ref))) {
      const count = bar.get(orderLineId) ?? 0;
      if (count === 0) continue;
      const key = `${cut.length}|${orderLineId}`;
      const same = merged.get(key);
      if (same) same.count += count;
      else merged.set(key, { length: cut.length, count, orderLineId });
    }
  });
  return [...merged.values()];
}
