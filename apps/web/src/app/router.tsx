import { createBrowserRouter, type RouteObject } from 'react-router';
import { DEFAULT_LOCALE, buildMenuTree } from '@armature/domain';
import { accountScreens } from '../features/account/index.ts';
import { scanScreens } from '../features/scan/index.ts';
import { inboxScreens } from '../features/inbox/index.ts';
import { messagesScreens } from '../features/messages/index.ts';
import { workbenchScreens } from '../features/workbench/index.ts';
import { DASHBOARD_PATH, MESSAGES_PATH, MY_TASKS_PATH, NOTIFICATIONS_PATH } from '../lib/user-paths.ts';
import { NAMESPACES } from '../lib/i18n.ts';
import { lazyView, withTexts, type LazyRoute } from '../lib/lazy-screens.ts';
import { SCREENS, type PageScreens, type ScreenModule } from './screens.ts';
import {
  redirectHome,
  redirectToFirstPage,
  requireGrant,
  requirePage,
  requireProductChoice,
  requireSession,
  skipWhenSignedIn,
} from './route-guards.ts';
import { NotFoundView, PageSpinner, RouteErrorView } from './route-error.view.tsx';
import {
  CHANGE_PASSWORD_PATH,
  CHOOSE_PRODUCT_PATH,
  FORGET_PATH,
  LOGIN_PATH,
  PROFILE_PATH,
  REGISTER_PATH,
  RESET_PATH,
  SCAN_PATH,
  DROP_PATH,
} from './navigation.ts';

/** The pages outside the layout load only their own texts (`common` is always in): the login page stays light. */
const AUTH_TEXTS = ['auth'];
const SCAN_TEXTS = ['scan'];

/** A lazily loaded screen: its chunk is fetched when the route is first visited. */
const screen =
  (load: () => Promise<ScreenModule>): LazyRoute =>
  async () => ({ Component: (await load()).default });

/**
 * Every page of the menu tree that has screens, from the full catalogue so the routes never change
 * while signed in (a language switch only renames menus); each page checks the user's grant itself.
 */
const catalogue = buildMenuTree(DEFAULT_LOCALE, () => true);

function pageRoutes(): RouteObject[] {
  return catalogue.flatMap((system) =>
    system.menues.flatMap((menu) =>
      menu.pages.flatMap((page) => {
        const screens: PageScreens | undefined = SCREENS[page.id];
        if (!screens) return [];
        const { list, ...subRoutes } = screens;
        return [
          {
            path: page.url,
            loader: requirePage(page.id),
            children: [
              { index: true, lazy: screen(list) },
              // A sub-route that writes needs its button too (add → `.add`, update → `.update`).
              ...Object.entries(subRoutes).map(([path, load]) => ({
                path,
                loader: requireGrant(page.id, path),
                lazy: screen(load),
              })),
            ],
          },
        ];
      }),
    ),
  );
}

/** A system's or menu's url (`/basicConfig`, `/basicConfig/user`…) opens its first page (the index route is `/`). */
function groupRedirects(): RouteObject[] {
  const urls = catalogue.flatMap((system) => [system.url, ...system.menues.map((menu) => menu.url)]);
  // The loader always redirects or answers 404; the element only satisfies the router.
  return urls.map((url) => ({ path: url, loader: redirectToFirstPage(url), element: <NotFoundView /> }));
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        path: LOGIN_PATH,
        loader: skipWhenSignedIn,
        lazy: withTexts(AUTH_TEXTS, accountScreens.login),
      },
      {
        path: REGISTER_PATH,
        lazy: withTexts(AUTH_TEXTS, accountScreens.register),
      },
      {
        path: FORGET_PATH,
        lazy: withTexts(AUTH_TEXTS, accountScreens.forget),
      },
      {
        path: RESET_PATH,
        lazy: withTexts(AUTH_TEXTS, accountScreens.reset),
      },
      // A bundle tag's QR code: public, for anyone's phone.
      {
        path: SCAN_PATH,
        lazy: withTexts(SCAN_TEXTS, scanScreens.scan),
      },
      // A drop's link, sent to its site contact: public too.
      {
        path: DROP_PATH,
        lazy: withTexts(SCAN_TEXTS, scanScreens.drop),
      },
      {
        path: CHOOSE_PRODUCT_PATH,
        loader: requireSession,
        lazy: withTexts(AUTH_TEXTS, accountScreens.chooseProduct),
      },
      {
        loader: requireProductChoice,
        // Signed in, every area's texts load with the layout (slots show one area's parts on another's pages).
        lazy: withTexts(
          NAMESPACES,
          lazyView(
            () => import('./layout/default-layout.view.tsx'),
            (module) => module.DefaultLayout,
          ),
        ),
        children: [
          {
            // Errors below show inside the layout, keeping the menu.
            errorElement: <RouteErrorView />,
            children: [
              {
                index: true,
                loader: redirectHome,
                lazy: lazyView(
                  () => import('./layout/home.view.tsx'),
                  (module) => module.HomeView,
                ),
              },
              {
                path: PROFILE_PATH,
                lazy: accountScreens.profile,
              },
              {
                path: CHANGE_PASSWORD_PATH,
                lazy: accountScreens.changePassword,
              },
              { path: DASHBOARD_PATH, lazy: workbenchScreens.dashboard },
              { path: MY_TASKS_PATH, lazy: workbenchScreens.myTasks },
              { path: NOTIFICATIONS_PATH, lazy: inboxScreens.notifications },
              { path: MESSAGES_PATH, lazy: messagesScreens.messages },
              ...pageRoutes(),
              ...groupRedirects(),
              { path: '*', element: <NotFoundView /> },
            ],
          },
        ],
      },
    ],
  },
];

/** Created once the language is loaded, because the first navigation starts at once. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
