import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_CLIENT_ID, type TokenResponse } from '@armature/domain';
import { loadRemembered, loadSession, saveRemembered, saveSession } from './session.ts';
import { ensureAccessToken } from './token-refresh.ts';
import { stubBrowserStorage } from '../../test/browser-storage.ts';

const pair = (n: number): TokenResponse => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'Bearer',
  expires_in: 900,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function signedIn(expiresInMs: number) {
  saveSession({ token: { ...pair(1), expiresAt: Date.now() + expiresInMs }, user: { userName: 'planner' } as never });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  stubBrowserStorage();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

describe('ensureAccessToken', () => {
  it('gives the stored token while it is not about to expire', async () => {
    signedIn(10 * 60_000);
    expect(await ensureAccessToken()).toBe('access-1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives nothing when signed out', async () => {
    expect(await ensureAccessToken()).toBeUndefined();
  });

  it('refreshes once for simultaneous requests shortly before expiry, keeping the new pair in the session only', async () => {
    signedIn(30_000);
    saveRemembered({ remember: true, userName: 'planner' });
    fetchMock.mockResolvedValue(json(200, pair(2)));
    expect(await Promise.all([ensureAccessToken(), ensureAccessToken()])).toEqual(['access-2', 'access-2']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/account/refresh');
    expect(JSON.parse(String(init.body))).toEqual({ clientId: WEB_CLIENT_ID, refreshToken: 'refresh-1' });
    expect(loadSession()?.token.refresh_token).toBe('refresh-2');
    // Remember-me never holds a token: the browser keeps the user name only.
    expect(localStorage.getItem('armature.remember')).toBe(JSON.stringify({ remember: true, userName: 'planner' }));
  });

  it('clears the session when the refresh is refused, keeping only the remembered user name', async () => {
    signedIn(0);
    saveRemembered({ remember: true, userName: 'planner' });
    fetchMock.mockResolvedValue(json(401, { error: { code: 'refresh_token_reused', message: 'revoked' } }));
    expect(await ensureAccessToken()).toBeUndefined();
    expect(loadSession()).toBeUndefined();
    expect(loadRemembered()).toEqual({ remember: true, userName: 'planner' });
  });
});

describe('remember-me', () => {
  it('drops a refresh token an older version kept beside the user name', () => {
    localStorage.setItem(
      'armature.remember',
      JSON.stringify({ remember: true, userName: 'planner', refreshToken: 'r' }),
    );
    expect(loadRemembered()).toEqual({ remember: true, userName: 'planner' });
    expect(localStorage.getItem('armature.remember')).not.toContain('refreshToken');
  });
});
