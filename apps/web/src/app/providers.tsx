import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { Locale } from '@armature/domain';
import { changeLocale, useLocale } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { motionWanted, saveAppearance, storedAppearance, themeConfig, type Appearance } from '../lib/theme.ts';
import { fetchUserPreferences, saveUserPreferences } from '../lib/user-preferences.ts';
import { useSession } from '../lib/use-session.ts';
import { FeedbackProvider, useFeedback } from '../components/feedback.tsx';
import { NextPageContext, type NextPage } from '../components/next-page.tsx';
import { PreferencesContext, type Preferences } from '../components/preferences.tsx';

/** The rule needs every area's screens: it loads after sign-in, never with the login page (`home-page.ts`). */
const nextPage: NextPage = async (to, menus) => (await import('./home-page.ts')).nextPage(to, menus);

function QueryProvider({ children }: { children: ReactNode }) {
  const { notify } = useFeedback();
  const [client] = useState(() => createQueryClient(notify.error));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Applies the signed-in user's theme and density from the server (and keeps them as this browser's
 * copy) each time a user signs in; the function returned reads them again (after a failed save). If they
 * cannot be read, the appearance on screen stays; a choice the user made while they were being read
 * (`changes` counts them) wins over the answer, which predates its save.
 */
function useUserAppearance(
  userId: string | undefined,
  onAppearance: (appearance: Appearance) => void,
  changes: RefObject<number>,
) {
  const [reads, setReads] = useState(0);
  useEffect(() => {
    if (!userId) return;
    const abort = new AbortController();
    const changesBefore = changes.current;
    fetchUserPreferences(abort.signal).then(
      (saved) => {
        if (changes.current !== changesBefore) return;
        const chosen = { theme: saved.theme, compact: saved.compact };
        saveAppearance(chosen);
        onAppearance(chosen);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [userId, reads, onAppearance, changes]);
  return () => setReads((count) => count + 1);
}

/**
 * The language, theme and density. Theme and density follow the signed-in user: read from
 * their preferences on the server after sign-in, saved there on every change (a failed save is told and
 * the server's choice comes back); this browser's copy is what shows before sign-in and on first paint.
 */
function PreferencesProvider(props: {
  appearance: Appearance;
  onAppearance: (appearance: Appearance) => void;
  onAntdLocale: (locale: AntdLocale) => void;
  children: ReactNode;
}) {
  const { appearance, onAppearance, onAntdLocale, children } = props;
  const locale = useLocale();
  const userId = useSession()?.user?.id;
  const changes = useRef(0);
  const readAgain = useUserAppearance(userId, onAppearance, changes);
  // A failed save is told in the message bar (the query client's rule); the server's choice comes back.
  const saveChange = useMutation({ ...saveUserPreferences(), onError: readAgain }).mutate;
  const preferences = useMemo<Preferences>(() => {
    const change = (next: Partial<Appearance>) => {
      const merged = { ...appearance, ...next };
      changes.current += 1;
      saveAppearance(merged);
      onAppearance(merged);
      if (userId) saveChange(next);
    };
    return {
      locale,
      setLocale: async (next: Locale) => onAntdLocale(await changeLocale(next)),
      themeMode: appearance.theme,
      setThemeMode: (theme) => change({ theme }),
      compact: appearance.compact,
      setCompact: (compact) => change({ compact }),
    };
  }, [locale, appearance, onAppearance, onAntdLocale, userId, saveChange]);
  return <PreferencesContext value={preferences}>{children}</PreferencesContext>;
}

export function AppProviders({ initialAntdLocale, children }: { initialAntdLocale: AntdLocale; children: ReactNode }) {
  const [antdLocale, setAntdLocale] = useState(initialAntdLocale);
  const [appearance, setAppearance] = useState(storedAppearance);
  const [motion] = useState(motionWanted);
  const theme = useMemo(() => themeConfig(appearance, motion), [appearance, motion]);
  const signedIn = useSession()?.user !== undefined;
  return (
    <NextPageContext value={nextPage}>
      <ConfigProvider locale={antdLocale} theme={theme}>
        <FeedbackProvider preload={signedIn}>
          <QueryProvider>
            <PreferencesProvider appearance={appearance} onAppearance={setAppearance} onAntdLocale={setAntdLocale}>
              {children}
            </PreferencesProvider>
          </QueryProvider>
        </FeedbackProvider>
      </ConfigProvider>
    </NextPageContext>
  );
}
