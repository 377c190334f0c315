import { wallClock, type SolverClock } from './clock.ts';

/**
 * The completions the exact cover (`exact-cover-search.ts`, whose header tells the search) branches over: for each
 * piece longer than half a bar, every set of short pieces that fills its bar's room exactly, listed once up front.
 */

/** Short pieces per completion at most: AI bars hold a long piece and 1–3 others. */
export const MAX_COMPLETION = 3;
/** Completions listed at most: their lists cost memory and time (AI 1003 lists about 450,000). */
const MAX_COMPLETIONS = 2_000_000;

export interface ExactCoverProblem {
  /** Knapsack weight of each piece type. */
  weights: readonly number[];
  /** Pieces per type. */
  demand: readonly number[];
  capacity: number;
  /** Bars to fill exactly: Σ demand · weights must equal bins · capacity. */
  bins: number;
}

/**
 * The candidate bars: a long piece type and the short types (with repeats) that fill its room exactly. Kept in flat
 * typed arrays: the search updates thousands of completions per piece it places (AI 1003 lists 450,000, a short
 * type sits in about 2,400 of them), and one array object per completion cost a cache miss each time (measured:
 * 200 ns per completion looked at, against 30 ns flat).
 */
export class Completions {
  size = 0;
  /** The long piece type of each completion. */
  long = new Int32Array(1024);
  /** Short pieces in each completion. */
  pieces = new Uint8Array(1024);
  /** Completion c's distinct types (its long type first) and how many of each it needs: entries start[c]…start[c+1]. */
  start = new Int32Array(1025);
  type = new Int32Array(4096);
  need = new Int32Array(4096);

  add(long: number, shorts: readonly number[]): void {
    const counts = new Map<number, number>([[long, 1]]);
    for (const t of shorts) counts.set(t, (counts.get(t) ?? 0) + 1);
    const c = this.size++;
    if (this.size === this.long.length) {
      this.long = grown(this.long);
      this.pieces = grown(this.pieces);
      this.start = grown(this.start);
    }
    let entry = this.start[c]!;
    if (entry + counts.size > this.type.length) {
      this.type = grown(this.type);
      this.need = grown(this.need);
    }
    this.long[c] = long;
    this.pieces[c] = shorts.length;
    for (const [t, count] of counts) {
      this.type[entry] = t;
      this.need[entry++] = count;
    }
    this.start[c + 1] = entry;
  }

  /** Completion c's pieces, as type indices (the long piece first). */
  piecesOf(c: number): number[] {
    const bar: number[] = [];
    for (let e = this.start[c]!; e < this.start[c + 1]!; e++)
      for (let k = 0; k < this.need[e]!; k++) bar.push(this.type[e]!);
    return bar;
  }
}

function grown<T extends Int32Array | Uint8Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Lists every completion of at most `maxPieces` short pieces, or null past MAX_COMPLETIONS or the deadline. `shorts`
 * are sorted longest first; each completion lists its pieces in that order, and the completions come in lexicographic
 * order of their positions. The last piece is looked up by its weight, so that listing stays linear (pairs) or
 * quadratic (triples) in the short types per long piece.
 */
export function listCompletions(
  problem: ExactCoverProblem,
  longs: readonly number[],
  shorts: readonly number[],
  deadline: number,
  maxPieces = MAX_COMPLETION,
  clock: SolverClock = wallClock,
): Completions | null {
  const { weights, demand, capacity } = problem;
  const positionsOfWeight = new Map<number, number[]>();
  shorts.forEach((t, position) => {
    const positions = positionsOfWeight.get(weights[t]!);
    if (positions === undefined) positionsOfWeight.set(weights[t]!, [position]);
    else positions.push(position);
  });
  const list = new Completions();
  const enough = (t: number, count: number): boolean => demand[t]! >= count;
  for (const long of longs) {
    if (clock.now() >= deadline || list.size > MAX_COMPLETIONS) return null;
    const room = capacity - weights[long]!;
    for (let i = 0; i < shorts.length; i++) {
      const a = shorts[i]!;
      const afterA = room - weights[a]!;
      if (afterA < 0) continue;
      // Longest first: once a piece is too short to make up the room maxPieces times over, every later one is too.
      if (weights[a]! * maxPieces < room) break;
      if (afterA === 0) {
        list.add(long, [a]);
        continue;
      }
      if (maxPieces === 2) {
        for (const j of positionsOfWeight.get(afterA) ?? []) {
          if (j < i || (j === i && !enough(a, 2))) continue;
          list.add(long, [a, shorts[j]!]);
        }
        continue;
      }
      for (let j = i; j < shorts.length; j++) {
        const b = shorts[j]!;
        const afterB = afterA - weights[b]!;
        if (afterB < 0 || (j === i && !enough(a, 2))) continue;
        if (weights[b]! * 2 < afterA) break;
        if (afterB === 0) {
          list.add(long, [a, b]);
          continue;
        }
        for (const k of positionsOfWeight.get(afterB) ?? []) {
          const c = shorts[k]!;
          if (k < j || (c === b && !enough(b, b === a ? 3 : 2))) continue;
          list.add(long, [a, b, c]);
        }
      }
    }
  }
  return list.size > MAX_COMPLETIONS ? null : list;
}

/**
 * Each long type's completions in the two orders the runs use: as listed (longest pieces first), and pairs first,
 * the most even pair first, then single pieces, then triples.
 */
export function completionOrders(
  completions: Completions,
  typeCount: number,
): Record<'listed' | 'evenPairsFirst', number[][]> {
  const listed: number[][] = Array.from({ length: typeCount }, () => []);
  for (let c = 0; c < completions.size; c++) listed[completions.long[c]!]!.push(c);
  const rank = (c: number): number => [1, 0, 2][completions.pieces[c]! - 1]!;
  const evenPairsFirst = listed.map((list) => [...list].sort((a, b) => rank(a) - rank(b) || b - a));
  return { listed, evenPairsFirst };
}
