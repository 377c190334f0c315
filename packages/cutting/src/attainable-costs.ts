/**
 * Rounding a lower bound up to the next objective value a plan can actually have. With bar counts this is ⌈LP⌉;
 * with prices (say 2367 and 1820 cents for 12 m and 9 m bars) only sums of bar prices are attainable, and the next
 * such sum above the LP value is a much stronger bound than the LP value itself.
 */

/** Beyond this many distinct values the table is not worth its memory; fall back to the gcd step. */
const MAX_TABLE = 20_000_000;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Returns `round(v)`: the least attainable objective ≥ v (within 1e-6), where attainable values are non-negative
 * integer combinations of `costs`, considered up to `ceiling` (an attainable value: the incumbent's objective).
 * Non-integer costs leave the bound as it is.
 */
export function boundRounder(costs: readonly number[], ceiling: number): (value: number) => number {
  const positive = [...new Set(costs.filter((c) => c > 0))];
  if (positive.length === 0 || !positive.every(Number.isInteger) || !Number.isFinite(ceiling)) return (v) => v;
  const step = positive.reduce(gcd, 0);
  const units = positive.map((c) => c / step);
  const top = Math.floor(ceiling / step + 1e-9);
  const stepRound = (v: number): number => step * Math.ceil(v / step - 1e-6);
  if (top > MAX_TABLE || units.length === 1) return stepRound;
  const reachable = new Uint8Array(top + 1);
  reachable[0] = 1;
  for (const u of units) for (let v = u; v <= top; v++) if (reachable[v - u]) reachable[v] = 1;
  // next[v]: least reachable value ≥ v (top + 1 when none).
  const next = new Int32Array(top + 2);
  next[top + 1] = top + 1;
  for (let v = top; v >= 0; v--) next[v] = reachable[v] ? v : next[v + 1]!;
  return (value) => {
    const v = Math.max(0, Math.ceil(value / step - 1e-6));
    return v > top ? stepRound(value) : step * next[v]!;
  };
}
