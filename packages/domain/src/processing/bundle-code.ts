import { z } from 'zod';

/**
 * Crockford's base-32 alphabet: digits and capitals without I, L, O and U, so a code read off a wet tag
 * and typed in is never misread between 0/O or 1/I/L (and spells no word by accident).
 */
export const BUNDLE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random symbols in a code: 32⁶ ≈ 1.07 × 10⁹ codes per client, so a new code rarely meets a used one. */
export const BUNDLE_CODE_SYMBOLS = 6;

/** A bundle's typeable code as printed under the tag's QR: `B-7K3Q-9F`. */
export const bundleCodeSchema = z.string().regex(/^B-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/);

/**
 * A new random bundle code from `randomBytes` (the server's cryptographic generator). Each symbol takes
 * five bits of its own byte (256 is a multiple of 32, so every symbol is equally likely). Uniqueness per
 * client is the database's unique index; the caller draws again when a code is taken.
 */
export function newBundleCode(randomBytes: (count: number) => Uint8Array): string {
  const symbols = [...randomBytes(BUNDLE_CODE_SYMBOLS)].map((byte) => BUNDLE_CODE_ALPHABET[byte % 32]).join('');
  return `B-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/** What a person may type for a symbol Crockford reads as another (`O` is `0`; `I` and `L` are `1`). */
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * The bundle code in what someone typed, in its printed form; null when it cannot be one. Case,
 * spaces and dashes do not matter, nor the leading `B` (`b7k3q9f`, `7K3Q 9F` and `B-7K3Q-9F` are the
 * same code), and the look-alikes O, I and L are read as 0 and 1.
 */
export function bundleCodeFromText(text: string): string | null {
  let compact = text.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length === BUNDLE_CODE_SYMBOLS + 1 && compact.startsWith('B')) compact = compact.slice(1);
  if (compact.length !== BUNDLE_CODE_SYMBOLS) return null;
  const symbols = [...compact].map((symbol) => READ_AS[symbol] ?? symbol).join('');
  if (![...symbols].every((symbol) => BUNDLE_CODE_ALPHABET.includes(symbol))) return null;
  return `B-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}
