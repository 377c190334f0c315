import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ensureAccessToken, refreshDueAt } from '../../lib/token-refresh.ts';
import { useSession } from '../../lib/use-session.ts';
import { LOGIN_PATH, withTarget } from '../navigation.ts';

/**
 * Replaces the access token shortly before it expires even while no request is made, and returns to
 * login (keeping the page) when the refresh token is no longer accepted.
 */
export function useTokenRefresh(): void {
  const navigate = useNavigate();
  const token = useSession()?.token;
  useEffect(() => {
    if (!token) return;
    const timer = window.setTimeout(
      () => {
        void ensureAccessToken().then((accessToken) => {
          const { pathname, search } = window.location;
          if (!accessToken) void navigate(withTarget(LOGIN_PATH, pathname + search), { replace: true });
        });
      },
      Math.max(0, refreshDueAt(token) - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [token, navigate]);
}
