import type { SystemNode } from '@armature/domain';
import { SCREENS, type PageScreens } from './screens.ts';

const bySort = <T extends { sort: number }>(nodes: readonly T[]): T[] => [...nodes].sort((a, b) => a.sort - b.sort);

/**
 * The menu tree as the web shows it: in sort order, keeping only pages whose screens exist (a page
 * not built yet is hidden, never a placeholder); menus and systems left empty disappear.
 */
export function visibleMenus(
  systems: readonly SystemNode[],
  screens: Readonly<Record<string, PageScreens>> = SCREENS,
): SystemNode[] {
  return bySort(systems)
    .map((system) => ({
      ...system,
      menues: bySort(system.menues)
        .map((menu) => ({ ...menu, pages: bySort(menu.pages).filter((page) => page.id in screens) }))
        .filter((menu) => menu.pages.length > 0),
    }))
    .filter((system) => system.menues.length > 0);
}

/** The first page with a screen, optionally below a system or menu url (`/basicConfig`). */
export function firstScreenUrl(
  systems: readonly SystemNode[],
  under = '/',
  screens: Readonly<Record<string, PageScreens>> = SCREENS,
): string | undefined {
  const prefix = under.endsWith('/') ? under : `${under}/`;
  return visibleMenus(systems, screens)
    .flatMap((system) => system.menues.flatMap((menu) => menu.pages))
    .find((page) => page.url.startsWith(prefix))?.url;
}
