import type { Localized } from '../i18n/locales.ts';
import type {
  ButtonKey,
  MakerPart,
  MenuDefinition,
  PageDefinition,
  SubRoute,
  SystemDefinition,
} from './menu-definition.ts';

/** The buttons of a list page whose records are added, edited, deleted and exported. */
export const CRUD: readonly ButtonKey[] = ['add', 'update', 'delete', 'export'];
/** The sub-routes of a list page with add and edit forms. */
export const EDITABLE: readonly SubRoute[] = ['add', 'update/:id'];

export const page = (
  key: string,
  label: Localized,
  icon: string,
  buttons: readonly ButtonKey[],
  subRoutes: readonly SubRoute[],
  maker?: MakerPart,
): PageDefinition => ({ key, label, icon, buttons, subRoutes, ...(maker ? { maker } : {}) });

/** The write buttons of a global (maker-side) list a plant may read: the maker's (see PageDefinition.maker). */
export const MAKER_WRITES: readonly ButtonKey[] = ['add', 'update', 'delete'];

/**
 * The pages an area owns, by the id of the menu they sit in (`basicConfig.basic`). A page's id, and so
 * its permission name, is the menu id and the page key: the area owns it even though the menu spans areas.
 */
export type MenuPages = Readonly<Record<string, readonly PageDefinition[]>>;

/** Every page and button permission among `pages`, in their order. */
export function menuPagePermissions(pages: MenuPages): string[] {
  return Object.entries(pages).flatMap(([menuId, menuPages]) =>
    menuPages.flatMap((definition) => {
      const id = `${menuId}.${definition.key}`;
      return [id, ...definition.buttons.map((button) => `${id}.${button}`)];
    }),
  );
}

/** The maker's permissions among `systems` (each page's `maker` part). */
export function makerPermissionsOf(systems: readonly SystemDefinition[]): string[] {
  return systems.flatMap((system) =>
    system.menus.flatMap((menu) =>
      menu.pages.flatMap((definition) => {
        const id = `${system.key}.${menu.key}.${definition.key}`;
        if (definition.maker === true) return [id, ...definition.buttons.map((button) => `${id}.${button}`)];
        return (definition.maker ?? [])
          .filter((button) => definition.buttons.includes(button))
          .map((button) => `${id}.${button}`);
      }),
    ),
  );
}

/** A system and its menus without their pages: the part of the tree no single area owns. */
export type SystemFrame = Omit<SystemDefinition, 'menus'> & {
  readonly menus: readonly Omit<MenuDefinition, 'pages'>[];
};

/**
 * Puts each area's pages into the menus of `frames`. Within a menu several areas share, pages follow
 * the order of `areas`. A page placed under a menu the frames lack would silently vanish from the
 * tree (and its permission from the catalogue), so it fails the load instead.
 */
export function assembleMenu(frames: readonly SystemFrame[], areas: readonly MenuPages[]): SystemDefinition[] {
  const menuIds = new Set(frames.flatMap((system) => system.menus.map((menu) => `${system.key}.${menu.key}`)));
  for (const menuId of areas.flatMap((pages) => Object.keys(pages)))
    if (!menuIds.has(menuId)) throw new Error(`Pages placed under "${menuId}", which is not a menu of the catalogue`);
  return frames.map((system) => ({
    ...system,
    menus: system.menus.map((menu) => ({
      ...menu,
      pages: areas.flatMap((pages) => pages[`${system.key}.${menu.key}`] ?? []),
    })),
  }));
}
