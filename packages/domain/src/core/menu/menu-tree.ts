import type { Locale } from '../i18n/locales.ts';
import { BUTTON_LABELS, type ButtonKey, type SubRoute, type SystemDefinition } from './menu-definition.ts';

/** Menu nodes as the API sends them: id, text, url, icon; children under `menues` or `pages`. */
export type ButtonNode = { id: string; text: string; key: ButtonKey };
export type PageNode = {
  id: string;
  text: string;
  url: string;
  icon: string;
  sort: number;
  subRoutes: SubRoute[];
  buttons: ButtonNode[];
};
export type MenuNode = { id: string; text: string; url: string; icon: string; sort: number; pages: PageNode[] };
export type SystemNode = { id: string; text: string; url: string; icon: string; sort: number; menues: MenuNode[] };

const join = (...keys: string[]) => keys.join('.');
const urlOf = (...keys: string[]) => `/${keys.join('/')}`;

/** The url of a menu page by its id: `rebarFinished.tail.stockLog` → `/rebarFinished/tail/stockLog`. */
export const pageUrlOf = (pageId: string): string => urlOf(...pageId.split('.'));

/**
 * The menu tree of `definition` in the caller's language, keeping only the pages (and buttons)
 * `isGranted` accepts; a menu without pages and a system without menus disappear. Systems come in
 * their spec sort order (a stable sort keeps the declaration order between equal sorts).
 */
export function menuTreeOf(
  definition: readonly SystemDefinition[],
  locale: Locale,
  isGranted: (permission: string) => boolean,
): SystemNode[] {
  return definition
    .map((system) => ({
      id: system.key,
      text: system.label[locale],
      url: urlOf(system.key),
      icon: system.icon,
      sort: system.sort,
      menues: system.menus
        .map((menu, menuIndex) => ({
          id: join(system.key, menu.key),
          text: menu.label[locale],
          url: urlOf(system.key, menu.key),
          icon: menu.icon,
          sort: menuIndex,
          pages: menu.pages
            .map((page, pageIndex) => {
              const id = join(system.key, menu.key, page.key);
              return {
                id,
                text: page.label[locale],
                url: urlOf(system.key, menu.key, page.key),
                icon: page.icon,
                sort: pageIndex,
                subRoutes: [...page.subRoutes],
                buttons: page.buttons
                  .map((key) => ({ id: join(id, key), text: BUTTON_LABELS[key][locale], key }))
                  .filter((button) => isGranted(button.id)),
              };
            })
            .filter((page) => isGranted(page.id)),
        }))
        .filter((menu) => menu.pages.length > 0),
    }))
    .filter((system) => system.menues.length > 0)
    .sort((a, b) => a.sort - b.sort);
}

/** Every grantable permission of `definition`: each page id and each of its button ids, in tree order. */
export function permissionsOf(definition: readonly SystemDefinition[]): string[] {
  return menuTreeOf(definition, 'en-US', () => true).flatMap((system) =>
    system.menues.flatMap((menu) =>
      menu.pages.flatMap((page) => [page.id, ...page.buttons.map((button) => button.id)]),
    ),
  );
}

/** Every page as a flat list, for routers and look-ups. */
export function flattenPages(systems: readonly SystemNode[]): PageNode[] {
  return systems.flatMap((system) => system.menues.flatMap((menu) => menu.pages));
}

/** The first page of the first menu of the first system. */
export function firstPageUrl(systems: readonly SystemNode[]): string | undefined {
  return systems[0]?.menues[0]?.pages[0]?.url;
}

const SUFFIX = /\/(update|add|detail|children)(\/.*)?$/;

/** The path with `/update`, `/add`, `/detail` or `/children` (and what follows) removed. */
export function stripRouteSuffix(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.replace(SUFFIX, '') || '/';
}

export type Breadcrumb = { system: SystemNode; menu?: MenuNode; page?: PageNode };

/**
 * The breadcrumb: the stripped path is matched against the menu urls (page, else menu, else
 * system); with no match the first system is the crumb. Undefined only when there are no systems.
 */
export function findBreadcrumb(systems: readonly SystemNode[], pathname: string): Breadcrumb | undefined {
  const path = stripRouteSuffix(pathname);
  for (const system of systems) {
    for (const menu of system.menues) {
      const page = menu.pages.find((candidate) => candidate.url === path);
      if (page) return { system, menu, page };
      if (menu.url === path) return { system, menu };
    }
    if (system.url === path) return { system };
  }
  const first = systems[0];
  return first ? { system: first } : undefined;
}

/** The button permissions granted on a page, by button key, looked up by page url. */
export function pageButtons(systems: readonly SystemNode[], pageUrl: string): Set<ButtonKey> {
  const page = flattenPages(systems).find((candidate) => candidate.url === stripRouteSuffix(pageUrl));
  return new Set(page?.buttons.map((button) => button.key) ?? []);
}
