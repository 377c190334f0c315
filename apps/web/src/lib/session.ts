import type { CurrentUser, Locale, SystemNode, TokenResponse, UserProduct } from '@armature/domain';

/**
 * Session data lives in sessionStorage: token, user, menus, current client and product.
 * Remember-me lives in localStorage and keeps the user name only: no password and no token,
 * so a browser shared by a shift holds nothing that signs anyone in (docs/architecture.md, Security).
 */
export type Selection = { activeId: string; activeName: string };
export type SessionData = {
  token: TokenResponse & { expiresAt: number };
  user?: CurrentUser;
  menus?: SystemNode[];
  /** The language the menus' texts are in (the server localizes them). */
  menusLocale?: Locale;
  products?: UserProduct[];
  client?: Selection;
  product?: Selection;
};
export type Remembered = { remember: boolean; userName: string };

const SESSION_KEY = 'armature.session';
const REMEMBER_KEY = 'armature.remember';

// The parsed value is kept while the stored text is unchanged, so React can read the session as an
// external store (useSyncExternalStore needs the same object back until something changes).
const parsed = new Map<string, { raw: string | null; value: unknown }>();

function read<T>(storage: Storage, key: string): T | undefined {
  const raw = storage.getItem(key);
  const cached = parsed.get(key);
  if (cached && cached.raw === raw) return cached.value as T | undefined;
  let value: T | undefined;
  try {
    value = raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    value = undefined;
  }
  parsed.set(key, { raw, value });
  return value;
}

const listeners = new Set<() => void>();

/** Called after every change of the session; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The signed-in session; none where there is no browser storage (the formatters' unit tests run in Node). */
export function loadSession(): SessionData | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  return read<SessionData>(sessionStorage, SESSION_KEY);
}

export function saveSession(session: SessionData): void {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  notify();
}

/** Merges a change into the stored session; does nothing when signed out. */
export function updateSession(change: Partial<SessionData>): void {
  const session = loadSession();
  if (session) saveSession({ ...session, ...change });
}

/** Clearing the session wipes session storage (a remembered user name stays). */
export function clearSession(): void {
  sessionStorage.clear();
  notify();
}

export function loadRemembered(): Remembered | undefined {
  const stored = read<Remembered & { refreshToken?: string }>(localStorage, REMEMBER_KEY);
  // Older versions kept a refresh token here too: it goes the first time it is read.
  if (stored?.refreshToken) saveRemembered(stored);
  return stored && { remember: stored.remember, userName: stored.userName };
}

export function saveRemembered(value: Remembered | undefined): void {
  // Only these two keys: an older version also kept a refresh token here.
  if (value?.remember) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ remember: true, userName: value.userName }));
  else localStorage.removeItem(REMEMBER_KEY);
}

export function accessToken(): string | undefined {
  return loadSession()?.token.access_token;
}
