/** Public input and output types of the cutting optimizer, and the checks that turn raw input into a solvable problem. */

export type Objective = 'min_bars' | 'min_cost';
export type StockKind = 'bar' | 'tail';
export type OffcutKind = 'tail' | 'waste';
export type PlanStatus = 'optimal' | 'feasible' | 'partial';
export type UnplacedReason = 'longer_than_every_stock' | 'not_enough_stock';

export interface StockInput {
  /** Caller's reference (e.g. inventory id); defaults to the stock's index. */
  id?: string;
  length: number;
  /** Price of one bar; defaults to 1. */
  cost?: number;
  /** `null` or absent: unlimited (purchasable); a number: bars or tails on hand. */
  available?: number | null;
  kind?: StockKind;
}

export interface DemandInput {
  /** Order-line reference carried through to the cuts. */
  ref?: string;
  length: number;
  quantity: number;
}

export interface CuttingOptions {
  /** Saw blade width lost at every cut, mm. */
  kerf?: number;
  /** Length cut off one end of every bar before use (uneven mill end), mm. */
  endTrim?: number;
  /** Offcuts at least this long are reusable tails; shorter ones are scrap. Absent: every offcut is scrap. */
  wasteLength?: number;
  objective?: Objective;
  timeLimitMs?: number;
  /**
   * A deterministic limit in place of the time limit: the search ends after this many checkpoints (column-generation
   * iterations, dive nodes, packing attempts, MIP callbacks…; see clock.ts), whatever the machine's load, and
   * `timeLimitMs` is not used. `stallMs` then counts checkpoints too. For tests and reproducible runs; the product
   * and the command line keep the time limit.
   */
  workLimit?: number;
  /** Linear mass of the bar (kg/m) used for the weight figures; absent: weights are null. */
  kgPerMeter?: number;
  /**
   * Stop as soon as the plan is within this share of the proven lower bound ((objective − bound) / bound ≤
   * gapTolerance). Default 0: search until the plan is proven optimal or the time limit is reached (a
   * tolerance gives steel away to finish seconds sooner). A positive tolerance is for callers who stop early; it also
   * turns the stall stop on (`DEFAULT_STALL_MS`) unless `stallMs` is given, as the earlier defaults (0.3 %, 2 s) did.
   */
  gapTolerance?: number;
  /**
   * Stop when, once column generation has finished, neither the plan nor the bound has improved for this long (ms).
   * Default off, or 2000 when a positive `gapTolerance` is given; 0 turns it off.
   */
  stallMs?: number;
  /**
   * Stop after this many dive + price-and-branch rounds in a row that improved neither the plan nor the bound.
   * Default none (0: off).
   */
  stallIterations?: number;
}

export interface CuttingInput {
  stock: StockInput[];
  demand: DemandInput[];
  options?: CuttingOptions;
}

export interface PieceAssignment {
  ref: string;
  count: number;
}

export interface PlanCut {
  length: number;
  /** Pieces of this length on one bar of the pattern. */
  count: number;
  /** Order lines served by this cut over all repetitions of the pattern (counts sum to count × repetitions). */
  pieces: PieceAssignment[];
}

export interface PlanPattern {
  stockId: string;
  stockLength: number;
  stockKind: StockKind;
  count: number;
  cuts: PlanCut[];
  offcut: number;
  offcutKind: OffcutKind;
}

export interface UnplacedPiece {
  ref: string;
  length: number;
  count: number;
  reason: UnplacedReason;
}

export interface LengthAndWeight {
  length: number;
  /** kg, 3 decimals; null when no kg/m was given. */
  weight: number | null;
}

export interface CuttingPlan {
  status: PlanStatus;
  /** Bars for min_bars, cost for min_cost. */
  objective: number;
  /** Valid lower bound on the objective of any plan placing the same pieces. */
  lowerBound: number;
  /** (objective − lowerBound) / lowerBound; 0 when proven optimal. */
  gap: number;
  provenOptimal: boolean;
  bars: number;
  cost: number;
  patterns: PlanPattern[];
  demand: LengthAndWeight;
  material: LengthAndWeight;
  tail: LengthAndWeight;
  waste: LengthAndWeight;
  useRate: number;
  wasteRate: number;
  unplaced: UnplacedPiece[];
  /** Which stage produced the plan: useful to judge the solver, not needed by the UI. */
  source: PlanSource;
  /** Set when the LP/MIP stage failed and the plan comes from an earlier stage (at worst FFD). */
  solverFailure: string | null;
  elapsedMs: number;
}

export type PlanSource = 'ffd' | 'exact-fill' | 'round-down' | 'mip' | 'dive' | 'empty';

export class CuttingInputError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid cutting input: ${issues.join('; ')}`);
    this.name = 'CuttingInputError';
  }
}

/** Solver-side view: demand merged by length, lengths shifted so that kerf and trim become plain capacities. */
export interface ItemType {
  length: number;
  demand: number;
  /** Order lines sharing this length, in input order. */
  refs: { ref: string; quantity: number }[];
}

export interface StockType {
  id: string;
  length: number;
  /** Coefficient minimised by the solver: 1 for min_bars, the price for min_cost. */
  objectiveCost: number;
  price: number;
  available: number | null;
  kind: StockKind;
}

export interface Problem {
  items: ItemType[];
  stocks: StockType[];
  kerf: number;
  endTrim: number;
  wasteLength: number | null;
  objective: Objective;
  timeLimitMs: number;
  /** null: the time limit applies. */
  workLimit: number | null;
  kgPerMeter: number | null;
  gapTolerance: number;
  /** 0: off. */
  stallMs: number;
  /** 0: off. */
  stallIterations: number;
  /** Pieces excluded before solving. */
  unplaced: UnplacedPiece[];
}

export const DEFAULT_TIME_LIMIT_MS = 10_000;
/** Default relative gap to the lower bound at which the search stops: none, only a proof or the time limit end it. */
export const DEFAULT_GAP_TOLERANCE = 0;
/** Stall stop that comes with a positive gap tolerance: no better plan or bound for this long after column generation. */
export const DEFAULT_STALL_MS = 2_000;
/** Beyond this the DP tables and the LP would not fit a worker's memory; reject rather than crash. */
const MAX_LENGTH = 10_000_000;
const MAX_TOTAL_PIECES = 1_000_000;
const MAX_STOCK_COUNT = 1_000_000_000;
const MAX_WORK_LIMIT = 1_000_000_000;

function isPositiveInt(v: unknown, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= max;
}

function isNonNegativeInt(v: unknown, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
}

function isFiniteNonNegative(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

/** Pattern geometry: a bar of length L holds pieces of total S, k pieces, iff S + kerf·(k−1) ≤ L − trim. */
export function knapsackCapacity(stockLength: number, problem: Pick<Problem, 'kerf' | 'endTrim'>): number {
  return stockLength - problem.endTrim + problem.kerf;
}

export function pieceWeight(length: number, problem: Pick<Problem, 'kerf'>): number {
  return length + problem.kerf;
}

function checkOptions(options: CuttingOptions, issues: string[]): void {
  if (options.kerf !== undefined && !isNonNegativeInt(options.kerf, MAX_LENGTH))
    issues.push('kerf must be a non-negative integer (mm)');
  if (options.endTrim !== undefined && !isNonNegativeInt(options.endTrim, MAX_LENGTH))
    issues.push('endTrim must be a non-negative integer (mm)');
  if (options.wasteLength !== undefined && !isNonNegativeInt(options.wasteLength, MAX_LENGTH))
    issues.push('wasteLength must be a non-negative integer (mm)');
  if (options.objective !== undefined && options.objective !== 'min_bars' && options.objective !== 'min_cost')
    issues.push('objective must be "min_bars" or "min_cost"');
  if (
    options.timeLimitMs !== undefined &&
    !(typeof options.timeLimitMs === 'number' && options.timeLimitMs > 0 && options.timeLimitMs <= 3_600_000)
  )
    issues.push('timeLimitMs must be in (0, 3600000]');
  if (options.workLimit !== undefined && !isPositiveInt(options.workLimit, MAX_WORK_LIMIT))
    issues.push(`workLimit must be a positive integer ≤ ${MAX_WORK_LIMIT}`);
  if (options.kgPerMeter !== undefined && !(isFiniteNonNegative(options.kgPerMeter) && options.kgPerMeter > 0))
    issues.push('kgPerMeter must be a positive number');
  if (
    options.gapTolerance !== undefined &&
    !(typeof options.gapTolerance === 'number' && options.gapTolerance >= 0 && options.gapTolerance < 1)
  )
    issues.push('gapTolerance must be in [0, 1)');
  if (options.stallMs !== undefined && !isNonNegativeInt(options.stallMs, 3_600_000))
    issues.push('stallMs must be a non-negative integer (ms)');
  if (options.stallIterations !== undefined && !isNonNegativeInt(options.stallIterations, 1_000_000))
    issues.push('stallIterations must be a non-negative integer');
}

function checkStock(stock: unknown, issues: string[]): void {
  if (!Array.isArray(stock) || stock.length === 0) {
    issues.push('stock must be a non-empty array');
    return;
  }
  stock.forEach((s: StockInput, i) => {
    if (typeof s !== 'object' || s === null) return issues.push(`stock[${i}] must be an object`);
    if (!isPositiveInt(s.length, MAX_LENGTH))
      issues.push(`stock[${i}].length must be a positive integer ≤ ${MAX_LENGTH} (mm)`);
    if (s.cost !== undefined && !isFiniteNonNegative(s.cost))
      issues.push(`stock[${i}].cost must be a non-negative number`);
    if (s.available !== undefined && s.available !== null && !isNonNegativeInt(s.available, MAX_STOCK_COUNT))
      issues.push(`stock[${i}].available must be null or a non-negative integer`);
    if (s.kind !== undefined && s.kind !== 'bar' && s.kind !== 'tail')
      issues.push(`stock[${i}].kind must be "bar" or "tail"`);
  });
}

function checkDemand(demand: unknown, issues: string[]): void {
  if (!Array.isArray(demand) || demand.length === 0) {
    issues.push('demand must be a non-empty array');
    return;
  }
  let total = 0;
  demand.forEach((d: DemandInput, i) => {
    if (typeof d !== 'object' || d === null) return issues.push(`demand[${i}] must be an object`);
    if (!isPositiveInt(d.length, MAX_LENGTH))
      issues.push(`demand[${i}].length must be a positive integer ≤ ${MAX_LENGTH} (mm)`);
    if (!isPositiveInt(d.quantity, MAX_TOTAL_PIECES)) issues.push(`demand[${i}].quantity must be a positive integer`);
    else total += d.quantity;
  });
  if (total > MAX_TOTAL_PIECES) issues.push(`total quantity ${total} exceeds ${MAX_TOTAL_PIECES} pieces`);
}

/** Validates raw input (which may come from JSON) and builds the solver's problem; throws CuttingInputError listing every issue. */
export function buildProblem(input: CuttingInput): Problem {
  const issues: string[] = [];
  if (typeof input !== 'object' || input === null) throw new CuttingInputError(['input must be an object']);
  const options = input.options ?? {};
  if (typeof options !== 'object' || options === null) throw new CuttingInputError(['options must be an object']);
  checkOptions(options, issues);
  checkStock(input.stock, issues);
  checkDemand(input.demand, issues);
  if (issues.length > 0) throw new CuttingInputError(issues);

  const objective = options.objective ?? 'min_bars';
  const stocks: StockType[] = input.stock
    .map((s, i) => ({
      id: s.id ?? String(i),
      length: s.length,
      price: s.cost ?? 1,
      objectiveCost: objective === 'min_cost' ? (s.cost ?? 1) : 1,
      available: s.available ?? null,
      kind: s.kind ?? 'bar',
    }))
    .filter((s) => s.available !== 0);
  const kerf = options.kerf ?? 0;
  const endTrim = options.endTrim ?? 0;
  const geometry = { kerf, endTrim };
  // Measured over all stock, also exhausted kinds: a piece that fits an empty rack is short of stock, not too long.
  const maxCapacity = Math.max(...input.stock.map((s) => knapsackCapacity(s.length, geometry)));

  const byLength = new Map<number, ItemType>();
  const unplaced: UnplacedPiece[] = [];
  input.demand.forEach((d, i) => {
    const ref = d.ref ?? String(i);
    if (pieceWeight(d.length, geometry) > maxCapacity) {
      unplaced.push({ ref, length: d.length, count: d.quantity, reason: 'longer_than_every_stock' });
      return;
    }
    const item = byLength.get(d.length) ?? { length: d.length, demand: 0, refs: [] };
    item.demand += d.quantity;
    item.refs.push({ ref, quantity: d.quantity });
    byLength.set(d.length, item);
  });
  const items = [...byLength.values()].sort((a, b) => b.length - a.length);
  const gapTolerance = options.gapTolerance ?? DEFAULT_GAP_TOLERANCE;
  return {
    items,
    stocks,
    kerf,
    endTrim,
    wasteLength: options.wasteLength ?? null,
    objective,
    timeLimitMs: options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    workLimit: options.workLimit ?? null,
    kgPerMeter: options.kgPerMeter ?? null,
    gapTolerance,
    stallMs: options.stallMs ?? (gapTolerance === 0 ? 0 : DEFAULT_STALL_MS),
    stallIterations: options.stallIterations ?? 0,
    unplaced,
  };
}
