/**
 * One HiGHS WebAssembly runtime per thread, re-created when its linear memory has grown large or after a native
 * failure: Wasm memory never shrinks, and a runtime that aborted once is not safe to reuse.
 */
import type { Highs } from 'highs';

const MEMORY_LIMIT_BYTES = 512 * 1024 * 1024;
const SOLVES_PER_RUNTIME = 500;

let runtime: Promise<Highs> | null = null;
let solves = 0;

export async function acquireHighs(): Promise<Highs> {
  if (runtime === null) {
    solves = 0;
    runtime = import('highs').then((m) => m.default());
  }
  solves += 1;
  return runtime;
}

/** Called after each solve; `failed` when HiGHS threw, so the next solve starts from a fresh runtime. */
export function releaseHighs(highs: Highs, failed: boolean): void {
  if (failed || highs.memoryBytes > MEMORY_LIMIT_BYTES || solves >= SOLVES_PER_RUNTIME) runtime = null;
}
