import { describe, expect, it } from 'vitest';
import {
  buildMenuTree,
  findBreadcrumb,
  firstPageUrl,
  isPermission,
  pageButtons,
  PERMISSIONS,
  stripRouteSuffix,
} from './menu-tree.ts';

const all = buildMenuTree('zh-CN', () => true);

describe('menu tree', () => {
  it('orders systems by the spec sort values 0, 1, 3, 3, 4, 999', () => {
    expect(all.map((system) => [system.id, system.sort])).toEqual([
      ['superAdmin', 0],
      ['productionPlan', 1],
      ['intelligentProcess', 3],
      ['rawMaterialStock', 3],
      ['rebarFinished', 4],
      ['basicConfig', 999],
    ]);
  });

  it('derives ids from keys and urls from ids', () => {
    const technique = all
      .flatMap((s) => s.menues)
      .flatMap((m) => m.pages)
      .find((p) => p.id === 'basicConfig.basic.technique');
    expect(technique?.url).toBe('/basicConfig/basic/technique');
    expect(technique?.text).toBe('工艺');
    expect(technique?.buttons.map((b) => b.id)).toContain('basicConfig.basic.technique.add');
  });

  it('keeps only granted pages and buttons, dropping empty menus and systems', () => {
    const granted = new Set(['basicConfig.user.roles', 'basicConfig.user.roles.add']);
    const tree = buildMenuTree('en-US', (name) => granted.has(name));
    expect(tree).toHaveLength(1);
    expect(tree[0]?.menues).toHaveLength(1);
    expect(tree[0]?.menues[0]?.pages.map((p) => [p.id, p.buttons.map((b) => b.key)])).toEqual([
      ['basicConfig.user.roles', ['add']],
    ]);
    expect(tree[0]?.text).toBe('Basic configuration');
  });

  it('lists pages and buttons as permissions, not systems or menus', () => {
    expect(isPermission('basicConfig.user.personnel')).toBe(true);
    expect(isPermission('basicConfig.user.personnel.resetPassword')).toBe(true);
    expect(isPermission('basicConfig.user')).toBe(false);
    expect(isPermission('basicConfig')).toBe(false);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('finds the first page of the first system', () => {
    expect(firstPageUrl(all)).toBe('/superAdmin/BOMCenter/spareOarts');
    expect(firstPageUrl([])).toBeUndefined();
  });
});

describe('breadcrumbs (spec §2)', () => {
  it('strips /update, /add, /detail and /children with what follows', () => {
    expect(stripRouteSuffix('/basicConfig/basic/technique/update/42')).toBe('/basicConfig/basic/technique');
    expect(stripRouteSuffix('/basicConfig/basic/technique/add')).toBe('/basicConfig/basic/technique');
    expect(stripRouteSuffix('/superAdmin/BOMCenter/designBOM/children/7')).toBe('/superAdmin/BOMCenter/designBOM');
    expect(stripRouteSuffix('/rebarFinished/finished/stockLog/add')).toBe('/rebarFinished/finished/stockLog');
    expect(stripRouteSuffix('/')).toBe('/');
  });

  it('matches a page, then a menu, else falls back to the first system', () => {
    const crumb = findBreadcrumb(all, '/basicConfig/user/roles/update/abc');
    expect([crumb?.system.id, crumb?.menu?.id, crumb?.page?.id]).toEqual([
      'basicConfig',
      'basicConfig.user',
      'basicConfig.user.roles',
    ]);
    expect(findBreadcrumb(all, '/basicConfig/user')?.page).toBeUndefined();
    expect(findBreadcrumb(all, '/nowhere')).toEqual({ system: all[0] });
  });

  it('looks up button permissions by page url', () => {
    const tree = buildMenuTree(
      'en-US',
      (name) => name === 'basicConfig.user.roles' || name === 'basicConfig.user.roles.delete',
    );
    expect([...pageButtons(tree, '/basicConfig/user/roles/update/1')]).toEqual(['delete']);
  });
});
