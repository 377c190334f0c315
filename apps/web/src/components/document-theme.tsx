import { useEffect } from 'react';
import { theme } from 'antd';
import { usePreferences } from './preferences.tsx';

/**
 * The document behind the app takes the theme too: antd colours its components only, so in the dark
 * theme the body (seen under a short page, past the end of a long one, when it bounces) stayed white and
 * the browser's own scrollbars and form controls light. `color-scheme` turns those dark; the body takes
 * the layout's background and text colours.
 */
export function DocumentTheme() {
  const { themeMode } = usePreferences();
  const { token } = theme.useToken();
  const { colorBgLayout, colorText } = token;
  useEffect(() => {
    document.documentElement.style.colorScheme = themeMode;
    document.body.style.backgroundColor = colorBgLayout;
    document.body.style.color = colorText;
  }, [themeMode, colorBgLayout, colorText]);
  return null;
}
