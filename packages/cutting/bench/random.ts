export { random } from '../src/seeded-random.ts';

export function randomInt(rnd: () => number): (lo: number, hi: number) => number {
  return (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
}
