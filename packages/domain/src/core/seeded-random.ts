/** A source of uniform draws in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: small, fast and the same sequence on every platform, so a seeded search, a generated bench plant or a
 * fuzz sample is the same at every run. (The cutting package keeps its own copy: it depends on nothing.)
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
