/** The interface languages. Simplified Chinese is the default and the fallback. */
export const LOCALES = ['zh-CN', 'en-US', 'fr-FR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** A text in every interface language; the type makes a missing translation a compile error. */
export type Localized = Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the best supported locale from an HTTP Accept-Language header
 * (`fr-FR,fr;q=0.9,en;q=0.8`). Matching is by language, so `fr` or `fr-CA` map to fr-FR.
 */
export function resolveLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    const match =
      LOCALES.find((locale) => locale.toLowerCase() === tag) ??
      LOCALES.find((locale) => locale.split('-')[0] === language);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Replaces `{0}`, `{1}`… or `{name}` placeholders. */
export function format(
  template: string,
  params: Record<string, string | number> | readonly (string | number)[] = [],
): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = (params as Record<string, string | number>)[key];
    return value === undefined ? whole : String(value);
  });
}
