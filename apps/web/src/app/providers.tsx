import { useMemo, useState, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from '@armature/domain';
import { changeLocale, useLocale } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { saveThemeMode, storedThemeMode, themeConfig, type ThemeMode } from '../lib/theme.ts';
import { BuiltPagesContext } from '../components/built-pages.tsx';
import { SlotsContext, type Slots } from '../components/feature-slots.tsx';
import { NextPageContext } from '../components/next-page.tsx';
import { PreferencesContext, type Preferences } from '../components/preferences.tsx';
import { qualitySlots } from '../features/quality/index.ts';
import { nextPage } from './navigation.ts';
import { SCREENS } from './screens.ts';

const BUILT_PAGES: ReadonlySet<string> = new Set(Object.keys(SCREENS));

/** What features show inside other features' screens (components/feature-slots.tsx). */
const SLOTS: Slots = { ...qualitySlots };

/** docs/spec.md §1.5 Feedback: the message bar closes after 3 s (antd shows it at the top). */
const MESSAGE_SECONDS = 3;

function QueryProvider({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  const [client] = useState(() => createQueryClient((text) => void message.error(text)));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export function AppProviders({ initialAntdLocale, children }: { initialAntdLocale: AntdLocale; children: ReactNode }) {
  const locale = useLocale();
  const [antdLocale, setAntdLocale] = useState(initialAntdLocale);
  const [themeMode, setThemeModeState] = useState(storedThemeMode);
  const preferences = useMemo<Preferences>(
    () => ({
      locale,
      setLocale: async (next: Locale) => setAntdLocale(await changeLocale(next)),
      themeMode,
      setThemeMode: (mode: ThemeMode) => {
        saveThemeMode(mode);
        setThemeModeState(mode);
      },
    }),
    [locale, themeMode],
  );
  return (
    <PreferencesContext value={preferences}>
      <NextPageContext value={nextPage}>
        <BuiltPagesContext value={BUILT_PAGES}>
          <SlotsContext value={SLOTS}>
            <ConfigProvider locale={antdLocale} theme={themeConfig(themeMode)}>
              <App message={{ duration: MESSAGE_SECONDS, maxCount: 3 }}>
                <QueryProvider>{children}</QueryProvider>
              </App>
            </ConfigProvider>
          </SlotsContext>
        </BuiltPagesContext>
      </NextPageContext>
    </PreferencesContext>
  );
}
