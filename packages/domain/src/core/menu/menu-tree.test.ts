import { describe, expect, it } from 'vitest';
import type { SystemDefinition } from './menu-definition.ts';
import { assembleMenu, menuPagePermissions, page, type MenuPages, type SystemFrame } from './menu-pages.ts';
import { menuTreeOf, permissionsOf, stripRouteSuffix } from './menu-tree.ts';

// The catalogue's own tree (its order, ids and grants) is tested with the assembly, in catalogue.test.ts.

const label = (text: string) => ({ 'zh-CN': text, 'en-US': text, 'fr-FR': text });

const FRAMES: readonly SystemFrame[] = [
  { key: 'late', label: label('Late'), icon: 'I', sort: 9, menus: [{ key: 'm', label: label('M'), icon: 'I' }] },
  {
    key: 'early',
    label: label('Early'),
    icon: 'I',
    sort: 1,
    menus: [
      { key: 'shared', label: label('Shared'), icon: 'I' },
      { key: 'empty', label: label('Empty'), icon: 'I' },
    ],
  },
];
const AREA_A: MenuPages = { 'early.shared': [page('a', label('A'), 'I', ['add'], ['add'])] };
const AREA_B: MenuPages = {
  'early.shared': [page('b', label('B'), 'I', [], [])],
  'late.m': [page('c', label('C'), 'I', ['export'], [])],
};

describe('menu assembly', () => {
  const definition: SystemDefinition[] = assembleMenu(FRAMES, [AREA_A, AREA_B]);

  it("puts each area's pages under their menu, in the order of the areas", () => {
    expect(definition.map((system) => system.menus.map((menu) => [menu.key, menu.pages.map((p) => p.key)]))).toEqual([
      [['m', ['c']]],
      [
        ['shared', ['a', 'b']],
        ['empty', []],
      ],
    ]);
  });

  it('refuses pages placed under a menu the frames lack', () => {
    expect(() => assembleMenu(FRAMES, [{ 'early.nowhere': [] }])).toThrow(/early\.nowhere/);
  });

  it("names the same permissions from an area's pages as from the assembled tree", () => {
    expect(menuPagePermissions(AREA_B)).toEqual(['early.shared.b', 'late.m.c', 'late.m.c.export']);
    expect(permissionsOf(definition)).toEqual([
      'early.shared.a',
      'early.shared.a.add',
      'early.shared.b',
      'late.m.c',
      'late.m.c.export',
    ]);
  });

  it('sorts systems, drops empty menus and keeps only granted pages and buttons', () => {
    const tree = menuTreeOf(definition, 'en-US', (name) => name !== 'early.shared.a.add' && name !== 'late.m.c');
    expect(tree.map((system) => [system.id, system.menues.map((menu) => menu.id)])).toEqual([
      ['early', ['early.shared']],
    ]);
    expect(tree[0]?.menues[0]?.pages.map((p) => [p.id, p.url, p.buttons])).toEqual([
      ['early.shared.a', '/early/shared/a', []],
      ['early.shared.b', '/early/shared/b', []],
    ]);
  });
});

describe('breadcrumbs', () => {
  it('strips /update, /add, /detail and /children with what follows', () => {
    expect(stripRouteSuffix('/basicConfig/basic/technique/update/42')).toBe('/basicConfig/basic/technique');
    expect(stripRouteSuffix('/basicConfig/basic/technique/add')).toBe('/basicConfig/basic/technique');
    expect(stripRouteSuffix('/superAdmin/BOMCenter/designBOM/children/7')).toBe('/superAdmin/BOMCenter/designBOM');
    expect(stripRouteSuffix('/rebarFinished/finished/stockLog/add')).toBe('/rebarFinished/finished/stockLog');
    expect(stripRouteSuffix('/')).toBe('/');
  });
});
