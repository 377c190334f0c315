import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { accountScreens } from '../features/account/index.ts';
import { scanScreens } from '../features/scan/index.ts';
import { NAMESPACES } from '../lib/i18n.ts';
import { lazyView, withTexts } from '../lib/lazy-screens.ts';
import { requireProductChoice, requireSession, skipWhenSignedIn } from './route-guards.ts';
import { PageSpinner, RouteErrorView } from './route-error.view.tsx';
import {
  CHOOSE_PRODUCT_PATH,
  FORGET_PATH,
  LOGIN_PATH,
  REGISTER_PATH,
  RESET_PATH,
  SCAN_PATH,
  DROP_PATH,
  isPublicPath,
} from './navigation.ts';

/** The pages outside the layout load only their own texts (`common` is always in): the login page stays light. */
const AUTH_TEXTS = ['auth'];
const SCAN_TEXTS = ['scan'];

/** The layout's pages: none until the first navigation that needs them adds them (`signedInPagesOnDemand`). */
const SIGNED_IN_PAGES = 'signed-in-pages';

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
            () => import('./signed-in.tsx'),
            (module) => module.SignedInLayout,
          ),
        ),
        children: [
          {
            // Errors below show inside the layout, keeping the menu.
            id: SIGNED_IN_PAGES,
            errorElement: <RouteErrorView />,
            children: [],
          },
        ],
      },
    ],
  },
];

/**
 * Adds the layout's pages (`signed-in.tsx`: every area's screens, the menu catalogue's routes) on the first
 * navigation to a path the public routes do not have, so the login page loads none of them. The router asks
 * again for every path with parameters; once they are in, or for a public page, there is nothing to add.
 */
function signedInPagesOnDemand(): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ path, patch, signal }) => {
    if (added || isPublicPath(path)) return;
    const { signedInPages } = await import('./signed-in.tsx');
    if (added || signal.aborted) return;
    patch(SIGNED_IN_PAGES, signedInPages);
    added = true;
  };
}

/** Created once the language is loaded, because the first navigation starts at once. */
export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: signedInPagesOnDemand() });
}
