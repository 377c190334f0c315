import { createContext, use } from 'react';
import type { Locale } from '@armature/domain';
import type { ThemeMode } from '../lib/theme.ts';

/**
 * The interface language (remembered in this browser), the theme and the density (compact or
 * comfortable): remembered for the signed-in user on the server, and in this browser before sign-in.
 */
export type Preferences = {
  locale: Locale;
  setLocale: (locale: Locale) => Promise<void>;
  themeMode: ThemeMode;
  setThemeMode: (mode: ThemeMode) => void;
  compact: boolean;
  setCompact: (compact: boolean) => void;
};

export const PreferencesContext = createContext<Preferences | undefined>(undefined);

export function usePreferences(): Preferences {
  const preferences = use(PreferencesContext);
  if (!preferences) throw new Error('usePreferences needs the app providers');
  return preferences;
}
