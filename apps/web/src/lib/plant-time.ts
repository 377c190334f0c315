import type { Namespace, TFunction } from 'i18next';
import { plantDateTimeOf } from '@armature/domain';
import { loadSession } from './session.ts';

const MINUTE = 60_000;

/**
 * An instant (ms) on the plant's clock, `YYYY-MM-DD HH:mm`: a plant's shifts, schedule and records are
 * read in its time zone whatever the browser's (a laptop set to UTC must not show 00:00 for an 08:00
 * start). Without a zone (no line chosen yet), the browser's clock.
 */
export function formatPlantTime(ms: number, timeZone: string | undefined): string {
  return plantDateTimeOf(ms, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The current line's IANA time zone, from the session; undefined before a line is chosen. */
export function plantTimeZone(): string | undefined {
  const session = loadSession();
  return session?.products?.find((product) => product.id === session.product?.activeId)?.timeZone;
}

/** Today on the current line's clock, `YYYY-MM-DD`: what due dates are compared with. */
export function plantToday(): string {
  return formatPlantTime(Date.now(), plantTimeZone()).slice(0, 10);
}

/**
 * How long a span lasts, in words of the user's language (`common:duration.*`): minutes, or hours and
 * minutes; under a minute, seconds — so a short task never reads as an empty "08:00 – 08:00".
 */
export function formatDuration<Ns extends Namespace>(ms: number, t: TFunction<Ns>): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return t('duration.seconds', { ns: 'common', count: seconds });
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return t('duration.minutes', { ns: 'common', count: minutes });
  return t('duration.hours', { ns: 'common', hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
