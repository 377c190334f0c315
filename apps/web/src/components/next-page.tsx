import { createContext, use } from 'react';
import type { SystemNode } from '@armature/domain';

/**
 * Where a signed-in user goes next: `to` when it is a page behind the sign-in, else their first page.
 * Only the app knows which pages have screens, so it provides the rule and the account screens use it;
 * the rule loads with the signed-in part of the app (not with the login page), hence the promise.
 */
export type NextPage = (to: string | null | undefined, menus: readonly SystemNode[] | undefined) => Promise<string>;

export const NextPageContext = createContext<NextPage | undefined>(undefined);

export function useNextPage(): NextPage {
  const nextPage = use(NextPageContext);
  if (!nextPage) throw new Error('useNextPage needs the app providers');
  return nextPage;
}
