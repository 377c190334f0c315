import { describe, expect, it, vi } from 'vitest';
import { buildMenuTree } from '@armature/domain';
import { homeUrl, nextPage } from './home-page.ts';
import { isPublicPath, safeTarget, withTarget } from './navigation.ts';

vi.mock('./screens.ts', () => {
  const screen = { list: async () => ({ default: () => null }) };
  return {
    SCREENS: { 'superAdmin.BOMCenter.spareOarts': screen, 'productionPlan.plan.demandOrder': screen },
    // An area whose users start on its page when they hold it with its run button (as processing's operators).
    AREA_HOMES: [
      (holds: (permission: string) => boolean) =>
        holds('intelligentProcess.taskCenter.operator') && holds('intelligentProcess.taskCenter.task.start')
          ? '/intelligentProcess/taskCenter/operator'
          : undefined,
    ],
  };
});

const makerMenus = buildMenuTree('en-US', () => true);
const plannerMenus = buildMenuTree('en-US', (permission) => permission.startsWith('productionPlan'));

describe('safeTarget', () => {
  it('accepts same-origin relative paths only', () => {
    expect(safeTarget('/basicConfig/user/roles?page=2')).toBe('/basicConfig/user/roles?page=2');
    expect(safeTarget('//evil.example/x')).toBeUndefined();
    expect(safeTarget('/\\evil.example')).toBeUndefined();
    expect(safeTarget('https://evil.example')).toBeUndefined();
    expect(safeTarget('javascript:alert(1)')).toBeUndefined();
    expect(safeTarget(null)).toBeUndefined();
  });
});

describe('withTarget', () => {
  it('adds the encoded target, except for the home page', () => {
    expect(withTarget('/auth/login', '/a/b?c=1')).toBe('/auth/login?to=%2Fa%2Fb%3Fc%3D1');
    expect(withTarget('/auth/login', '/')).toBe('/auth/login');
    expect(withTarget('/auth/login', undefined)).toBe('/auth/login');
  });
});

describe('isPublicPath', () => {
  it('knows the pages open without a session', () => {
    expect(
      ['/auth/login', '/auth/register/', '/auth/forget', '/auth/reset', '/scan/abc', '/drop/xyz'].map(isPublicPath),
    ).toEqual([true, true, true, true, true, true]);
    expect(['/', '/auth/profile', '/auth/choose', '/basicConfig'].map(isPublicPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('nextPage', () => {
  it('goes to `to` when it is a private same-origin page', () => {
    expect(nextPage('/auth/profile?tab=1', [])).toBe('/auth/profile?tab=1');
  });

  it('never goes back to a public auth page or off-site; home instead', () => {
    expect(nextPage('/auth/login?to=%2F', makerMenus)).toBe('/superAdmin/BOMCenter/spareOarts');
    expect(nextPage('/auth/register', plannerMenus)).toBe('/user/dashboard');
    expect(nextPage('//evil.example', undefined)).toBe('/');
    expect(nextPage(null, plannerMenus)).toBe('/user/dashboard');
  });

  it('lets `to` win over the home page', () => {
    expect(nextPage('/productionPlan/plan/demandOrder', plannerMenus)).toBe('/productionPlan/plan/demandOrder');
  });
});

describe('homeUrl', () => {
  it("sends plant users to their dashboard and the maker's staff to the first page of the first system", () => {
    expect(homeUrl(plannerMenus)).toBe('/user/dashboard');
    expect(homeUrl(makerMenus)).toBe('/superAdmin/BOMCenter/spareOarts');
  });

  it('sends a plant user to the page an area names for what they hold: an operator to their machine’s queue', () => {
    const operatorMenus = buildMenuTree('en-US', (permission) =>
      permission.startsWith('intelligentProcess.taskCenter'),
    );
    expect(homeUrl(operatorMenus)).toBe('/intelligentProcess/taskCenter/operator');
    // Without the run button (a shift lead, who hands out work), the dashboard as before.
    const leadMenus = buildMenuTree(
      'en-US',
      (permission) =>
        permission.startsWith('intelligentProcess.taskCenter') &&
        permission !== 'intelligentProcess.taskCenter.task.start',
    );
    expect(homeUrl(leadMenus)).toBe('/user/dashboard');
  });

  it('stays on `/` before the menus are known, or when a maker has no page with a screen', () => {
    expect(homeUrl(undefined)).toBe('/');
    expect(homeUrl(buildMenuTree('en-US', (permission) => permission.startsWith('superAdmin.equipmentCenter')))).toBe(
      '/',
    );
  });
});
