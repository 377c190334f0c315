import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
// The first screen imports the domain by narrow sub-paths (not the package root, which would bring the menu
// tree and the resource registry): the root's side effect, zod's language-neutral message keys, is installed here.
import '@armature/domain/zod-messages';
import { configureApiClient } from './lib/api-client.ts';
import { currentLocale, initI18n } from './lib/i18n.ts';
import { clearSession } from './lib/session.ts';
import { ensureAccessToken } from './lib/token-refresh.ts';
import { AppProviders } from './app/providers.tsx';
import { DocumentTheme } from './components/document-theme.tsx';
import { LOGIN_PATH, withTarget } from './app/navigation.ts';
import { createAppRouter } from './app/router.tsx';
import { startSignedOutAtLogin } from './app/route-guards.ts';

async function start(): Promise<void> {
  // The texts and the first route's chunks and data load side by side; the app renders when both are in.
  const texts = initI18n();
  configureApiClient({ accessToken: ensureAccessToken, language: currentLocale });
  startSignedOutAtLogin();
  const router = createAppRouter();
  configureApiClient({
    // A 401 clears the session and returns to login, coming back here afterwards.
    onUnauthorized: () => {
      clearSession();
      const { pathname, search } = router.state.location;
      if (pathname !== LOGIN_PATH) void router.navigate(withTarget(LOGIN_PATH, pathname + search));
    },
  });
  const { antdLocale } = await texts;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders initialAntdLocale={antdLocale}>
        <DocumentTheme />
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
