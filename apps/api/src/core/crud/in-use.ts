import { LOCALES, type Localized } from '@armature/domain';
import { AppError } from '../http/app-error.ts';

const SHOWN = 5;

/** Records of one kind that still refer to the one being deleted. */
export type Referrers = {
  label: Localized;
  names: readonly string[];
  /** How many there are when `names` holds only the first few (counted rather than loaded). */
  total?: number;
};

/**
 * 409 `in_use` naming what refers to the record: `钢筋规格 (16): HRB400E Φ8, …; 用户 (1): alice`.
 * Only the first few names of each kind are listed so the message stays readable.
 */
export function inUse(groups: readonly Referrers[]): AppError {
  const describe = (locale: (typeof LOCALES)[number]) =>
    groups
      .map(({ label, names, total = names.length }) => {
        const listed = names.slice(0, SHOWN).join(', ') + (total > Math.min(names.length, SHOWN) ? ', …' : '');
        return `${label[locale]} (${total}): ${listed}`;
      })
      .join('; ');
  const referrers = Object.fromEntries(LOCALES.map((locale) => [locale, describe(locale)])) as Localized;
  return new AppError('in_use', { referrers });
}
