import { LOCALES, type Localized } from '@armature/domain';
import { AppError } from './app-error.ts';
import { LABELS, type LabelKey } from './labels.ts';

const SHOWN = 5;

/**
 * 409 `in_use` naming what refers to the record: `users (3): alice, bob, carol`.
 * Only the first few names are listed so the message stays readable.
 */
export function inUse(kind: LabelKey, names: readonly string[]): AppError {
  const listed = names.slice(0, SHOWN).join(', ') + (names.length > SHOWN ? ', …' : '');
  const referrers = Object.fromEntries(
    LOCALES.map((locale) => [locale, `${LABELS[kind][locale]} (${names.length}): ${listed}`]),
  ) as Localized;
  return new AppError('in_use', { referrers });
}
