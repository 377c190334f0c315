import { findBreadcrumb, stripRouteSuffix, type Breadcrumb, type SystemNode } from '@armature/domain';
import type { ParseKeys } from 'i18next';
import { DASHBOARD_PATH, MESSAGES_PATH, MY_TASKS_PATH, NOTIFICATIONS_PATH } from '../lib/user-paths.ts';
import { CHANGE_PASSWORD_PATH, PROFILE_PATH } from './navigation.ts';

/** The namespaces of the own crumbs' titles: the breadcrumb translates with them. */
export const CRUMB_NAMESPACES = ['common', 'workbench', 'inbox'] as const;
type CrumbKey = ParseKeys<typeof CRUMB_NAMESPACES>;

/** Pages outside the menu name themselves: the key of their title in `common` (or `ns:key`). */
const OWN_CRUMBS: Readonly<Record<string, CrumbKey>> = {
  [PROFILE_PATH]: 'layout.userMenu.profile',
  [CHANGE_PASSWORD_PATH]: 'layout.userMenu.changePassword',
  [DASHBOARD_PATH]: 'workbench:menu.dashboard',
  [MY_TASKS_PATH]: 'workbench:menu.tasks',
  [NOTIFICATIONS_PATH]: 'inbox:entries.notifications',
  [MESSAGES_PATH]: 'inbox:entries.messages',
};

export type Crumb = { menu: Breadcrumb } | { own: CrumbKey } | undefined;

/**
 * The shell's breadcrumb: the menu's system › menu › page when the path (without its
 * `/add`, `/update/:id`… suffix) is a page, menu or system url; a page outside the menu (profile, change
 * password) gets its own crumb; anything else none — never the first system, which would also open
 * that system's menu.
 */
export function crumbOf(menus: readonly SystemNode[], pathname: string): Crumb {
  const path = stripRouteSuffix(pathname);
  const own = OWN_CRUMBS[path];
  if (own) return { own };
  const crumb = findBreadcrumb(menus, pathname);
  if (crumb && (crumb.page ?? crumb.menu ?? crumb.system.url === path)) return { menu: crumb };
  return undefined;
}

/** The menu's part of `crumbOf`: the system, menu and page of the path, if it is in the menu. */
export function menuCrumbOf(menus: readonly SystemNode[], pathname: string): Breadcrumb | undefined {
  const crumb = crumbOf(menus, pathname);
  return crumb && 'menu' in crumb ? crumb.menu : undefined;
}
