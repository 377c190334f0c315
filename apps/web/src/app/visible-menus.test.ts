import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '@armature/domain';
import type { PageScreens } from './screens.ts';
import { firstScreenUrl, visibleMenus } from './visible-menus.ts';

const screen: PageScreens = { list: async () => ({ default: () => null }) };
const screens = {
  'basicConfig.user.roles': screen,
  'basicConfig.basic.client': screen,
  'productionPlan.plan.cutPlan': screen,
};
const everything = buildMenuTree('en-US', () => true);

describe('visibleMenus', () => {
  it('keeps only pages with screens, dropping empty menus and systems, in sort order', () => {
    const tree = visibleMenus(everything, screens);
    expect(tree.map((system) => system.id)).toEqual(['productionPlan', 'basicConfig']);
    expect(tree[1]?.menues.map((menu) => menu.pages.map((page) => page.id))).toEqual([
      ['basicConfig.basic.client'],
      ['basicConfig.user.roles'],
    ]);
  });

  it('respects the pages the user was granted', () => {
    const granted = buildMenuTree('en-US', (permission) => permission.startsWith('basicConfig.user'));
    expect(visibleMenus(granted, screens).flatMap((s) => s.menues.flatMap((m) => m.pages.map((p) => p.id)))).toEqual([
      'basicConfig.user.roles',
    ]);
  });
});

describe('firstScreenUrl', () => {
  it('gives the first page with a screen overall or below a system or menu url', () => {
    expect(firstScreenUrl(everything, '/', screens)).toBe('/productionPlan/plan/cutPlan');
    expect(firstScreenUrl(everything, '/basicConfig', screens)).toBe('/basicConfig/basic/client');
    expect(firstScreenUrl(everything, '/basicConfig/user', screens)).toBe('/basicConfig/user/roles');
  });

  it('gives nothing when no page below has a screen', () => {
    expect(firstScreenUrl(everything, '/superAdmin', screens)).toBeUndefined();
    expect(firstScreenUrl([], '/', screens)).toBeUndefined();
  });
});
