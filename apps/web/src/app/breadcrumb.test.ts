import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '@armature/domain';
import { crumbOf, menuCrumbOf } from './breadcrumb.ts';

const menus = buildMenuTree('en-US', () => true);

describe('crumbOf', () => {
  it('names system, menu and page of a menu page and of its sub-routes', () => {
    const crumb = menuCrumbOf(menus, '/basicConfig/user/roles/update/42');
    expect([crumb?.system.id, crumb?.menu?.id, crumb?.page?.id]).toEqual([
      'basicConfig',
      'basicConfig.user',
      'basicConfig.user.roles',
    ]);
    expect(menuCrumbOf(menus, '/basicConfig')?.system.id).toBe('basicConfig');
  });

  it('gives pages outside the menu their own crumb and opens no system for them', () => {
    expect(crumbOf(menus, '/auth/profile')).toEqual({ own: 'layout.userMenu.profile' });
    expect(crumbOf(menus, '/auth/change-password/')).toEqual({ own: 'layout.userMenu.changePassword' });
    expect(menuCrumbOf(menus, '/auth/profile')).toBeUndefined();
  });

  it('gives an unknown path no crumb (the domain’s rule would fall back to the first system)', () => {
    expect(crumbOf(menus, '/no/such/page')).toBeUndefined();
  });
});
