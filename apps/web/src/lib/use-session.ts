import { useSyncExternalStore } from 'react';
import { loadSession, subscribeSession, type SessionData } from './session.ts';

/** The signed-in session (docs/spec.md §1.3 Session), re-rendering when it changes; undefined when signed out. */
export function useSession(): SessionData | undefined {
  return useSyncExternalStore(subscribeSession, loadSession);
}
