import { flattenPages, type SystemNode } from '@armature/domain';
import { DASHBOARD_PATH } from '../lib/user-paths.ts';
import { AREA_HOMES } from './screens.ts';
import { firstScreenUrl, isMakerUser } from './visible-menus.ts';

export const LOGIN_PATH = '/auth/login';
export const REGISTER_PATH = '/auth/register';
export const FORGET_PATH = '/auth/forget';
export const RESET_PATH = '/auth/reset';
export const CHOOSE_PRODUCT_PATH = '/auth/choose';
export const CHANGE_PASSWORD_PATH = '/auth/change-password';
export const PROFILE_PATH = '/auth/profile';
/** A bundle tag's public page (what its QR code opens). */
export const SCAN_PATH = '/scan/:id';
/** A drop's public page (the site contact's link). */
export const DROP_PATH = '/drop/:token';

/** Only same-origin relative paths may be redirect targets (no `//host` or `/\host`). */
export function safeTarget(to: string | null | undefined): string | undefined {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : undefined;
}

/** `path` with `?to=<target>`, the page to continue to afterwards. */
export function withTarget(path: string, target: string | undefined): string {
  return target && target !== '/' ? `${path}?to=${encodeURIComponent(target)}` : path;
}

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

/** The pages open without a session (and `/scan/:id`, a bundle tag's public page; `/drop/:token`, a drop's). */
const PUBLIC_PATHS = [LOGIN_PATH, REGISTER_PATH, FORGET_PATH, RESET_PATH];
const PUBLIC_PREFIXES = ['/scan/', '/drop/'];

export function isPublicPath(pathname: string): boolean {
  return (
    PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '')) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

/**
 * Where a signed-in user goes next: `to` when it is a same-origin page behind the sign-in
 * (a public auth page would send them round in circles), else their home (`homeUrl`).
 */
export function nextPage(to: string | null | undefined, menus: readonly SystemNode[] | undefined): string {
  const target = safeTarget(to);
  return target && !isPublicPath(target.split(/[?#]/)[0] ?? target) ? target : homeUrl(menus);
}
