import { createContext, use } from 'react';
import type { Locale } from '@armature/domain';
import type { ThemeMode } from '../lib/theme.ts';

/** The interface language and theme, both remembered in localStorage. */
export type Preferences = {
  locale: Locale;
  setLocale: (locale: Locale) => Promise<void>;
  themeMode: ThemeMode;
  setThemeMode: (mode: ThemeMode) => void;
};

export const PreferencesContext = createContext<Preferences | undefined>(undefined);

export function usePreferences(): Preferences {
  const preferences = use(PreferencesContext);
  if (!preferences) throw new Error('usePreferences needs the app providers');
  return preferences;
}
