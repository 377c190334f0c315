/**
 * A complete search for a perfect packing when the material bound leaves no slack (every bar of the bound must be
 * filled exactly) and pieces longer than half a bar exist. Each such "long" piece opens a bar of its own, so the
 * packing is an exact cover: every long piece needs one completion, a set of at most MAX_COMPLETION short pieces
 * summing exactly to its bar's room, and the completions must not share pieces. Short pieces no completion takes
 * fill the bars no long piece opens.
 *
 * This is where the greedy exact fill fails on the AI instances (the pieces are calibrated so that a room is
 * reachable only by the intended pieces, which a greedy spends elsewhere): the search backtracks, in the manner of
 * Knuth's Algorithm X. Every completion is listed once up front; per piece type it keeps the completions that still
 * fit the pieces left, and it branches on the long piece with the fewest completions left (a long piece with none
 * fails the branch at once), trying its completions in the order listed (longest pieces first). A branch is also cut
 * when the short pieces no remaining completion can take weigh more than the bars without a long piece hold.
 */

/** Short pieces per completion at most: AI bars hold a long piece and 1–3 others. */
const MAX_COMPLETION = 3;
/** Completions listed at most: their lists cost memory and time (AI 1003 lists about 450,000). */
const MAX_COMPLETIONS = 2_000_000;
/** Search nodes between looks at the clock. */
const CLOCK_EVERY = 16;
/** Placements tried when splitting the last short pieces among the bars without a long piece. */
const LEFTOVER_STEPS = 200_000;

export interface ExactCoverProblem {
  /** Knapsack weight of each piece type. */
  weights: readonly number[];
  /** Pieces per type. */
  demand: readonly number[];
  capacity: number;
  /** Bars to fill exactly: Σ demand · weights must equal bins · capacity. */
  bins: number;
}

export interface ExactCoverOptions {
  deadline: number;
  shouldStop?: () => boolean;
}

/** Whether the search applies: no slack at all, and at least one piece longer than half a bar. */
export function exactCoverApplies(problem: ExactCoverProblem): boolean {
  const { weights, demand, capacity, bins } = problem;
  const total = demand.reduce((sum, d, t) => sum + d * weights[t]!, 0);
  return (
    bins > 0 &&
    total === bins * capacity &&
    weights.every((w, t) => w <= capacity || demand[t] === 0) &&
    weights.some((w, t) => 2 * w > capacity && demand[t]! > 0)
  );
}

/** The candidate bars: a long piece type and the short types (with repeats) that fill its room exactly. */
class Completions {
  readonly long: number[] = [];
  readonly types: number[][] = [];
  readonly need: number[][] = [];

  add(long: number, shorts: readonly number[]): void {
    const counts = new Map<number, number>([[long, 1]]);
    for (const t of shorts) counts.set(t, (counts.get(t) ?? 0) + 1);
    this.long.push(long);
    this.types.push([...counts.keys()]);
    this.need.push([...counts.values()]);
  }

  get size(): number {
    return this.long.length;
  }
}

/** Lists every completion, or null past MAX_COMPLETIONS or the deadline. `shorts` are sorted longest first. */
function listCompletions(
  problem: ExactCoverProblem,
  longs: readonly number[],
  shorts: readonly number[],
  deadline: number,
): Completions | null {
  const { weights, demand, capacity } = problem;
  const list = new Completions();
  const chosen: number[] = [];
  const used = new Map<number, number>();
  let overflow = false;
  const extend = (long: number, start: number, room: number): void => {
    if (room === 0) {
      if (list.size >= MAX_COMPLETIONS) overflow = true;
      else list.add(long, chosen);
      return;
    }
    if (chosen.length === MAX_COMPLETION || overflow) return;
    for (let j = start; j < shorts.length; j++) {
      const t = shorts[j]!;
      const w = weights[t]!;
      if (w > room) continue;
      // Shorts come longest first: if this one cannot reach the room with the pieces still allowed, none can.
      if (w * (MAX_COMPLETION - chosen.length) < room) break;
      if ((used.get(t) ?? 0) >= demand[t]!) continue;
      used.set(t, (used.get(t) ?? 0) + 1);
      chosen.push(t);
      extend(long, j, room - w);
      chosen.pop();
      used.set(t, used.get(t)! - 1);
    }
  };
  for (const long of longs) {
    if (Date.now() >= deadline) return null;
    extend(long, 0, capacity - weights[long]!);
    if (overflow) return null;
  }
  return list;
}

/** Splits `pieces` (weights, longest first) into `bins` bars of exactly `capacity`, or null (bounded search). */
function splitExactly(pieces: readonly number[], bins: number, capacity: number): number[][] | null {
  const fill = new Array<number>(bins).fill(0);
  const content: number[][] = Array.from({ length: bins }, () => []);
  let steps = 0;
  const place = (i: number): boolean => {
    if (i === pieces.length) return fill.every((f) => f === capacity);
    if (++steps > LEFTOVER_STEPS) return false;
    for (let b = 0; b < bins; b++) {
      // Bars filled alike are interchangeable: trying the piece in the first of them is enough.
      if (fill[b]! + pieces[i]! > capacity || (b > 0 && fill[b] === fill[b - 1])) continue;
      fill[b]! += pieces[i]!;
      content[b]!.push(i);
      if (place(i + 1)) return true;
      fill[b]! -= pieces[i]!;
      content[b]!.pop();
    }
    return false;
  };
  return place(0) ? content : null;
}

/**
 * Bars of piece-type indices filling exactly `bins` bars, or null when the search ran out of time, was stopped,
 * proved there is none among completions of at most MAX_COMPLETION pieces, or does not apply.
 */
export function exactCoverPacking(problem: ExactCoverProblem, options: ExactCoverOptions): number[][] | null {
  if (!exactCoverApplies(problem)) return null;
  const { weights, capacity, bins } = problem;
  const left = [...problem.demand];
  const types = weights.map((_, t) => t).filter((t) => left[t]! > 0);
  const longs = types.filter((t) => 2 * weights[t]! > capacity);
  const shorts = types.filter((t) => 2 * weights[t]! <= capacity).sort((a, b) => weights[b]! - weights[a]!);
  const longPieces = longs.reduce((sum, t) => sum + left[t]!, 0);
  if (longPieces > bins) return null;
  const completions = listCompletions(problem, longs, shorts, options.deadline);
  if (completions === null) return null;

  // Per completion, how many of its types have fewer pieces left than it needs (0: it is available); per long type,
  // its available completions; per type, the available completions using it.
  const short = new Int32Array(completions.size);
  const available = new Int32Array(weights.length);
  const using = new Int32Array(weights.length);
  const ofType: number[][] = weights.map(() => []);
  const needOfType: number[][] = weights.map(() => []);
  const ofLong: number[][] = weights.map(() => []);
  const setAvailable = (c: number, delta: number): void => {
    available[completions.long[c]!]! += delta;
    for (const t of completions.types[c]!) using[t]! += delta;
  };
  for (let c = 0; c < completions.size; c++) {
    ofLong[completions.long[c]!]!.push(c);
    completions.types[c]!.forEach((t, k) => {
      ofType[t]!.push(c);
      needOfType[t]!.push(completions.need[c]![k]!);
    });
    setAvailable(c, 1);
  }
  const take = (t: number, count: number): void => {
    const before = left[t]!;
    const after = before - count;
    left[t] = after;
    const cs = ofType[t]!;
    const needs = needOfType[t]!;
    for (let k = 0; k < cs.length; k++) {
      const need = needs[k]!;
      const was = need <= before;
      const is = need <= after;
      if (was === is) continue;
      const c = cs[k]!;
      const wasShort = short[c]!;
      short[c] = wasShort + (is ? -1 : 1);
      // Available exactly while no type falls short: it changes when the count leaves or reaches 0.
      if (is && wasShort === 1) setAvailable(c, 1);
      else if (!is && wasShort === 0) setAvailable(c, -1);
    }
  };

  // Bars no long piece opens hold the short pieces no completion takes.
  const freeRoom = (bins - longPieces) * capacity;
  let longsLeft = longPieces;
  const chosen: number[] = [];
  let leftoverBars: number[][] | null = null;
  let nodes = 0;
  let stopped = false;
  const timeUp = (): boolean => {
    if (!stopped && ++nodes % CLOCK_EVERY === 0)
      stopped = Date.now() >= options.deadline || (options.shouldStop?.() ?? false);
    return stopped;
  };
  const finish = (): boolean => {
    const pieces: number[] = [];
    const pieceType: number[] = [];
    for (const t of shorts)
      for (let k = 0; k < left[t]!; k++) {
        pieces.push(weights[t]!);
        pieceType.push(t);
      }
    const split = splitExactly(pieces, bins - chosen.length, capacity);
    if (split === null) return false;
    leftoverBars = split.map((bar) => bar.map((i) => pieceType[i]!));
    return true;
  };
  const search = (): boolean => {
    if (longsLeft === 0) return finish();
    if (timeUp()) return false;
    let branch = -1;
    let fewest = Number.POSITIVE_INFINITY;
    for (const t of longs) {
      if (left[t] === 0 || available[t]! >= fewest) continue;
      fewest = available[t]!;
      branch = t;
      if (fewest === 0) return false;
    }
    let orphaned = 0;
    for (const t of shorts) if (left[t]! > 0 && using[t] === 0) orphaned += left[t]! * weights[t]!;
    if (orphaned > freeRoom) return false;
    const candidates = ofLong[branch]!.filter((c) => short[c] === 0);
    longsLeft--;
    for (const c of candidates) {
      const cTypes = completions.types[c]!;
      const cNeed = completions.need[c]!;
      cTypes.forEach((t, k) => take(t, cNeed[k]!));
      chosen.push(c);
      if (search()) return true;
      chosen.pop();
      cTypes.forEach((t, k) => take(t, -cNeed[k]!));
      if (stopped) break;
    }
    longsLeft++;
    return false;
  };
  if (!search()) return null;
  const bars = chosen.map((c) =>
    completions.types[c]!.flatMap((t, k) => new Array<number>(completions.need[c]![k]!).fill(t)),
  );
  return [...bars, ...(leftoverBars ?? [])];
}
