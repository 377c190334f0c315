import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { flattenPages, pageButtons, stripRouteSuffix, type ButtonKey } from '@armature/domain';
import { useSession } from '../lib/use-session.ts';

/**
 * The buttons granted on the current page, looked up by page url in the session's menus (`/add`,
 * `/update/:id`… resolve to their page). Screens hide what is not in the set; the server
 * checks the same permissions, so hiding is never the only protection.
 */
export function usePageButtons(): Set<ButtonKey> {
  const { pathname } = useLocation();
  const menus = useSession()?.menus;
  return useMemo(() => pageButtons(menus ?? [], pathname), [menus, pathname]);
}

/** The name of the current menu page in the interface language (`/add`, `/update/:id`… resolve to their page). */
export function usePageTitle(): string | undefined {
  const { pathname } = useLocation();
  const menus = useSession()?.menus;
  return useMemo(() => {
    const path = stripRouteSuffix(pathname);
    return flattenPages(menus ?? []).find((page) => page.url === path)?.text;
  }, [menus, pathname]);
}

/** Whether the user holds a permission of any page (a page id or a button id), wherever they are. */
export function useHolds(permission: string): boolean {
  const menus = useSession()?.menus;
  return useMemo(
    () =>
      flattenPages(menus ?? []).some(
        (page) => page.id === permission || page.buttons.some((button) => button.id === permission),
      ),
    [menus, permission],
  );
}
