/** Turns a solver solution into the reported plan (pieces per order line, lengths, weights, rates) and checks plans. */
import type {
  CuttingInput,
  CuttingPlan,
  LengthAndWeight,
  PlanPattern,
  PlanSource,
  Problem,
  UnplacedPiece,
} from './model.ts';
import { knapsackCapacity } from './model.ts';
import { isTail, patternOffcut, pieceTotals, solutionCost, unplacedCount, type Solution } from './pattern.ts';

export interface BoundInfo {
  /** Valid lower bound on the solver objective (penalised for unplaced pieces when some cannot be placed). */
  lowerBound: number;
  /** Objective charge per unplaced piece in `lowerBound` (0 when every piece fits unlimited stock). */
  unplacedPenalty: number;
}

function lengthAndWeight(length: number, problem: Problem): LengthAndWeight {
  return { length, weight: problem.kgPerMeter === null ? null : Math.round(length * problem.kgPerMeter) / 1000 };
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function refQueues(problem: Problem, solution: Solution): { ref: string; left: number }[][] {
  // Unplaced pieces are taken from the last order lines of each length, so earlier lines are served first.
  return problem.items.map((item, i) => {
    let unplaced = solution.unplaced[i] ?? 0;
    const queue = item.refs.map((r) => ({ ref: r.ref, left: r.quantity }));
    for (let k = queue.length - 1; k >= 0 && unplaced > 0; k--) {
      const take = Math.min(unplaced, queue[k]!.left);
      queue[k]!.left -= take;
      unplaced -= take;
    }
    return queue;
  });
}

function takePieces(queue: { ref: string; left: number }[], count: number): { ref: string; count: number }[] {
  const out: { ref: string; count: number }[] = [];
  let need = count;
  for (const entry of queue) {
    if (need === 0) break;
    const take = Math.min(need, entry.left);
    if (take > 0) {
      out.push({ ref: entry.ref, count: take });
      entry.left -= take;
      need -= take;
    }
  }
  return out;
}

function unplacedPieces(problem: Problem, solution: Solution): UnplacedPiece[] {
  const shortOfStock: UnplacedPiece[] = [];
  problem.items.forEach((item, i) => {
    let left = solution.unplaced[i] ?? 0;
    for (let k = item.refs.length - 1; k >= 0 && left > 0; k--) {
      const r = item.refs[k]!;
      const count = Math.min(left, r.quantity);
      shortOfStock.unshift({ ref: r.ref, length: item.length, count, reason: 'not_enough_stock' });
      left -= count;
    }
  });
  return [...problem.unplaced, ...shortOfStock];
}

/** Builds the reported plan; `solution` must be exact (no surplus pieces, see trimSurplus). */
export function buildPlan(
  problem: Problem,
  solution: Solution,
  bound: BoundInfo,
  source: PlanSource,
  elapsedMs: number,
  solverFailure: string | null = null,
): CuttingPlan {
  const queues = refQueues(problem, solution);
  const groups = [...solution.groups].sort(
    (a, b) => b.repetitions - a.repetitions || a.pattern.stock - b.pattern.stock,
  );
  let demandLength = 0;
  let materialLength = 0;
  let tailLength = 0;
  let bars = 0;
  let price = 0;
  const patterns: PlanPattern[] = groups.map(({ pattern, repetitions }) => {
    const stock = problem.stocks[pattern.stock]!;
    const offcut = patternOffcut(pattern, problem);
    const tail = isTail(offcut, problem);
    bars += repetitions;
    price += repetitions * stock.price;
    materialLength += repetitions * stock.length;
    demandLength += repetitions * pieceTotals(pattern, problem).length;
    if (tail) tailLength += repetitions * offcut;
    return {
      stockId: stock.id,
      stockLength: stock.length,
      stockKind: stock.kind,
      count: repetitions,
      cuts: pattern.items.map((item, k) => {
        const count = pattern.counts[k]!;
        return { length: problem.items[item]!.length, count, pieces: takePieces(queues[item]!, count * repetitions) };
      }),
      offcut,
      offcutKind: tail ? 'tail' : 'waste',
    };
  });
  const objective = solutionCost(solution, problem);
  const unplaced = unplacedPieces(problem, solution);
  const anyUnplaced = unplaced.length > 0;
  // Any plan leaving u pieces unplaced costs at least the penalised bound minus u penalties.
  const lowerBound = Math.max(0, bound.lowerBound - bound.unplacedPenalty * unplacedCount(solution));
  const provenOptimal = objective <= lowerBound + 1e-6;
  const wasteLength = materialLength - demandLength - tailLength;
  return {
    status: anyUnplaced ? 'partial' : provenOptimal ? 'optimal' : 'feasible',
    objective: round6(objective),
    lowerBound: round6(Math.min(lowerBound, objective)),
    gap: lowerBound > 0 ? round6(Math.max(0, objective - lowerBound) / lowerBound) : 0,
    provenOptimal,
    bars,
    cost: round6(price),
    patterns,
    demand: lengthAndWeight(demandLength, problem),
    material: lengthAndWeight(materialLength, problem),
    tail: lengthAndWeight(tailLength, problem),
    waste: lengthAndWeight(wasteLength, problem),
    useRate: materialLength > 0 ? round6(demandLength / materialLength) : 0,
    wasteRate: materialLength > 0 ? round6(wasteLength / materialLength) : 0,
    unplaced,
    source,
    solverFailure,
    elapsedMs,
  };
}

/**
 * Independent check of a reported plan against the raw input: every demanded piece placed or reported exactly once,
 * every pattern within its bar, availability respected. Returns the list of violations (empty when valid).
 */
export function validatePlan(input: CuttingInput, plan: CuttingPlan): string[] {
  const errors: string[] = [];
  const kerf = input.options?.kerf ?? 0;
  const endTrim = input.options?.endTrim ?? 0;
  const wanted = new Map<string, number>();
  input.demand.forEach((d, i) =>
    wanted.set(
      `${d.ref ?? String(i)}@${d.length}`,
      (wanted.get(`${d.ref ?? String(i)}@${d.length}`) ?? 0) + d.quantity,
    ),
  );
  const got = new Map<string, number>();
  const add = (key: string, n: number): void => void got.set(key, (got.get(key) ?? 0) + n);
  const used = new Map<string, number>();
  for (const p of plan.patterns) {
    const stockIndex = input.stock.findIndex((s, i) => (s.id ?? String(i)) === p.stockId);
    const stock = input.stock[stockIndex];
    if (!stock || stock.length !== p.stockLength) {
      errors.push(`pattern on unknown stock ${p.stockId}`);
      continue;
    }
    if (!Number.isInteger(p.count) || p.count <= 0) errors.push(`pattern count ${p.count} is not a positive integer`);
    used.set(p.stockId, (used.get(p.stockId) ?? 0) + p.count);
    let pieces = 0;
    let length = 0;
    for (const c of p.cuts) {
      pieces += c.count;
      length += c.count * c.length;
      const assigned = c.pieces.reduce((a, x) => a + x.count, 0);
      if (assigned !== c.count * p.count)
        errors.push(`cut ${c.length}×${c.count} on ${p.count} bars assigns ${assigned} pieces`);
      for (const x of c.pieces) add(`${x.ref}@${c.length}`, x.count);
    }
    if (length + pieces * kerf > knapsackCapacity(stock.length, { kerf, endTrim })) {
      errors.push(`pattern of ${pieces} pieces (${length} mm) exceeds bar ${stock.length} mm`);
    }
  }
  for (const u of plan.unplaced) add(`${u.ref}@${u.length}`, u.count);
  for (const [key, n] of wanted)
    if ((got.get(key) ?? 0) !== n) errors.push(`${key}: demanded ${n}, planned ${got.get(key) ?? 0}`);
  for (const [key, n] of got) if (!wanted.has(key)) errors.push(`${key}: ${n} pieces not demanded`);
  input.stock.forEach((s, i) => {
    const n = used.get(s.id ?? String(i)) ?? 0;
    if (s.available !== null && s.available !== undefined && n > s.available)
      errors.push(`stock ${s.id ?? i}: uses ${n} of ${s.available}`);
  });
  return errors;
}
