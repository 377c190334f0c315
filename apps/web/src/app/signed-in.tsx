import type { RouteObject } from 'react-router';
import { DEFAULT_LOCALE, buildMenuTree } from '@armature/domain';
import { accountScreens } from '../features/account/index.ts';
import { inboxScreens } from '../features/inbox/index.ts';
import { messagesScreens } from '../features/messages/index.ts';
import { workbenchScreens } from '../features/workbench/index.ts';
import { BuiltPagesContext } from '../components/built-pages.tsx';
import { SlotsContext, type Slots } from '../components/feature-slots.tsx';
import { DASHBOARD_PATH, MESSAGES_PATH, MY_TASKS_PATH, NOTIFICATIONS_PATH } from '../lib/user-paths.ts';
import { lazyView, type LazyRoute } from '../lib/lazy-screens.ts';
import { assembleSlots } from './assemble-areas.ts';
import { WEB_AREAS } from './areas.ts';
import { SCREENS, type PageScreens, type ScreenModule } from './screens.ts';
import { redirectHome, redirectToFirstPage } from './page-guards.ts';
import { requireGrant, requirePage } from './route-guards.ts';
import { NotFoundView } from './route-error.view.tsx';
import { DefaultLayout } from './layout/default-layout.view.tsx';
import { CHANGE_PASSWORD_PATH, PROFILE_PATH } from './navigation.ts';

// The signed-in part of the app's routing: the layout's pages, built from every area's screens and the menu
// catalogue. The router adds them on the first navigation that needs them (`router.tsx`), so the login page
// loads none of it.

const BUILT_PAGES: ReadonlySet<string> = new Set(Object.keys(SCREENS));

/** What features show inside other features' screens (components/feature-slots.tsx). */
const SLOTS: Slots = assembleSlots(WEB_AREAS);

/** The layout, with which pages have screens and what the areas show in each other's screens. */
export function SignedInLayout() {
  return (
    <BuiltPagesContext value={BUILT_PAGES}>
      <SlotsContext value={SLOTS}>
        <DefaultLayout />
      </SlotsContext>
    </BuiltPagesContext>
  );
}

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

/** The layout's pages (below its error boundary). */
export const signedInPages: RouteObject[] = [
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
];
