import { describe, expect, it } from 'vitest';
import { MENU_DEFINITION } from '@armature/domain';
import { MENU_ICONS } from './menu-icon.tsx';

describe('menu icons', () => {
  it('maps every icon the menu tree names', () => {
    const named = MENU_DEFINITION.flatMap((system) => [
      system.icon,
      ...system.menus.flatMap((menu) => [menu.icon, ...menu.pages.map((page) => page.icon)]),
    ]);
    expect(named.filter((name) => !(name in MENU_ICONS))).toEqual([]);
  });
});
