import { wallClock, type SolverClock } from './clock.ts';
import { random } from './seeded-random.ts';

/**
 * A primal heuristic for instances whose bound is the material bound: pack every piece into exactly `bins` bars of
 * one capacity. The total slack `bins · capacity − Σ weights` is then a budget the bars share; with a slack below
 * one bar (the AI instances have none: every optimal bar is filled exactly) a plan with that many bars is proven
 * optimal by the material bound alone, without waiting for column generation.
 *
 * Bars are filled one at a time: the remaining piece of highest priority opens the bar, and a subset sum over the
 * other remaining pieces fills the rest exactly (or within the slack still unspent). The subset sum is a bitset
 * over the bar's residual room, processed in priority order and stopped as soon as the full room is reachable, so
 * the reconstructed subset uses the pieces of highest priority it can; low-priority (small) pieces are kept for the
 * last bars, where flexibility is needed. When an attempt runs out of room, the pieces it could not place are
 * raised in priority for the next attempt (sequential value correction: what is hard to place is placed early),
 * with random noise, until the deadline.
 */

export interface ExactFillProblem {
  /** Knapsack weight of each piece type. */
  weights: readonly number[];
  /** Pieces per type. */
  demand: readonly number[];
  capacity: number;
  /** Number of bars to use at most; the slack budget is bins · capacity − Σ weights. */
  bins: number;
}

export interface ExactFillOptions {
  /** Clock value at which to give up. */
  deadline: number;
  /** What `deadline` is measured on (default: the wall clock). */
  clock?: SolverClock;
  shouldStop?: () => boolean;
  seed?: number;
  /** Attempts at most (default: until the deadline). */
  maxAttempts?: number;
}

export interface ExactFillResult {
  /** Each bar as the piece-type indices it holds (one entry per piece), or null when no packing was found. */
  bars: number[][] | null;
  /**
   * The attempt that left the least piece weight unplaced when none placed everything (null when one did or none
   * ran): its bars, all within the slack budget, and the pieces per type it left over, for a caller to complete.
   */
  partial: { bars: number[][]; leftover: number[] } | null;
  attempts: number;
}

/**
 * Subset sum over `pieces` (weights, in the order given) for a target in [low, high]. Returns the chosen positions
 * (indices into `pieces`), or null. The search stops at the first piece that makes `high` reachable; otherwise the
 * largest reachable sum ≥ low is taken. `from[s]` records the piece that first made s reachable, so the subset is
 * read back by walking s → s − weight(from[s]); the pieces met on that walk appear in decreasing position, each
 * once, because s − weight was reachable with earlier pieces only.
 */
export function subsetSumInRange(
  pieces: readonly number[],
  low: number,
  high: number,
  scratch: SubsetSumScratch = new SubsetSumScratch(),
): number[] | null {
  let k = 0;
  return subsetSumOverStream(() => (k < pieces.length ? pieces[k++]! : -1), low, high, scratch);
}

/**
 * subsetSumInRange over pieces produced one at a time by `next` (a weight, or −1 when there are no more), so that a
 * caller can stop generating pieces as soon as the room is reachable. Positions count the pieces produced.
 */
export function subsetSumOverStream(
  next: () => number,
  low: number,
  high: number,
  scratch: SubsetSumScratch = new SubsetSumScratch(),
): number[] | null {
  if (high < 0 || low > high) return null;
  if (low <= 0) return [];
  const words = (high >>> 5) + 1;
  const { bits, from } = scratch.reserve(words, high + 1);
  bits.fill(0, 0, words);
  bits[0] = 1;
  const produced: number[] = [];
  for (let k = 0; ; k++) {
    const w = next();
    if (w < 0) break;
    produced.push(w);
    if (w > high || w === 0) continue;
    const q = w >>> 5;
    const r = w & 31;
    // bits |= bits << w, from the top word down so that every word reads values from before this piece.
    for (let i = words - 1; i >= q; i--) {
      const lowerWord = bits[i - q]!;
      const shifted = r === 0 ? lowerWord : (lowerWord << r) | (i - q - 1 >= 0 ? bits[i - q - 1]! >>> (32 - r) : 0);
      const old = bits[i]!;
      let fresh = shifted & ~old;
      if (fresh === 0) continue;
      bits[i] = old | fresh;
      while (fresh !== 0) {
        const bit = 31 - Math.clz32(fresh & -fresh);
        const s = (i << 5) + bit;
        if (s <= high) from[s] = k;
        fresh &= fresh - 1;
      }
    }
    if ((bits[high >>> 5]! >>> (high & 31)) & 1) break;
  }
  // The top word may hold sums above `high`: they are never read.
  let target = -1;
  for (let s = high; s >= low; s--) {
    if ((bits[s >>> 5]! >>> (s & 31)) & 1) {
      target = s;
      break;
    }
  }
  if (target < 0) return null;
  const chosen: number[] = [];
  for (let s = target; s > 0;) {
    const k = from[s]!;
    chosen.push(k);
    s -= produced[k]!;
  }
  return chosen;
}

/** Reusable buffers for subsetSumInRange: one bar after another must not allocate a table each time. */
export class SubsetSumScratch {
  bits = new Int32Array(0);
  from = new Int32Array(0);
  reserve(words: number, sums: number): { bits: Int32Array; from: Int32Array } {
    if (this.bits.length < words) this.bits = new Int32Array(words);
    if (this.from.length < sums) this.from = new Int32Array(sums);
    return { bits: this.bits, from: this.from };
  }
}

/**
 * One attempt: fills `bins` bars, opening each with the remaining type of highest priority. `order` lists the types
 * by priority. A bar's subset sum is offered each lower-priority type at most as often as it fits the room (and is
 * left), so its work follows the number of types, not of pieces. Stops when the room runs out (no subset fills a bar
 * within the slack left) or at the deadline; returns the bars filled and the pieces per type left over.
 */
function attempt(
  problem: ExactFillProblem,
  order: readonly number[],
  scratch: SubsetSumScratch,
  deadline: number,
  clock: SolverClock,
): { bars: number[][]; leftover: number[] } {
  const { weights, capacity, bins } = problem;
  const left = [...problem.demand];
  let remaining = left.reduce((a, b) => a + b, 0);
  let slack = bins * capacity - problem.demand.reduce((sum, d, t) => sum + d * weights[t]!, 0);
  let head = 0;
  const bars: number[][] = [];
  const candidates: number[] = [];
  for (let b = 0; b < bins && remaining > 0; b++) {
    // A large instance takes a while per attempt: the deadline is checked between bars too.
    if ((b & 63) === 63 && clock.now() >= deadline) break;
    while (left[order[head]!] === 0) head++;
    const opener = order[head]!;
    left[opener]!--;
    remaining--;
    const room = capacity - weights[opener]!;
    candidates.length = 0;
    // Lower-priority types in order, each as often as it is left and fits the room, generated only as far as needed.
    let k = head;
    let copies = 0;
    let type = -1;
    const next = (): number => {
      while (copies === 0) {
        if (k >= order.length) return -1;
        type = order[k++]!;
        const w = weights[type]!;
        copies = w > room ? 0 : Math.min(left[type]!, Math.floor(room / w));
      }
      copies--;
      candidates.push(type);
      return weights[type]!;
    };
    const chosen = subsetSumOverStream(next, Math.max(0, room - slack), room, scratch);
    if (chosen === null) {
      left[opener]!++;
      remaining++;
      break;
    }
    const bar = [opener];
    let used = capacity - room;
    for (const c of chosen) {
      const t = candidates[c]!;
      left[t]!--;
      remaining--;
      bar.push(t);
      used += weights[t]!;
    }
    slack -= capacity - used;
    bars.push(bar);
  }
  return { bars, leftover: left };
}

/**
 * Searches for a packing of every piece into at most `problem.bins` bars until the deadline. Returns null when
 * the slack budget is negative (no such packing can exist) or no attempt succeeded in time.
 */
export function exactFillPacking(problem: ExactFillProblem, options: ExactFillOptions): ExactFillResult {
  const { weights, capacity, bins } = problem;
  const total = problem.demand.reduce((sum, d, t) => sum + d * weights[t]!, 0);
  if (bins * capacity < total || weights.some((w, t) => w > capacity && (problem.demand[t] ?? 0) > 0))
    return { bars: null, partial: null, attempts: 0 };
  const types = weights.map((_, t) => t).filter((t) => (problem.demand[t] ?? 0) > 0);
  const rnd = random(options.seed ?? 1);
  // Priority per type: starts at the weight (largest first, as FFD) and grows for types left over by an attempt.
  const priority = weights.map((w) => w);
  const scratch = new SubsetSumScratch();
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  let partial: ExactFillResult['partial'] = null;
  let partialLeft = Number.POSITIVE_INFINITY;
  let attempts = 0;
  const clock = options.clock ?? wallClock;
  while (attempts < maxAttempts && clock.now() < options.deadline && !options.shouldStop?.()) {
    attempts++;
    // The first attempt is plain largest-first; later ones add noise of up to 2 % so that ties and near-ties change.
    const noise = attempts === 1 ? 0 : 0.02;
    const key = priority.map((p) => p * (1 + noise * rnd()));
    const order = [...types].sort((a, b) => key[b]! - key[a]! || weights[b]! - weights[a]!);
    const result = attempt(problem, order, scratch, options.deadline, clock);
    const unplaced = result.leftover.reduce((sum, n, t) => sum + n * weights[t]!, 0);
    if (unplaced === 0) return { bars: result.bars, partial: null, attempts };
    if (unplaced < partialLeft) {
      partialLeft = unplaced;
      partial = result;
    }
    // Sequential value correction: what could not be placed is placed earlier next time.
    result.leftover.forEach((n, t) => {
      if (n > 0) priority[t] = priority[t]! + capacity * 0.05 * (0.5 + rnd());
    });
  }
  return { bars: null, partial, attempts };
}
