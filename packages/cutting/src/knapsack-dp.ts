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
  const g = divisor(items);
  if (g > 1) {
    const scaled = items.map((it) => ({ ...it, weight: it.weight / g }));
    return priceScaled(
      scaled,
      capacities.map((c) => Math.floor(c / g)),
    );
  }
  return priceScaled(items, capacities);
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

function priceScaled(items: readonly PricingItem[], capacities: readonly number[]): PricedPattern[] {
  const maxCapacity = Math.max(0, ...capacities);
  const copies = splitCopies(items, maxCapacity);
  const width = maxCapacity + 1;
  const words = Math.ceil(width / 32);
  const best = new Float64Array(width);
  // One bit per (copy, capacity): "this copy improved the best value at this capacity".
  const taken = new Uint32Array(copies.length * words);
  copies.forEach((copy, k) => {
    const base = k * words;
    for (let c = maxCapacity; c >= copy.weight; c--) {
      const candidate = best[c - copy.weight]! + copy.value;
      if (candidate > best[c]! + 1e-12) {
        best[c] = candidate;
        taken[base + (c >>> 5)]! |= 1 << (c & 31);
      }
    }
  });
  return capacities.map((capacity) => {
    const counts = new Map<number, number>();
    let c = Math.max(0, capacity);
    for (let k = copies.length - 1; k >= 0; k--) {
      if ((taken[k * words + (c >>> 5)]! >>> (c & 31)) & 1) {
        const copy = copies[k]!;
        counts.set(copy.item, (counts.get(copy.item) ?? 0) + copy.multiplicity);
        c -= copy.weight;
      }
    }
    return { value: best[Math.max(0, capacity)] ?? 0, counts };
  });
}
