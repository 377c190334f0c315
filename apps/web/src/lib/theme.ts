import { theme, type ThemeConfig } from 'antd';

export type ThemeMode = 'light' | 'dark';

const THEME_KEY = 'armature.theme';

/** docs/spec.md §1.6 Languages and themes: light is the default theme. */
export function storedThemeMode(): ThemeMode {
  return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

export function saveThemeMode(mode: ThemeMode): void {
  localStorage.setItem(THEME_KEY, mode);
}

/**
 * docs/spec.md §1.6 Languages and themes: light or dark, compact density, primary blue. antd's default primary colour is already
 * blue, so no colour literal is needed here.
 */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: [mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, theme.compactAlgorithm],
  };
}
