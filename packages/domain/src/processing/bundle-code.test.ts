import { describe, expect, it } from 'vitest';
import { BUNDLE_CODE_ALPHABET, bundleCodeFromText, bundleCodeSchema, newBundleCode } from './bundle-code.ts';

// The server draws from node:crypto; any source of uniform bytes shows the layout and the spread.
const randomBytes = (count: number) => Uint8Array.from({ length: count }, () => Math.floor(Math.random() * 256));

describe('bundle codes', () => {
  it('writes six symbols of the Crockford alphabet as B-XXXX-XX', () => {
    for (let index = 0; index < 200; index++) expect(bundleCodeSchema.parse(newBundleCode(randomBytes))).toBeTruthy();
    expect(newBundleCode(() => Uint8Array.from([0, 31, 32, 63, 255, 17]))).toBe('B-0Z0Z-ZH');
  });

  it('leaves out the letters read as digits', () => {
    expect(BUNDLE_CODE_ALPHABET).toHaveLength(32);
    for (const letter of 'ILOU') expect(BUNDLE_CODE_ALPHABET).not.toContain(letter);
  });

  it('spreads its symbols evenly over the alphabet', () => {
    const seen = new Map<string, number>();
    for (let index = 0; index < 2000; index++)
      for (const symbol of newBundleCode(randomBytes).replace(/^B-|-/g, ''))
        seen.set(symbol, (seen.get(symbol) ?? 0) + 1);
    expect(seen.size).toBe(32);
    // 12,000 symbols: 375 expected each; a fair draw stays well within ±40 %.
    for (const times of seen.values()) expect(Math.abs(times - 375)).toBeLessThan(150);
  });

  it('reads a typed code whatever its case, spacing, dashes and leading B', () => {
    for (const typed of ['B-7K3Q-9F', 'b7k3q9f', '7K3Q 9F', ' 7k3q-9f ', 'B 7K3Q9F'])
      expect(bundleCodeFromText(typed)).toBe('B-7K3Q-9F');
  });

  it('reads O as 0 and I or L as 1', () => {
    expect(bundleCodeFromText('B-OKIQ-LF')).toBe('B-0K1Q-1F');
  });

  it('refuses what cannot be a code', () => {
    for (const typed of ['', 'B-7K3Q', 'B-7K3Q-9FF1', 'B-7K3Q-9U', 'T-20260101-001', 'AbCdEfGhIjKlMnOpQrStUv'])
      expect(bundleCodeFromText(typed)).toBeNull();
  });
});
