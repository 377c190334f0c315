import { flattenPages, type SystemNode } from '@armature/domain';
import { DASHBOARD_PATH } from '../lib/user-paths.ts';
import { isPublicPath, safeTarget } from './navigation.ts';
import { AREA_HOMES } from './screens.ts';
import { firstScreenUrl, isMakerUser } from './visible-menus.ts';

// Which page a signed-in user goes to needs every area's screens and start pages: this module loads after
// sign-in (with the signed-in routes, or when a signed-in user opens a public page), never with the login page.

/**
 * Where a user starts. Plant staff land on their day (the home dashboard, whose tiles lead to
 * their pages), unless an area says their work starts on one of its pages (operators on their machine's
 * queue); the maker's staff go to the first page of the first system (the BOM centre), else `/`. Holding a
 * maker page is what makes a maker user (`isMakerUser`), the same rule that orders the menu.
 */
export function homeUrl(menus: readonly SystemNode[] | undefined): string {
  if (menus && !isMakerUser(menus)) {
    const held = new Set(flattenPages(menus).flatMap((page) => [page.id, ...page.buttons.map((button) => button.id)]));
    const holds = (permission: string) => held.has(permission);
    return AREA_HOMES.map((home) => home(holds)).find((url) => url !== undefined) ?? DASHBOARD_PATH;
  }
  return firstScreenUrl(menus ?? []) ?? '/';
}

/**
 * Where a signed-in user goes next: `to` when it is a same-origin page behind the sign-in
 * (a public auth page would send them round in circles), else their home (`homeUrl`).
 */
export function nextPage(to: string | null | undefined, menus: readonly SystemNode[] | undefined): string {
  const target = safeTarget(to);
  return target && !isPublicPath(target.split(/[?#]/)[0] ?? target) ? target : homeUrl(menus);
}
