import i18next, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '@armature/domain/locales';

const LANGUAGE_KEY = 'armature.language';

/**
 * Every `locales/<lang>/<ns>.json`, each its own chunk loaded on demand: a namespace a feature adds
 * (e.g. `rbac.json`) is picked up without registering it anywhere. Only `common` loads at start; a route
 * loads the namespaces its screens use with its chunk (`withTexts`), so the login page fetches two.
 */
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

export const NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(bundles).map((path) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length))),
];
export const DEFAULT_NAMESPACE = 'common';

const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const ANTD_LOCALES: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'en-US': () => import('antd/es/locale/en_US'),
  'fr-FR': () => import('antd/es/locale/fr_FR'),
};

// dayjs ships English built in.
const DAYJS_LOCALES: Record<Locale, { name: string; load: () => Promise<unknown> }> = {
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'en-US': { name: 'en', load: async () => undefined },
  'fr-FR': { name: 'fr', load: () => import('dayjs/locale/fr') },
};

export function storedLocale(): Locale {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** The interface language now (sent as Accept-Language), also while i18next is still starting. */
export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : storedLocale();
}

async function applyLocale(locale: Locale): Promise<AntdLocale> {
  const [antd] = await Promise.all([ANTD_LOCALES[locale](), DAYJS_LOCALES[locale].load()]);
  dayjs.locale(DAYJS_LOCALES[locale].name);
  document.documentElement.lang = locale;
  return antd.default;
}

/** Loads the remembered language (default zh-CN) before the first render; returns antd's locale. */
export async function initI18n(): Promise<{ locale: Locale; antdLocale: AntdLocale }> {
  const locale = storedLocale();
  await i18next
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES,
      load: 'currentOnly',
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      // Resources are loaded before the language switches and before a route renders, so components never suspend.
      react: { useSuspense: false },
    });
  return { locale, antdLocale: await applyLocale(locale) };
}

/**
 * Loads namespaces in the current language (a language switch then loads them in the new one too).
 * Resolves once they are in; a namespace that fails to load shows its keys, as i18next does.
 */
export function loadTexts(namespaces: readonly string[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

/** Switches and remembers the language; i18next, antd and dayjs follow. */
export async function changeLocale(locale: Locale): Promise<AntdLocale> {
  localStorage.setItem(LANGUAGE_KEY, locale);
  const [antdLocale] = await Promise.all([applyLocale(locale), i18next.changeLanguage(locale)]);
  return antdLocale;
}

/** The interface language as a domain Locale, re-rendering when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
