import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from './idempotency-keys.ts';

describe('idempotency keys', () => {
  it('reuses a key for the same body only', () => {
    let next = 0;
    const keyFor = idempotencyKeys(() => `k${++next}`);
    expect(keyFor({ quantity: 1 })).toBe('k1');
    expect(keyFor({ quantity: 1 })).toBe('k1');
    expect(keyFor({ quantity: 2 })).toBe('k2');
    expect(keyFor({ quantity: 1 })).toBe('k3');
  });
});
