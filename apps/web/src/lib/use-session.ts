import { useSyncExternalStore } from 'react';
import { loadSession, subscribeSession, type SessionData } from './session.ts';

/** The signed-in session, re-rendering when it changes; undefined when signed out. */
export function useSession(): SessionData | undefined {
  return useSyncExternalStore(subscribeSession, loadSession);
}
