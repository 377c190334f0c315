import { wallClock, type SolverClock } from './clock.ts';
import {
  completionOrders,
  listCompletions,
  MAX_COMPLETION,
  type Completions,
  type ExactCoverProblem,
} from './exact-cover-completions.ts';
import { random } from './seeded-random.ts';

export { listCompletions, type ExactCoverProblem };

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
 * fails the branch at once). A branch is also cut when the short pieces no remaining completion can take weigh more
 * than the bars without a long piece hold, or when its pieces left are a state already proved to fail.
 *
 * The search time is heavy-tailed and which order of completions finds a packing differs from instance to instance,
 * so it restarts: runs cycle through RUN_SETTINGS with time budgets that double once per cycle.
 *
 * It works in three steps. On AI a packing is nearly all pairs (a triple in a bar or two), while triples outnumber
 * pairs by 50 to 100 to one, so:
 * 1. it searches over completions of one or two pieces only: they list 100 times faster, a node costs far less, and
 *    the search finds a packing of pairs or proves there is none, mostly within 0.1 s;
 * 2. failing that, it repairs the deepest partial packing that search reached (AI 1002: 316 of 330 long pieces
 *    placed, where the search over all completions never got past 190): a large neighbourhood search keeps most of
 *    its bars and packs the pieces left out, together with bars taken apart at random (REPAIR_LONG_PIECES long
 *    pieces in all), by a new cover over all completions of that small residual problem, time-boxed;
 * 3. failing that too, it searches over all completions.
 * In `npm run bench:cutting` (docs/benchmarks.md) the repair took AI 801 from 23 to 36 proven of 50, AI 1002 from 27
 * to 35, AI 402 and 600 by 5 and 6.
 */

/**
 * Share of the time, and milliseconds, the search over pairs and then the repair get at most. Both mostly end
 * sooner, and when they succeed they do within 0.5 s (AI, measured): the rest is for the search over all completions.
 */
const PAIRS_SHARE = 0.2;
const REPAIR_SHARE = 0.5;
const STEP_MAX_MS = 1_000;
/** Long pieces in each residual problem of the repair: the ones left out, then whole bars taken apart at random. */
const REPAIR_LONG_PIECES = 30;
/** Milliseconds of each residual cover: one that finds nothing quickly rarely does later (heavy tail, as above). */
const REPAIR_ATTEMPT_MS = 150;
/** Failed states remembered at most (a Set of numbers: about 40 bytes each). */
const MAX_FAILED_STATES = 2_000_000;
/**
 * Milliseconds of each run of the first cycle; see the restarts in searchCompletions. Runs are timed, not counted in
 * nodes: a node costs 20 µs on AI 201 and 0.4 ms on AI 1003 (about 1,400 completions per long piece).
 */
const FIRST_RUN_MS = 100;
/**
 * What the runs cycle through: the completion order (see completionOrders) and how many times a pair or single
 * piece counts against a triple when choosing the long piece with the fewest completions left. On AI 201 the listed
 * order with plain counts finds most; on AI 402 pairs weighted ×10 (triples outnumber pairs about 50 to 1 there,
 * while packings are nearly all pairs).
 */
const RUN_SETTINGS: readonly { order: 'listed' | 'evenPairsFirst'; pairWeight: number }[] = [
  { order: 'listed', pairWeight: 1 },
  { order: 'evenPairsFirst', pairWeight: 1 },
  { order: 'listed', pairWeight: 10 },
  { order: 'evenPairsFirst', pairWeight: 10 },
];
/** Search nodes between looks at the clock. */
const CLOCK_EVERY = 16;
/** Placements tried when splitting the last short pieces among the bars without a long piece. */
const LEFTOVER_STEPS = 200_000;

export interface ExactCoverOptions {
  deadline: number;
  /** What `deadline` is measured on (default: the wall clock); the restarts' run lengths are counted on it too. */
  clock?: SolverClock;
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
  return packExactly(problem, options, true);
}

/** The three steps of the header; the residual problems of the repair are packed without a repair of their own. */
function packExactly(problem: ExactCoverProblem, options: ExactCoverOptions, repair: boolean): number[][] | null {
  if (!exactCoverApplies(problem)) return null;
  const { weights, demand, capacity, bins } = problem;
  const types = weights.map((_, t) => t).filter((t) => demand[t]! > 0);
  const longs = types.filter((t) => 2 * weights[t]! > capacity);
  const shorts = types.filter((t) => 2 * weights[t]! <= capacity).sort((a, b) => weights[b]! - weights[a]!);
  const longPieces = longs.reduce((sum, t) => sum + demand[t]!, 0);
  if (longPieces > bins) return null;
  const clock = options.clock ?? wallClock;
  const over = () => clock.now() >= options.deadline || (options.shouldStop?.() ?? false);
  const share = (part: number) => {
    const now = clock.now();
    return now + Math.min((options.deadline - now) * part, STEP_MAX_MS);
  };

  // A search over pairs that ends on its own only proves there is no packing of pairs.
  const pairsDeadline = share(PAIRS_SHARE);
  const pairs = listCompletions(problem, longs, shorts, pairsDeadline, 2, clock);
  const pairsOutcome =
    pairs && searchCompletions(problem, pairs, longs, shorts, { ...options, deadline: pairsDeadline });
  if (pairsOutcome?.bars) return pairsOutcome.bars;
  if (over()) return null;
  if (repair && pairsOutcome) {
    const repaired = repairPartial(problem, pairsOutcome.deepest, { ...options, deadline: share(REPAIR_SHARE) });
    if (repaired || over()) return repaired;
  }
  const all = listCompletions(problem, longs, shorts, options.deadline, MAX_COMPLETION, clock);
  return (all && searchCompletions(problem, all, longs, shorts, options).bars) ?? null;
}

/**
 * Step 2 of the header: packs the pieces a partial packing (bars filled exactly) leaves out, together with a few of
 * its bars taken apart at random, until a residual problem packs (the whole packing is then found) or time is up.
 */
export function repairPartial(
  problem: ExactCoverProblem,
  partial: readonly number[][],
  options: ExactCoverOptions,
): number[][] | null {
  const { weights, capacity, bins } = problem;
  const isLong = (t: number) => 2 * weights[t]! > capacity;
  const left = [...problem.demand];
  for (const bar of partial) for (const t of bar) left[t]!--;
  const longsLeft = left.reduce((sum, d, t) => sum + (isLong(t) ? d : 0), 0);
  const freeBars = bins - problem.demand.reduce((sum, d, t) => sum + (isLong(t) ? d : 0), 0);
  const takenApart = REPAIR_LONG_PIECES - longsLeft;
  // A partial packing leaving that many long pieces out is too shallow to repair, and taking every bar apart is the
  // whole problem again: both are step 3's.
  if (takenApart <= 0 || takenApart >= partial.length) return null;
  const next = random(partial.length);
  const order = partial.map((_, i) => i);
  const clock = options.clock ?? wallClock;
  while (clock.now() < options.deadline && !options.shouldStop?.()) {
    // The first `takenApart` of a partial Fisher–Yates shuffle.
    for (let i = 0; i < takenApart; i++) {
      const j = i + Math.floor(next() * (order.length - i));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const residual = [...left];
    for (let i = 0; i < takenApart; i++) for (const t of partial[order[i]!]!) residual[t]!++;
    const packed = packExactly(
      { weights, demand: residual, capacity, bins: longsLeft + takenApart + freeBars },
      { deadline: Math.min(options.deadline, clock.now() + REPAIR_ATTEMPT_MS), clock, shouldStop: options.shouldStop },
      false,
    );
    if (packed) return [...order.slice(takenApart).map((i) => partial[i]!), ...packed];
  }
  return null;
}

/**
 * The backtracking search over listed completions, with its restarts: the packing (null when it found none), and the
 * bars of the deepest partial packing it reached.
 */
function searchCompletions(
  problem: ExactCoverProblem,
  completions: Completions,
  longs: readonly number[],
  shorts: readonly number[],
  options: ExactCoverOptions,
): { bars: number[][] | null; deepest: number[][] } {
  const { weights, capacity, bins } = problem;
  const clock = options.clock ?? wallClock;
  const left = [...problem.demand];
  const longPieces = longs.reduce((sum, t) => sum + left[t]!, 0);
  // Weighting pairs against triples changes nothing where there are no triples.
  const runSettings = completions.pieces.subarray(0, completions.size).includes(3)
    ? RUN_SETTINGS
    : RUN_SETTINGS.filter((s) => s.pairWeight === 1);

  // Per completion, how many of its types have fewer pieces left than it needs (0: it is available); per long type,
  // its available completions (pairs and singles counted pairWeight times); per type, the available completions
  // using it.
  const short = new Int32Array(completions.size);
  const available = new Int32Array(weights.length);
  const using = new Int32Array(weights.length);
  const { start, type, need } = completions;
  let pairWeight = 1;
  const setAvailable = (c: number, delta: number): void => {
    available[completions.long[c]!]! += completions.pieces[c]! < 3 ? delta * pairWeight : delta;
    for (let e = start[c]!; e < start[c + 1]!; e++) using[type[e]!]! += delta;
  };
  // Per type, the completions using it and how many pieces of it they need: entries typeStart[t]…typeStart[t+1].
  const entries = start[completions.size]!;
  const typeStart = new Int32Array(weights.length + 1);
  for (let e = 0; e < entries; e++) typeStart[type[e]! + 1]!++;
  for (let t = 0; t < weights.length; t++) typeStart[t + 1]! += typeStart[t]!;
  const typeCompletion = new Int32Array(entries);
  const typeNeed = new Int32Array(entries);
  const next = typeStart.slice(0, weights.length);
  for (let c = 0; c < completions.size; c++) {
    for (let e = start[c]!; e < start[c + 1]!; e++) {
      const slot = next[type[e]!]!++;
      typeCompletion[slot] = c;
      typeNeed[slot] = need[e]!;
    }
    setAvailable(c, 1);
  }
  const orders = completionOrders(completions, weights.length);
  let ofLong = orders.listed;

  // Zobrist hash of the pieces left: a state whose whole subtree failed fails again, whatever the path to it.
  const zobrist = random(0x5eed);
  const key = (): number[][] =>
    problem.demand.map((d) => Array.from({ length: d + 1 }, () => Math.floor(zobrist() * 2 ** 26)));
  const [keyHigh, keyLow] = [key(), key()];
  let hashHigh = 0;
  let hashLow = 0;
  const failed = new Set<number>();
  const take = (t: number, count: number): void => {
    const before = left[t]!;
    const after = before - count;
    left[t] = after;
    hashHigh ^= keyHigh[t]![before]! ^ keyHigh[t]![after]!;
    hashLow ^= keyLow[t]![before]! ^ keyLow[t]![after]!;
    for (let k = typeStart[t]!; k < typeStart[t + 1]!; k++) {
      const needed = typeNeed[k]!;
      const was = needed <= before;
      const is = needed <= after;
      if (was === is) continue;
      const c = typeCompletion[k]!;
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
  let deepest: number[] = [];
  let leftoverBars: number[][] | null = null;
  let nodes = 0;
  let stopped = false;
  let runEnds = 0;
  let runOver = false;
  const halted = (): boolean => stopped || runOver;
  const timeUp = (): boolean => {
    if (!halted() && ++nodes % CLOCK_EVERY === 0) {
      const now = clock.now();
      stopped = now >= options.deadline || (options.shouldStop?.() ?? false);
      runOver = now >= runEnds;
    }
    return halted();
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
  let tieBreak: (() => number) | null = null;
  const search = (): boolean => {
    if (longsLeft === 0) return finish();
    if (timeUp()) return false;
    const state = hashHigh * 2 ** 26 + hashLow;
    if (failed.has(state)) return false;
    const found = branchOnLongPiece();
    if (!found && !halted() && failed.size < MAX_FAILED_STATES) failed.add(state);
    return found;
  };
  const branchOnLongPiece = (): boolean => {
    let branch = -1;
    let fewest = Number.POSITIVE_INFINITY;
    let ties = 0;
    for (const t of longs) {
      if (left[t] === 0 || available[t]! > fewest) continue;
      if (available[t] === fewest) {
        // Reservoir sampling: each of the tied long pieces is taken with the same chance.
        if (tieBreak !== null && tieBreak() * ++ties < 1) branch = t;
        continue;
      }
      fewest = available[t]!;
      branch = t;
      ties = 1;
      if (fewest === 0) return false;
    }
    let orphaned = 0;
    for (const t of shorts) if (left[t]! > 0 && using[t] === 0) orphaned += left[t]! * weights[t]!;
    if (orphaned > freeRoom) return false;
    const candidates = ofLong[branch]!.filter((c) => short[c] === 0);
    longsLeft--;
    for (const c of candidates) {
      for (let e = start[c]!; e < start[c + 1]!; e++) take(type[e]!, need[e]!);
      chosen.push(c);
      if (chosen.length > deepest.length) deepest = [...chosen];
      if (search()) return true;
      chosen.pop();
      for (let e = start[c]!; e < start[c + 1]!; e++) take(type[e]!, -need[e]!);
      if (halted()) break;
    }
    longsLeft++;
    return false;
  };
  // Restarts (see the header). From the second cycle on, ties between long pieces are broken at random. A state
  // proved to fail fails whatever the settings, so the failed states are kept across runs.
  let found = false;
  for (let run = 0; !found; run++) {
    const settings = runSettings[run % runSettings.length]!;
    ofLong = orders[settings.order];
    if (pairWeight !== settings.pairWeight) {
      pairWeight = settings.pairWeight;
      available.fill(0);
      using.fill(0);
      for (let c = 0; c < completions.size; c++) if (short[c] === 0) setAvailable(c, 1);
    }
    runEnds = clock.now() + FIRST_RUN_MS * 2 ** Math.floor(run / runSettings.length);
    runOver = false;
    if (run === runSettings.length) tieBreak = random(run);
    found = search();
    // A run that ended on its own explored everything: there is no packing.
    if (stopped || !runOver) break;
  }
  const bars = (ids: readonly number[]) => ids.map((c) => completions.piecesOf(c));
  return { bars: found ? [...bars(chosen), ...(leftoverBars ?? [])] : null, deepest: bars(deepest) };
}
