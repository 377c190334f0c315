/**
 * The restricted master problem in a persistent HiGHS model: one covering row per piece length, one row per
 * limited stock kind, one column per pattern and, when some pieces may not fit the stock, one penalised
 * "unplaced" column per piece length so that the model stays feasible and yields a partial plan.
 */
import type { Highs, Model } from 'highs';
import type { Problem } from './model.ts';
import { patternKey, type Pattern } from './pattern.ts';

export interface MasterSolution {
  optimal: boolean;
  objective: number;
  /** Value per pattern, in `patterns` order. */
  patternValues: Float64Array;
  /** Unplaced pieces per item (all zero without penalty columns). */
  slackValues: Float64Array;
  itemDuals: Float64Array;
  /** Per stock kind; 0 for unlimited kinds. */
  stockDuals: Float64Array;
}

export class MasterModel {
  readonly patterns: Pattern[] = [];
  private readonly keys = new Map<string, number>();
  private readonly model: Model;
  private readonly stockRow: number[];
  private readonly slackColumns: number;

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
    return this.slackColumns + patternIndex;
  }

  setTimeLimit(seconds: number): void {
    // HiGHS measures time_limit against the instance's accumulated run time, not per run.
    this.model.zeroAllClocks();
    this.model.options.set({ time_limit: Math.max(0.01, seconds) });
  }

  /** Switches between the LP relaxation and the integer programme over the current columns. */
  setIntegral(integral: boolean): void {
    const total = this.slackColumns + this.patterns.length;
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
    const colValue = new Float64Array(this.slackColumns + this.patterns.length);
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
    const hasPrimal = solution.colValue.length === this.slackColumns + this.patterns.length;
    return {
      optimal: status === codes.optimal,
      objective: hasPrimal ? this.model.getObjectiveValue() : Number.POSITIVE_INFINITY,
      patternValues: hasPrimal ? solution.colValue.slice(this.slackColumns) : new Float64Array(this.patterns.length),
      slackValues:
        hasPrimal && this.slackColumns > 0 ? solution.colValue.slice(0, this.slackColumns) : new Float64Array(m),
      itemDuals: solution.rowDual.slice(0, m),
      stockDuals: Float64Array.from(this.stockRow, (row) => (row >= 0 ? (solution.rowDual[row] ?? 0) : 0)),
    };
  }

  dispose(): void {
    this.model.dispose();
  }
}
