import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { pageButtons, type ButtonKey } from '@armature/domain';
import { useSession } from '../lib/use-session.ts';

/**
 * The buttons granted on the current page (docs/spec.md §2.3 Permissions: looked up by page url in the session's menus;
 * `/add`, `/update/:id`… resolve to their page). Screens hide what is not in the set; the server
 * checks the same permissions, so hiding is never the only protection.
 */
export function usePageButtons(): Set<ButtonKey> {
  const { pathname } = useLocation();
  const menus = useSession()?.menus;
  return useMemo(() => pageButtons(menus ?? [], pathname), [menus, pathname]);
}
