import { ACCOUNT_ENDPOINTS, WEB_CLIENT_ID, type TokenResponse } from '@armature/domain/account';
import { api } from './api-client.ts';
import { clearSession, loadSession, saveSession, type SessionData } from './session.ts';

/** Refresh this long before the access token expires (at most half its lifetime). */
const REFRESH_MARGIN_MS = 60_000;

function withExpiry(token: TokenResponse): SessionData['token'] {
  return { ...token, expiresAt: Date.now() + token.expires_in * 1000 };
}

/** When the access token should be replaced: shortly before it expires. */
export function refreshDueAt(token: SessionData['token']): number {
  return token.expiresAt - Math.min(REFRESH_MARGIN_MS, (token.expires_in * 1000) / 2);
}

/** Stores a new token pair in this tab's session. */
export function storeTokens(token: TokenResponse): void {
  saveSession({ ...loadSession(), token: withExpiry(token) });
}

function requestRefresh(refreshToken: string): Promise<TokenResponse> {
  return api.call(ACCOUNT_ENDPOINTS.refresh, {
    params: {},
    body: { clientId: WEB_CLIENT_ID, refreshToken },
    tokenless: true,
  });
}

/**
 * Refresh tokens are single-use: a duplicated tab starts with a copy of the session, so a Web Lock makes
 * tabs rotate one at a time, and a tab re-reads its session inside the lock.
 */
async function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? await navigator.locks.request('armature.token-refresh', task) : task();
}

async function rotate(): Promise<string | undefined> {
  return oneTabAtATime(async () => {
    const session = loadSession();
    if (!session) return undefined;
    if (Date.now() < refreshDueAt(session.token)) return session.token.access_token;
    try {
      const token = await requestRefresh(session.token.refresh_token);
      storeTokens(token);
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
