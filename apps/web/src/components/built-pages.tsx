import { createContext, use } from 'react';

/**
 * The menu pages the web app has a screen for (the app's screen registry knows them). Features that
 * list pages of the server's full tree — the roles screen's permission tree — mark the others.
 */
export const BuiltPagesContext = createContext<ReadonlySet<string> | undefined>(undefined);

/** Whether a page id has a screen; without a provider (tests of a lone component) every page counts as built. */
export function useIsPageBuilt(): (pageId: string) => boolean {
  const built = use(BuiltPagesContext);
  return (pageId) => built?.has(pageId) ?? true;
}
