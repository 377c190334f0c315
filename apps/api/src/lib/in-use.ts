import { AppError } from './app-error.ts';

const SHOWN = 5;

/**
 * 409 `in_use` naming what refers to the record: `users (3): alice, bob, carol`.
 * Only the first few names are listed so the message stays readable.
 */
export function inUse(kind: string, names: readonly string[]): AppError {
  const listed = names.slice(0, SHOWN).join(', ') + (names.length > SHOWN ? ', …' : '');
  return new AppError('in_use', { referrers: `${kind} (${names.length}): ${listed}` });
}
