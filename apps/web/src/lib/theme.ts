import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode, UserPreferences } from '@armature/domain';
import { DEFAULT_APPEARANCE } from '@armature/domain/inbox';

export type { ThemeMode };

/** How the interface looks: the theme and the density (compact, the spec's default, or comfortable). */
export type Appearance = Pick<UserPreferences, 'theme' | 'compact'>;

const THEME_KEY = 'armature.theme';
const COMPACT_KEY = 'armature.compact';
/** Set to `off` by the browser tests only (e2e/playwright.config.ts); no screen writes it. */
const MOTION_KEY = 'armature.motion';

/**
 * The last appearance this browser showed, so the login page and the first paint after a reload look as
 * the user left them. Once signed in, the user's own preferences (kept on the server) win and
 * are cached here again.
 */
export function storedAppearance(): Appearance {
  return {
    // Light is the default theme, compact the default density.
    theme: localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : DEFAULT_APPEARANCE.theme,
    compact: localStorage.getItem(COMPACT_KEY) === 'false' ? false : DEFAULT_APPEARANCE.compact,
  };
}

export function saveAppearance(appearance: Appearance): void {
  localStorage.setItem(THEME_KEY, appearance.theme);
  localStorage.setItem(COMPACT_KEY, String(appearance.compact));
}

/**
 * Whether antd animates its dialogs, menus and dropdowns: always for users. The browser tests turn it off
 * so that a click never lands on something still opening, whatever the machine's load.
 */
export function motionWanted(): boolean {
  return localStorage.getItem(MOTION_KEY) !== 'off';
}

/**
 * Light or dark, compact density, primary blue, all with antd's
 * algorithms (antd's default primary colour is already blue, so no colour literal is needed here).
 */
export function themeConfig(appearance: Appearance, motion = true): ThemeConfig {
  return {
    algorithm: [
      appearance.theme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      ...(appearance.compact ? [theme.compactAlgorithm] : []),
    ],
    ...(motion ? {} : { token: { motion: false } }),
  };
}
