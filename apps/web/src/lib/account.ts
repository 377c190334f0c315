import type { CurrentUser, LoginInput, SelectionInput, UserProduct } from '@armature/domain';
import { ACCOUNT_ENDPOINTS } from '@armature/domain/account';
import { PERMISSION_ENDPOINTS, USER_ACCOUNT_ENDPOINTS } from '@armature/domain/users';
import { api } from './api-client.ts';
import { currentLocale } from './i18n.ts';
import { clearSession, loadSession, saveRemembered, updateSession, type SessionData } from './session.ts';
import { storeTokens } from './token-refresh.ts';

/** The session's current client and product (id and name), from the user. */
function selectionOf(user: CurrentUser): Pick<SessionData, 'client' | 'product'> {
  return {
    client: user.currentClient
      ? { activeId: user.currentClient.id, activeName: user.currentClient.companyName }
      : undefined,
    product: user.currentProduct
      ? { activeId: user.currentProduct.id, activeName: user.currentProduct.name }
      : undefined,
  };
}

const fetchCurrentUser = () => api.call(ACCOUNT_ENDPOINTS.currentUser, { params: {} });

async function fetchMenus(): Promise<Pick<SessionData, 'menus' | 'menusLocale'>> {
  const menusLocale = currentLocale();
  return { menus: await api.call(PERMISSION_ENDPOINTS.menus, { params: {} }), menusLocale };
}

export async function reloadCurrentUser(): Promise<void> {
  const user = await fetchCurrentUser();
  updateSession({ user, ...selectionOf(user) });
}

/** The menu tree is localized by the server: fetched again when the language changes. */
export async function reloadMenus(): Promise<void> {
  updateSession(await fetchMenus());
}

/** The products the user may choose (with their clients), kept in the session. */
export async function reloadProducts(): Promise<UserProduct[]> {
  const products = await api.call(USER_ACCOUNT_ENDPOINTS.products, { params: {} });
  updateSession({ products });
  return products;
}

/** Signed in once the user, menus and products are loaded. */
export async function loadAccount(): Promise<void> {
  const [user, menus] = await Promise.all([fetchCurrentUser(), fetchMenus(), reloadProducts()]);
  updateSession({ user, ...selectionOf(user), ...menus });
}

/** Remember-me keeps the user name only: never the password, nor a token (docs/architecture.md, Security). */
export async function signIn(credentials: LoginInput, remember: boolean): Promise<void> {
  const token = await api.call(ACCOUNT_ENDPOINTS.login, { params: {}, body: credentials, tokenless: true });
  clearSession();
  saveRemembered(remember ? { remember, userName: credentials.userName } : undefined);
  storeTokens(token);
  try {
    await loadAccount();
  } catch (error) {
    clearSession();
    throw error;
  }
}

/** Signing out: the server forgets the refresh token, the browser forgets the session. */
export async function signOut(): Promise<void> {
  const refreshToken = loadSession()?.token.refresh_token;
  await api.call(ACCOUNT_ENDPOINTS.logout, { params: {}, body: { refreshToken } }).catch(() => undefined);
  clearSession();
}

/**
 * The user must choose a client and product before entering when none is set or the set one is no
 * longer allowed. With no product at all there is nothing to choose (e.g. a fresh installation).
 */
export function needsProductChoice(session: SessionData | undefined): boolean {
  const products = session?.products ?? [];
  if (products.length === 0) return false;
  const current = session?.user?.currentProduct;
  return !current || !products.some((product) => product.id === current.id);
}

export async function chooseProduct(selection: SelectionInput): Promise<void> {
  await api.call(ACCOUNT_ENDPOINTS.selectProduct, { params: {}, body: selection });
  await reloadCurrentUser();
}
