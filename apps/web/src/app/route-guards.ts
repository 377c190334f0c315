import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { ButtonKey, SystemNode } from '@armature/domain';
import { flattenPages } from '@armature/domain/menu-tree';
import { chooseProduct, loadAccount, needsProductChoice } from '../lib/account.ts';
import { soleProduct } from '../lib/product-choice.ts';
import { clearSession, loadSession, type SessionData } from '../lib/session.ts';
import { CHOOSE_PRODUCT_PATH, LOGIN_PATH, isPublicPath, withTarget } from './navigation.ts';

async function establishSession(): Promise<SessionData | undefined> {
  if (!loadSession()) return undefined;
  if (!loadSession()?.user) {
    try {
      await loadAccount();
    } catch {
      clearSession();
    }
  }
  return loadSession();
}

let establishing: Promise<SessionData | undefined> | undefined;

// The loaders of one navigation run in parallel; they share one attempt to restore the session.
function sessionReady(): Promise<SessionData | undefined> {
  establishing ??= establishSession().finally(() => (establishing = undefined));
  return establishing;
}

function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Private routes need a stored token, else the login page with `to` (the page asked for). */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<SessionData> {
  const session = await sessionReady();
  if (!session) throw redirect(withTarget(LOGIN_PATH, requestedPath(request)));
  return session;
}

let choosingSole: Promise<void> | undefined;

/**
 * The layout's pages need a chosen client and product (when the user has any). A user with one product
 * gets it chosen for them; only a user with several is sent to the chooser.
 */
export async function requireProductChoice(args: LoaderFunctionArgs): Promise<null> {
  const session = await requireSession(args);
  if (!needsProductChoice(session)) return null;
  const toChooser = redirect(withTarget(CHOOSE_PRODUCT_PATH, requestedPath(args.request)));
  const sole = soleProduct(session.products ?? []);
  if (!sole) throw toChooser;
  choosingSole ??= chooseProduct({ clientId: sole.clientId, productId: sole.id }).finally(
    () => (choosingSole = undefined),
  );
  // Refused (the product was taken away meanwhile) or unreachable: the chooser asks, and says why when it fails.
  await choosingSole.catch(() => {
    throw toChooser;
  });
  return null;
}

/** A page the user has no grant for answers 403 (a "no permission" view), whatever its screens. */
export function requirePage(pageId: string) {
  return requireGrant(pageId);
}

/**
 * The button a sub-route of a page needs besides the page (else a typed `…/add` url would open the form
 * for someone without the button, to be refused only on Save): `add` → `.add`, `update/:id` → `.update`;
 * reading (`detail/:id`, `children/:id`) needs only the page.
 */
export function subRouteButton(subRoute: string): ButtonKey | undefined {
  const first = subRoute.split('/')[0];
  return first === 'add' || first === 'update' ? first : undefined;
}

/** Whether the user's menus grant the page and, for a sub-route that writes, its button. */
export function mayOpen(menus: readonly SystemNode[], pageId: string, subRoute?: string): boolean {
  const page = flattenPages(menus).find((candidate) => candidate.id === pageId);
  if (!page) return false;
  const button = subRoute === undefined ? undefined : subRouteButton(subRoute);
  return button === undefined || page.buttons.some((granted) => granted.key === button);
}

/** A page (or a sub-route of it, see `subRouteButton`) the user may not open answers 403, a "no permission" view. */
export function requireGrant(pageId: string, subRoute?: string) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const session = await requireSession(args);
    if (!mayOpen(session.menus ?? [], pageId, subRoute)) throw data(null, { status: 403 });
    return null;
  };
}

/** Public auth pages: someone already signed in goes on to `to` or home. */
export async function skipWhenSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  const session = loadSession();
  if (!session?.user) return null;
  const { nextPage } = await import('./home-page.ts');
  throw redirect(nextPage(new URL(request.url).searchParams.get('to'), session.menus));
}

/**
 * Before the router starts: a signed-out visit to a private url goes straight to login. React Router
 * fetches a route's lazy chunks alongside its loader, so without this the login page would wait for
 * the layout and the screen it is about to leave.
 */
export function startSignedOutAtLogin(): void {
  const { pathname, search } = window.location;
  if (loadSession() || isPublicPath(pathname)) return;
  window.history.replaceState(null, '', withTarget(LOGIN_PATH, pathname + search));
}
