/**
 * The restricted master problem in a persistent HiGHS model: one covering row per piece length, one row per
 * limited stock kind, one column per pattern and, when some pieces may not fit the stock, one penalised
 * "unplaced" column per piece length so that the model stays feasible and yields a partial plan.
 *
 * While the model is a linear programme it also holds one free "exchange" column per pair of consecutive piece
 * lengths: −1 on the longer piece's row, +1 on the shorter one's. These are dual-optimal inequalities (Ben Amor,
 * Desrosiers, Valério de Carvalho, "Dual-optimal inequalities for stabilized column generation", Operations
 * Research 54(3), 2006): a longer piece's place on a bar can always hold a shorter piece, so some optimal duals grow
 * with length, and enforcing π_longer ≥ π_shorter cuts off no LP optimum, only dual solutions column generation
 * would otherwise wander through. The integer programme has them fixed at zero: a plan is made of patterns only.
 * They cut column generation's iterations by about 40 % on Hard28 and let it converge on the `many` family (6 more
 * of 10 proven). The dive, which starts from whichever LP vertex HiGHS returns, lost 2 of Hard28's 23 optima with
 * them until bin completion took over its small residuals (docs/benchmarks.md).
 */
import type { Highs, Model } from 'highs';
import type { SolverClock } from './clock.ts';
import type { Problem } from './model.ts';
import { patternKey, type Pattern } from './pattern.ts';

/** A time limit HiGHS never reaches (its default, infinity, is not expressible through the options in JSON). */
const NO_TIME_LIMIT_S = 1e9;

export interface MasterSolution {
  optimal: boolean;
  objective: number;
  /** Value per pattern, in `patterns` order. */
  patternValues: Float64Array;
  /** Unplaced pieces per item (all zero without penalty columns). */
  slackValues: Float64Array;
  itemDuals: Float64Array;
  /** Reduced cost per pattern, in `patterns` order. */
  patternReducedCosts: Float64Array;
  /** Per stock kind; 0 for unlimited kinds. */
  stockDuals: Float64Array;
}

export class MasterModel {
  patterns: Pattern[] = [];
  private readonly keys = new Map<string, number>();
  private readonly model: Model;
  private readonly stockRow: number[];
  private readonly slackColumns: number;
  /** Exchange columns, after the slack columns and before the patterns. */
  private readonly exchangeColumns: number;
  private exchangesOn = true;
  /** Patterns 0…pinned−1 are never removed. */
  private pinned = 0;

  constructor(
    private readonly highs: Highs,
    private readonly problem: Problem,
    /** Objective charge per unplaced piece, or null when every piece fits unlimited stock. */
    readonly penalty: number | null,
  ) {
    this.model = highs.createModel();
    this.model.options.set({ output_flag: false, presolve: 'off' });
    const inf = highs.infinity;
    for (const item of problem.items) this.model.addRow(item.demand, inf, { indices: [], values: [] });
    let next = problem.items.length;
    this.stockRow = problem.stocks.map((s) => {
      if (s.available === null) return -1;
      this.model.addRow(-inf, s.available, { indices: [], values: [] });
      return next++;
    });
    this.slackColumns = penalty === null ? 0 : problem.items.length;
    for (let i = 0; i < this.slackColumns; i++) {
      this.model.addCol(penalty!, 0, problem.items[i]!.demand, { indices: [i], values: [1] });
    }
    this.exchangeColumns = this.addExchangeColumns();
  }

  /** One exchange column per pair of consecutive distinct lengths; returns how many. */
  private addExchangeColumns(): number {
    const byLength = this.problem.items
      .map((item, i) => ({ length: item.length, i }))
      .sort((a, b) => b.length - a.length);
    let added = 0;
    for (let k = 1; k < byLength.length; k++) {
      const longer = byLength[k - 1]!;
      const shorter = byLength[k]!;
      if (longer.length === shorter.length) continue;
      this.model.addCol(0, 0, this.highs.infinity, { indices: [longer.i, shorter.i], values: [-1, 1] });
      added += 1;
    }
    return added;
  }

  indexOf(pattern: Pattern): number {
    return this.keys.get(patternKey(pattern)) ?? -1;
  }

  /** Adds the pattern as a column unless already present; returns whether it was new. */
  add(pattern: Pattern): boolean {
    const key = patternKey(pattern);
    if (this.keys.has(key)) return false;
    this.keys.set(key, this.patterns.length);
    this.patterns.push(pattern);
    const row = this.stockRow[pattern.stock] ?? -1;
    const indices = row >= 0 ? [...pattern.items, row] : pattern.items;
    const values = row >= 0 ? [...pattern.counts, 1] : pattern.counts;
    const cost = this.problem.stocks[pattern.stock]!.objectiveCost;
    this.model.addCol(cost, 0, this.highs.infinity, { indices, values });
    return true;
  }

  /**
   * Keeps the columns there now for good (`removePatterns` skips them): the first ones cover every piece on their
   * own, so the master stays feasible without the exchange columns.
   */
  pin(): void {
    this.pinned = this.patterns.length;
  }

  /**
   * Deletes the pattern columns marked in `drop` (by pattern index); later patterns move down. Only columns out of the
   * basis should go, so that the next re-solve still starts from the last basis.
   */
  removePatterns(drop: boolean[]): void {
    const columns: number[] = [];
    drop.forEach((d, k) => {
      if (k < this.pinned) drop[k] = false;
      else if (d) columns.push(this.column(k));
    });
    if (columns.length === 0) return;
    this.model.deleteCols({ kind: 'set', indices: columns });
    this.patterns = this.patterns.filter((_, k) => drop[k] !== true);
    this.keys.clear();
    this.patterns.forEach((p, k) => this.keys.set(patternKey(p), k));
  }

  /** Re-targets the rows at a residual problem (what is left after fixing some bars). */
  setRightHandSides(demand: readonly number[], available: readonly (number | null)[]): void {
    demand.forEach((d, i) => this.model.changeRowBounds(i, d, this.highs.infinity));
    available.forEach((a, s) => {
      const row = this.stockRow[s] ?? -1;
      if (row >= 0) this.model.changeRowBounds(row, -this.highs.infinity, a ?? this.highs.infinity);
    });
    for (let i = 0; i < this.slackColumns; i++) this.model.changeColBounds(i, 0, demand[i] ?? 0);
  }

  capUnplaced(unplaced: readonly number[]): void {
    for (let i = 0; i < this.slackColumns; i++) this.model.changeColBounds(i, 0, unplaced[i] ?? 0);
  }

  column(patternIndex: number): number {
    return this.firstPatternColumn + patternIndex;
  }

  private get firstPatternColumn(): number {
    return this.slackColumns + this.exchangeColumns;
  }

  /**
   * HiGHS stops at `deadline` on the wall clock. On a work clock it gets no time limit (it would make the run depend
   * on the machine's load): an LP re-solve runs to its end, and a MIP is interrupted through its callback.
   */
  setDeadline(deadline: number, clock: SolverClock): void {
    // HiGHS measures time_limit against the instance's accumulated run time, not per run.
    this.model.zeroAllClocks();
    const seconds = clock.counting ? NO_TIME_LIMIT_S : Math.max(0.01, (deadline - clock.now()) / 1000);
    this.model.options.set({ time_limit: seconds });
  }

  /**
   * Fixes the exchange columns at zero for good. Column generation converges faster with them, but an LP solution
   * that uses them is no guide for rounding or diving (a pattern it picks may hold a longer piece than the plan needs).
   */
  dropExchanges(): boolean {
    const had = this.exchangesOn && this.exchangeColumns > 0;
    this.exchangesOn = false;
    this.setExchangeBounds(0);
    return had;
  }

  private setExchangeBounds(upper: number): void {
    for (let c = this.slackColumns; c < this.firstPatternColumn; c++) this.model.changeColBounds(c, 0, upper);
  }

  /** Switches between the LP relaxation and the integer programme over the current columns. */
  setIntegral(integral: boolean): void {
    if (this.exchangesOn) this.setExchangeBounds(integral ? 0 : this.highs.infinity);
    const total = this.firstPatternColumn + this.patterns.length;
    const type = integral ? this.highs.constants.variableType.integer : this.highs.constants.variableType.continuous;
    if (total > 0)
      this.model.changeColsIntegrality(
        { kind: 'range', from: 0, to: total - 1 },
        new Array<typeof type>(total).fill(type),
      );
    // LP re-solves warm-start from the previous basis, which presolve would discard; the MIP wants it.
    this.model.options.set({ presolve: integral ? 'choose' : 'off' });
  }

  setOptions(options: Record<string, number | string | boolean>): void {
    this.model.options.set(options);
  }

  setCost(column: number, cost: number): void {
    this.model.changeColCost(column, cost);
  }

  /** Adds `Σ cost·x ≤ bound` over the pattern columns (used to keep cost fixed while minimising scrap). */
  addCostCap(bound: number): void {
    const n = this.patterns.length;
    const indices = Array.from({ length: n }, (_, k) => this.column(k));
    const values = this.patterns.map((p) => this.problem.stocks[p.stock]!.objectiveCost);
    this.model.addRow(-this.highs.infinity, bound, { indices, values });
  }

  setStart(patternValues: readonly number[], slackValues: readonly number[]): void {
    const colValue = new Float64Array(this.firstPatternColumn + this.patterns.length);
    for (let i = 0; i < this.slackColumns; i++) colValue[i] = slackValues[i] ?? 0;
    patternValues.forEach((v, k) => (colValue[this.column(k)] = v));
    this.model.setSolution({ colValue });
  }

  solve(shouldInterrupt?: (primalBound: number) => boolean): MasterSolution {
    const interrupt = shouldInterrupt
      ? {
          [this.highs.constants.callbackType.mipInterrupt]: (event: {
            data: { mip_primal_bound?: number };
            interrupt(): void;
          }) => {
            if (shouldInterrupt(event.data.mip_primal_bound ?? Number.POSITIVE_INFINITY)) event.interrupt();
            return undefined;
          },
        }
      : undefined;
    const status = this.model.run(interrupt).modelStatus;
    const codes = this.highs.constants.modelStatus;
    const solution = this.model.getSolution();
    const m = this.problem.items.length;
    const hasPrimal = solution.colValue.length === this.firstPatternColumn + this.patterns.length;
    return {
      optimal: status === codes.optimal,
      objective: hasPrimal ? this.model.getObjectiveValue() : Number.POSITIVE_INFINITY,
      patternValues: hasPrimal
        ? solution.colValue.slice(this.firstPatternColumn)
        : new Float64Array(this.patterns.length),
      slackValues:
        hasPrimal && this.slackColumns > 0 ? solution.colValue.slice(0, this.slackColumns) : new Float64Array(m),
      itemDuals: solution.rowDual.slice(0, m),
      patternReducedCosts: hasPrimal
        ? solution.colDual.slice(this.firstPatternColumn)
        : new Float64Array(this.patterns.length),
      stockDuals: Float64Array.from(this.stockRow, (row) => (row >= 0 ? (solution.rowDual[row] ?? 0) : 0)),
    };
  }

  dispose(): void {
    this.model.dispose();
  }
}
