import { useEffect } from 'react';
import { theme } from 'antd';
import { usePreferences } from './preferences.tsx';

/**
 * The document behind the app takes the theme too: antd colours its components only, so in the dark
 * theme the body (seen under a short page, past the end of a long one, when it bounces) stayed white and
 * the browser's own scrollbars and form controls light. `color-scheme` turns those dark; the body takes
 * the layout's background and text colours, and the theme's font (antd's App component gave it to a
 * wrapper before; the app does without it to keep the login page's first chunk small).
 */
export function DocumentTheme() {
  const { themeMode } = usePreferences();
  const { token } = theme.useToken();
  const { colorBgLayout, colorText, fontFamily, fontSize, lineHeight } = token;
  useEffect(() => {
    document.documentElement.style.colorScheme = themeMode;
    const { style } = document.body;
    style.backgroundColor = colorBgLayout;
    style.color = colorText;
    style.fontFamily = fontFamily;
    style.fontSize = `${fontSize}px`;
    style.lineHeight = String(lineHeight);
  }, [themeMode, colorBgLayout, colorText, fontFamily, fontSize, lineHeight]);
  return null;
}
