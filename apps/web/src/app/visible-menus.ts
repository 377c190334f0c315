import type { SystemNode } from '@armature/domain';
import { SCREENS, type PageScreens } from './screens.ts';

const bySort = <T extends { sort: number }>(nodes: readonly T[]): T[] => [...nodes].sort((a, b) => a.sort - b.sort);

/** The equipment maker's system: its pages are the maker's, but for the plant variants `…-normal`. */
const MAKER_SYSTEM = 'superAdmin';
const isPlantVariant = (pageId: string) => pageId.endsWith('-normal');

/** A maker user holds a maker page; everyone else works in a plant. */
export function isMakerUser(systems: readonly SystemNode[]): boolean {
  return systems.some(
    (system) =>
      system.id === MAKER_SYSTEM && system.menues.some((menu) => menu.pages.some((page) => !isPlantVariant(page.id))),
  );
}

/**
 * A plant user's systems in the order of their work. The maker's system (sort 0) comes first
 * for the maker's staff; a plant user only holds its plant variants there (product settings), so it
 * moves last and they land on plant work: receipts for a keeper, planning (or, while it is not built,
 * the first stock or spec page they hold) for a planner. The API keeps the spec's sort values.
 */
export function inWorkOrder<T extends SystemNode>(systems: readonly T[], maker = isMakerUser(systems)): T[] {
  if (maker) return [...systems];
  return [
    ...systems.filter((system) => system.id !== MAKER_SYSTEM),
    ...systems.filter((system) => system.id === MAKER_SYSTEM),
  ];
}

/**
 * The menu tree as the web shows it: in sort order (a plant user's systems in work order, see
 * `inWorkOrder`), keeping only pages whose screens exist (a page not built yet is hidden, never a
 * placeholder); menus and systems left empty disappear.
 */
export function visibleMenus(
  systems: readonly SystemNode[],
  screens: Readonly<Record<string, PageScreens>> = SCREENS,
): SystemNode[] {
  const visible = bySort(systems)
    .map((system) => ({
      ...system,
      menues: bySort(system.menues)
        .map((menu) => ({ ...menu, pages: bySort(menu.pages).filter((page) => page.id in screens) }))
        .filter((menu) => menu.pages.length > 0),
    }))
    .filter((system) => system.menues.length > 0);
  return inWorkOrder(visible, isMakerUser(systems));
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
