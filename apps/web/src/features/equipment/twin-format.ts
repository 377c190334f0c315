import type { Locale } from '@armature/domain';
import { formatNumber } from '../../lib/number-format.ts';

/** A ratio (0…1) as a percentage with one decimal in the interface language; `—` when undefined. */
export function formatPercent(ratio: number | null, locale: Locale): string {
  return ratio === null ? '—' : `${formatNumber(ratio * 100, locale, 1)} %`;
}

/** A duration in hours with one decimal (`6.5 h`), for OEE's planned and run times. */
export function formatHours(ms: number, locale: Locale): string {
  return `${formatNumber(ms / 3_600_000, locale, 2)} h`;
}

export type Age = { unit: 'seconds' | 'minutes' | 'hours' | 'days'; count: number };

/** How long ago, in the largest whole unit that fits (`75 s` → 1 minute): "last seen 1 min ago". */
export function ageOf(ms: number): Age {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  if (seconds < 3600) return { unit: 'minutes', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / 86_400) };
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** An instant as the plant's clock shows it (`14:05`), whatever the browser's time zone. */
export function formatClock(ms: number, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  return clock.format(ms);
}
