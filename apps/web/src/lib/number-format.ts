import type { Locale } from '@armature/domain';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Every number on screen goes through the interface language — `5,451.840` in zh-CN and
 * en-US, `5 451,840` in fr-FR (narrow no-break space), whether a stock weight, a tolerance or a length.
 * `decimals` fixes the places (a weight's three, a decimal field's scale, 0 for counts); without it
 * up to three are shown as needed. Exports keep numbers as numbers and do not use this.
 */
export function formatNumber(value: number, locale: Locale, decimals?: number): string {
  const key = `${locale}|${decimals ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      decimals === undefined
        ? { maximumFractionDigits: 3 }
        : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
    );
    formats.set(key, format);
  }
  return format.format(value);
}

/** Kilograms with three decimals (grams), always all three. */
export function formatKg(weight: number, locale: Locale): string {
  return formatNumber(weight, locale, 3);
}

/** A fraction as a percentage (0.0476 → `4.76%`), up to two decimals; `signed` shows + and −. */
export function formatPercent(fraction: number, locale: Locale, signed = false): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(fraction);
}

/** A table cell's renderer of whole numbers (counts, lengths in mm, diameters) in the user's format. */
export const wholeNumbers =
  (locale: Locale) =>
  (value: number | null | undefined): string =>
    value === null || value === undefined ? '' : formatNumber(value, locale, 0);
