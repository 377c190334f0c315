import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

/** A promise settled from outside the task. */
function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('oneAtATime', () => {
  it('starts a task only once the previous one settled, failed ones included, and answers each its own result', async () => {
    const queue = oneAtATime();
    const started: string[] = [];
    const first = gate<string>();
    const second = gate<string>();
    const a = queue(() => (started.push('a'), first.promise));
    const b = queue(() => (started.push('b'), second.promise));
    const c = queue(async () => (started.push('c'), 'c done'));
    await Promise.resolve();
    expect(started).toEqual(['a']);
    first.fail(new Error('a failed'));
    await expect(a).rejects.toThrow('a failed');
    await expect.poll(() => started).toEqual(['a', 'b']);
    second.open('b done');
    await expect(b).resolves.toBe('b done');
    await expect(c).resolves.toBe('c done');
    expect(started).toEqual(['a', 'b', 'c']);
  });
});
