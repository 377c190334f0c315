import { describe, expect, it } from 'vitest';
import pinned from './catalogue.fixture.json' with { type: 'json' };
import {
  buildMenuTree,
  ERRORS,
  findBreadcrumb,
  firstPageUrl,
  isPermission,
  LOCALES,
  MENU_DEFINITION,
  menuTreeSchema,
  pageButtons,
  PERMISSIONS,
  rebarResource,
  referrersOf,
  resourceByName,
  resourceEndpoints,
  resourceOfPage,
  RESOURCES,
  techniqueResource,
  type ReferenceField,
} from './index.ts';

// The fixture is the catalogue as it stood before the areas were sliced out of it: systems, menus,
// pages, labels, icons, buttons and sub-routes in their order, every error code, every permission.
// Reassembling the catalogue from the areas must not change a thing the API or the screens see.
describe('the assembled catalogue', () => {
  it('builds the menu definition the areas were cut from, in the same order', () => {
    expect(MENU_DEFINITION).toEqual(pinned.menu);
  });

  it('keeps every error code with its status and messages', () => {
    expect(ERRORS).toEqual(pinned.errors);
  });

  it('lists the same permissions in the same order', () => {
    expect(PERMISSIONS).toEqual(pinned.permissions);
  });
});

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

describe('breadcrumbs', () => {
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

describe('menu tree schema', () => {
  it.each(LOCALES)('accepts the whole tree in %s without dropping anything', (locale) => {
    const tree = buildMenuTree(locale, () => true);
    expect(menuTreeSchema.parse(tree)).toEqual(tree);
  });
});

describe('the resource registry', () => {
  it('guards every resource by a menu page whose add, update and delete buttons exist', () => {
    for (const resource of RESOURCES) {
      expect(PERMISSIONS, resource.name).toContain(resource.page);
      for (const operation of resource.operations) {
        const button = { create: 'add', update: 'update', delete: 'delete' }[operation];
        expect(PERMISSIONS, `${resource.name}.${button}`).toContain(`${resource.page}.${button}`);
      }
      if (resource.plantVariant) expect(PERMISSIONS).toContain(resource.plantVariant.page);
    }
  });

  it('lists referenced resources before the ones referring to them, so tables can be created in order', () => {
    const order = RESOURCES.map((resource) => resource.name as string);
    for (const resource of RESOURCES)
      for (const field of Object.values(resource.fields) as { kind: string; to?: string }[])
        if (field.kind === 'reference')
          expect(order.indexOf(field.to ?? ''), `${resource.name} → ${field.to}`).toBeLessThan(
            order.indexOf(resource.name),
          );
  });

  it('keeps names, paths and tables unique, and label fields among the item fields', () => {
    for (const key of ['name', 'path', 'table', 'page'] as const)
      expect(new Set(RESOURCES.map((resource) => resource[key])).size).toBe(RESOURCES.length);
    for (const resource of RESOURCES) expect(Object.keys(resource.schemas.item.shape)).toContain(resource.labelField);
  });

  it('finds what refers to a resource, and resources by name and page', () => {
    expect(referrersOf('technique').map((referrer) => `${referrer.resource.name}.${referrer.field}`)).toEqual([
      'inspectionType.techniqueId',
    ]);
    const ofProduct = referrersOf('product');
    expect(ofProduct.map((referrer) => referrer.resource.name)).toEqual(['productSetting']);
    expect((ofProduct[0]?.definition as ReferenceField).ownedBy).toBe(true);
    expect(resourceByName('rebar')).toBe(rebarResource);
    expect(resourceOfPage('basicConfig.basic.technique')).toBe(techniqueResource);
    expect(() => resourceByName('nope')).toThrow(/nope/);
  });
});

describe('endpoints', () => {
  it('serve every registered resource, and the plant variant of product settings', () => {
    expect(resourceEndpoints()).toHaveLength(RESOURCES.length + 1);
  });
});

describe('error messages', () => {
  it('exist in every language for every error code of every area', () => {
    for (const { message } of Object.values(ERRORS))
      for (const locale of LOCALES) expect(message[locale].length).toBeGreaterThan(0);
  });
});
