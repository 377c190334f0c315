import { WEB_CLIENT_ID, tokenResponseSchema, type TokenResponse } from '@armature/domain';
import { api } from './api-client.ts';
import { clearSession, loadRemembered, loadSession, saveRemembered, saveSession, type SessionData } from './session.ts';

/** Refresh this long before the access token expires (at most half its lifetime). */
const REFRESH_MARGIN_MS = 60_000;

function withExpiry(token: TokenResponse): SessionData['token'] {
  return { ...token, expiresAt: Date.now() + token.expires_in * 1000 };
}

/** When the access token should be replaced: shortly before it expires. */
export function refreshDueAt(token: SessionData['token']): number {
  return token.expiresAt - Math.min(REFRESH_MARGIN_MS, (token.expires_in * 1000) / 2);
}

/** Stores a new token pair; a remembered sign-in of the same user keeps the newest refresh token. */
export function storeTokens(token: TokenResponse, userName: string): void {
  saveSession({ ...loadSession(), token: withExpiry(token) });
  const remembered = loadRemembered();
  if (remembered?.remember && remembered.userName === userName)
    saveRemembered({ ...remembered, refreshToken: token.refresh_token });
}

function requestRefresh(refreshToken: string): Promise<TokenResponse> {
  return api.post(
    'account/refresh',
    { clientId: WEB_CLIENT_ID, refreshToken },
    { tokenless: true, schema: tokenResponseSchema },
  );
}

/**
 * Refresh tokens are single-use: tabs of one remembered sign-in share the newest one in localStorage,
 * and a Web Lock makes them rotate it one at a time (a spent token would revoke the whole family).
 */
async function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? await navigator.locks.request('armature.token-refresh', task) : task();
}

function newestRefreshToken(session: SessionData): string {
  const remembered = loadRemembered();
  const shared =
    remembered?.remember && remembered.userName === session.user?.userName ? remembered.refreshToken : undefined;
  return shared ?? session.token.refresh_token;
}

async function rotate(): Promise<string | undefined> {
  return oneTabAtATime(async () => {
    const session = loadSession();
    if (!session) return undefined;
    if (Date.now() < refreshDueAt(session.token)) return session.token.access_token;
    try {
      const token = await requestRefresh(newestRefreshToken(session));
      storeTokens(token, session.user?.userName ?? '');
      return token.access_token;
    } catch {
      clearSession();
      return undefined;
    }
  });
}

let rotating: Promise<string | undefined> | undefined;

/**
 * The access token for the next request, refreshed first when it expires soon. When the refresh
 * fails the session is cleared; the request then goes without a token and its 401 leads to login.
 */
export async function ensureAccessToken(): Promise<string | undefined> {
  const session = loadSession();
  if (!session) return undefined;
  if (Date.now() < refreshDueAt(session.token)) return session.token.access_token;
  rotating ??= rotate().finally(() => (rotating = undefined));
  return rotating;
}

/** On start with no session but a remembered sign-in: signs in silently with its refresh token. */
export async function restoreRememberedTokens(): Promise<boolean> {
  const remembered = loadRemembered();
  if (!remembered?.remember || !remembered.refreshToken) return false;
  const refreshToken = remembered.refreshToken;
  return oneTabAtATime(async () => {
    try {
      // Another tab may have rotated it while this one waited for the lock.
      const token = await requestRefresh(loadRemembered()?.refreshToken ?? refreshToken);
      storeTokens(token, remembered.userName);
      return true;
    } catch {
      clearSession();
      return false;
    }
  });
}
