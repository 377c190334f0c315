/**
 * Bounded knapsack by dynamic programming over capacity. The table holds the best value for every capacity up to
 * the largest, so one run prices every stock length at once; its work is (0/1 copies) × (largest capacity).
 */

export interface PricingItem {
  /** Knapsack weight (piece length + kerf). */
  weight: number;
  /** Dual value of one piece. */
  value: number;
  /** Most copies worth putting on one bar (remaining demand). */
  bound: number;
}

export interface PricedPattern {
  value: number;
  /** Copies per item index (indices into the `items` argument). */
  counts: Map<number, number>;
}

interface Copy {
  item: number;
  multiplicity: number;
  weight: number;
  value: number;
}

/** Binary splitting turns an item bounded by b into ⌈log2(b+1)⌉ 0/1 items that can express every count 0..b. */
function splitCopies(items: readonly PricingItem[], maxCapacity: number): Copy[] {
  const copies: Copy[] = [];
  items.forEach((it, item) => {
    if (!(it.value > 1e-12) || it.weight > maxCapacity) return;
    let left = Math.min(it.bound, Math.floor(maxCapacity / it.weight));
    for (let m = 1; left > 0; m *= 2) {
      const multiplicity = Math.min(m, left);
      copies.push({ item, multiplicity, weight: it.weight * multiplicity, value: it.value * multiplicity });
      left -= multiplicity;
    }
  });
  return copies;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Best pattern for each capacity in `capacities` (same order). Weights sharing a common divisor g (rebar marks
 * come in 10 mm steps) are divided by it, and capacities rounded down: same patterns, a g-times smaller table.
 */
export function knapsackByCapacity(items: readonly PricingItem[], capacities: readonly number[]): PricedPattern[] {
  return tabledKnapsack(items, capacities, false).patterns();
}

/**
 * knapsackByCapacity, with the table kept for TabledKnapsack.without (`keepStates`: the saved states `without`
 * starts from, a row of the table every SNAPSHOT_EVERY copies — memory not worth spending for one answer).
 */
export function tabledKnapsack(
  items: readonly PricingItem[],
  capacities: readonly number[],
  keepStates = true,
): TabledKnapsack {
  const g = Math.max(1, divisor(items));
  return new TabledKnapsack(
    items.map((it) => ({ ...it, weight: it.weight / g })),
    capacities.map((c) => Math.floor(c / g)),
    g,
    keepStates,
  );
}

/** Table cells the DP fills: its running time, and a bit per cell of memory. */
export function knapsackTableCells(items: readonly PricingItem[], capacities: readonly number[]): number {
  const g = divisor(items);
  const width = Math.floor(Math.max(0, ...capacities) / Math.max(1, g)) + 1;
  return (
    splitCopies(
      items.map((it) => ({ ...it, weight: it.weight / Math.max(1, g) })),
      width - 1,
    ).length * width
  );
}

function divisor(items: readonly PricingItem[]): number {
  return items.reduce((acc, it) => (it.value > 1e-12 ? gcd(it.weight, acc) : acc), 0);
}

/** Copies between saved states of the table in a TabledKnapsack. */
const SNAPSHOT_EVERY = 16;

/**
 * The DP of knapsackByCapacity, kept for follow-up questions. `without(item)` answers exactly as a new run with
 * that item's value set to 0 (ties included), but re-tables only from the last saved state before the item's copies:
 * column generation asks this for each piece of its best pattern every round (alternative columns), and each used
 * to cost a whole DP run.
 */
export class TabledKnapsack {
  private readonly copies: Copy[];
  private readonly maxCapacity: number;
  private readonly words: number;
  private readonly taken: Uint32Array;
  private readonly best: Float64Array;
  /** best as it stood before copy k·SNAPSHOT_EVERY. */
  private readonly snapshots: Float64Array[] = [];

  constructor(
    private readonly items: readonly PricingItem[],
    private readonly capacities: readonly number[],
    /** The common divisor the weights were divided by (knapsackByCapacity). */
    private readonly divisor: number,
    keepStates: boolean,
  ) {
    this.maxCapacity = Math.max(0, ...capacities);
    this.copies = splitCopies(items, this.maxCapacity);
    this.words = Math.ceil((this.maxCapacity + 1) / 32);
    this.best = new Float64Array(this.maxCapacity + 1);
    this.taken = new Uint32Array(this.copies.length * this.words);
    this.fill(this.best, this.taken, 0, -1, (k) => {
      if (keepStates && k % SNAPSHOT_EVERY === 0) this.snapshots.push(this.best.slice());
    });
  }

  /** Tables copies from `from` on into `best`, skipping those of `skipped`; `taken` rows are per copy index. */
  private fill(
    best: Float64Array,
    taken: Uint32Array,
    from: number,
    skipped: number,
    before?: (k: number) => void,
  ): void {
    const { copies, words, maxCapacity } = this;
    for (let k = from; k < copies.length; k++) {
      before?.(k);
      const copy = copies[k]!;
      if (copy.item === skipped) continue;
      const base = k * words;
      for (let c = maxCapacity; c >= copy.weight; c--) {
        const candidate = best[c - copy.weight]! + copy.value;
        if (candidate > best[c]! + 1e-12) {
          best[c] = candidate;
          taken[base + (c >>> 5)]! |= 1 << (c & 31);
        }
      }
    }
  }

  private read(best: Float64Array, taken: Uint32Array): PricedPattern[] {
    const { copies, words } = this;
    return this.capacities.map((capacity) => {
      const counts = new Map<number, number>();
      let c = Math.max(0, capacity);
      for (let k = copies.length - 1; k >= 0; k--) {
        const copy = copies[k]!;
        if ((taken[k * words + (c >>> 5)]! >>> (c & 31)) & 1) {
          counts.set(copy.item, (counts.get(copy.item) ?? 0) + copy.multiplicity);
          c -= copy.weight;
        }
      }
      return { value: best[Math.max(0, capacity)] ?? 0, counts };
    });
  }

  patterns(): PricedPattern[] {
    return this.read(this.best, this.taken);
  }

  /** What knapsackByCapacity gives with `item`'s value set to 0 (same patterns, same ties). */
  without(item: number): PricedPattern[] {
    if (this.snapshots.length === 0 && this.copies.length > 0) throw new Error('the table kept no states');
    const first = this.copies.findIndex((copy) => copy.item === item);
    if (first < 0) return this.patterns();
    const rest = this.items.map((it, i) => (i === item ? { ...it, value: 0 } : it));
    // Another common divisor would scale another table: only a run of its own then gives the same answer.
    if (divisor(rest) !== divisor(this.items))
      return knapsackByCapacity(
        rest.map((it) => ({ ...it, weight: it.weight * this.divisor })),
        this.capacities.map((c) => c * this.divisor),
      );
    const from = Math.floor(first / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
    const best = this.snapshots[from / SNAPSHOT_EVERY]!.slice();
    // Rows before `from` are the same as the full table's; the item's own rows stay empty.
    const taken = new Uint32Array(this.taken.length);
    taken.set(this.taken.subarray(0, from * this.words));
    this.fill(best, taken, from, item);
    return this.read(best, taken);
  }
}

/**
 * Best value per capacity (no patterns): one row of values, no table of choices and no saved states, so its memory
 * is the largest capacity alone. Used for upper bounds on scaled problems (pricing-knapsack.ts).
 */
export function knapsackValues(items: readonly PricingItem[], capacities: readonly number[]): number[] {
  const maxCapacity = Math.max(0, ...capacities);
  const best = new Float64Array(maxCapacity + 1);
  for (const copy of splitCopies(items, maxCapacity))
    for (let c = maxCapacity; c >= copy.weight; c--) {
      const candidate = best[c - copy.weight]! + copy.value;
      if (candidate > best[c]!) best[c] = candidate;
    }
  return capacities.map((c) => best[Math.max(0, c)] ?? 0);
}
