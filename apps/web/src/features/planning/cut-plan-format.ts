import type { Locale } from '@armature/domain';
import { formatNumber } from '../../lib/number-format.ts';

/** A rate (0…1) as a percentage: `92.35 %`, in the user's number format. */
export function formatRate(rate: number | null | undefined, locale: Locale, decimals = 2): string {
  if (rate === null || rate === undefined) return '—';
  return `${formatNumber(rate * 100, locale, decimals)} %`;
}

/** Seconds from milliseconds, one decimal. */
export function formatSeconds(ms: number, locale: Locale): string {
  return `${formatNumber(ms / 1000, locale, 1)} s`;
}

/** Money-like figures (a run's cost): two decimals. */
export function formatCost(cost: number | null | undefined, locale: Locale): string {
  return cost === null || cost === undefined ? '—' : formatNumber(cost, locale, 2);
}
