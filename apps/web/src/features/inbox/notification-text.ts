import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale, Notification, NotificationParams } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber, formatPercent } from '../../lib/number-format.ts';

/**
 * A notification's values as its text shows them in the reader's language: rates (fractions, keys
 * ending in `Rate`) as percentages, kilograms (keys ending in `Kg`) with their grams, other numbers
 * in the language's format; strings (codes, names, dates, a server message) as they are.
 */
export function formatParams(params: NotificationParams, locale: Locale): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (typeof value === 'string') return [name, value];
      if (name.endsWith('Rate')) return [name, formatPercent(value, locale)];
      if (name.endsWith('Kg')) return [name, formatKg(value, locale)];
      return [name, formatNumber(value, locale)];
    }),
  );
}

/** A value some notifications of a kind carry and others not: its text then has a variant (`machineFault_alarm`). */
const OPTIONAL_PARAM = 'alarm';

/** Words a notification from its kind and values (`inbox:notifications.kinds.<kind>`), in the reader's language. */
export function useNotificationText(): (notification: Pick<Notification, 'kind' | 'params'>) => string {
  const { t } = useTranslation('inbox');
  const locale = useLocale();
  return useCallback(
    ({ kind, params }) =>
      t(`notifications.kinds.${kind}`, {
        ...formatParams(params, locale),
        context: params[OPTIONAL_PARAM] === undefined ? undefined : OPTIONAL_PARAM,
      }),
    [t, locale],
  );
}
