import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '@armature/domain';
import type { PageScreens } from './screens.ts';
import { firstScreenUrl, inWorkOrder, isMakerUser, visibleMenus } from './visible-menus.ts';

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

describe('landing in work order', () => {
  const PLANNER = [
    'productionPlan.plan.demandOrder',
    'intelligentProcess.taskCenter.task',
    'rawMaterialStock.receiveCenter.rebarReceive',
    'rebarFinished.finished.stock',
    'basicConfig.spec.rebar',
    'superAdmin.equipmentCenter.productSetting-normal',
  ];
  const KEEPER = [
    'rawMaterialStock.receiveCenter.rebarReceive',
    'rawMaterialStock.receiveCenter.rebarStock',
    'rebarFinished.finished.stock',
    'basicConfig.spec.rebar',
  ];
  const tree = (pages: string[]) => buildMenuTree('en-US', (permission) => pages.includes(permission));
  const built = {
    'superAdmin.equipmentCenter.productSetting-admin': screen,
    'superAdmin.equipmentCenter.productSetting-normal': screen,
    'rawMaterialStock.receiveCenter.rebarReceive': screen,
    'rawMaterialStock.receiveCenter.rebarStock': screen,
    'rebarFinished.finished.stock': screen,
    'basicConfig.spec.rebar': screen,
  };

  it('tells the maker’s staff from plant users by the maker pages they hold', () => {
    expect(isMakerUser(everything)).toBe(true);
    expect(isMakerUser(tree(PLANNER))).toBe(false);
    expect(isMakerUser(tree(KEEPER))).toBe(false);
  });

  it('sends a keeper to receipts and a planner to the first built plant page, never a maker page', () => {
    expect(firstScreenUrl(tree(KEEPER), '/', built)).toBe('/rawMaterialStock/receiveCenter/rebarReceive');
    expect(firstScreenUrl(tree(PLANNER), '/', built)).toBe('/rawMaterialStock/receiveCenter/rebarReceive');
    // With only the specs and the plant product settings: the specs, not the settings.
    expect(
      firstScreenUrl(tree(['basicConfig.spec.rebar', 'superAdmin.equipmentCenter.productSetting-normal']), '/', built),
    ).toBe('/basicConfig/spec/rebar');
  });

  it('goes to planning first once it is built', () => {
    expect(firstScreenUrl(tree(PLANNER), '/', { ...built, 'productionPlan.plan.demandOrder': screen })).toBe(
      '/productionPlan/plan/demandOrder',
    );
  });

  it('keeps the maker’s staff in sort order, the maker system first', () => {
    expect(firstScreenUrl(everything, '/', built)).toBe('/superAdmin/equipmentCenter/productSetting-admin');
    expect(inWorkOrder(visibleMenus(tree(PLANNER), built)).map((system) => system.id)).toEqual([
      'rawMaterialStock',
      'rebarFinished',
      'basicConfig',
      'superAdmin',
    ]);
  });

  it('lands a plant user holding only the plant settings there', () => {
    expect(firstScreenUrl(tree(['superAdmin.equipmentCenter.productSetting-normal']), '/', built)).toBe(
      '/superAdmin/equipmentCenter/productSetting-normal',
    );
  });
});
