import { describe, expect, it } from 'vitest';
import { resourceEndpoints } from '@armature/domain';
import { pageSubRoutes } from '../components/resource/resource-endpoint.ts';
import type { PageScreens } from '../lib/lazy-screens.ts';
import { assembleScreens, assembleSlots } from './assemble-areas.ts';
import { SCREENS } from './screens.ts';

const screen: PageScreens = { list: async () => ({ default: () => null }) };

describe('assembling the areas', () => {
  it('merges the pages and slots of every area', () => {
    const screens = assembleScreens([
      { name: 'stock', screens: { 'stock.raw': screen } },
      { name: 'quality', screens: { 'quality.trace': screen }, slots: { taskInspections: () => null } },
    ]);
    expect(Object.keys(screens)).toEqual(['stock.raw', 'quality.trace']);
  });

  it('refuses a page two areas register, whatever their order', () => {
    const stock = { name: 'stock', screens: { 'stock.raw': screen } };
    const bom = { name: 'bom', screens: { 'stock.raw': screen } };
    expect(() => assembleScreens([stock, bom])).toThrow('"stock.raw" is registered by both stock and bom');
    expect(() => assembleScreens([bom, stock])).toThrow('"stock.raw" is registered by both bom and stock');
  });

  it('refuses a slot two areas fill', () => {
    const slots = { taskInspections: () => null };
    expect(() =>
      assembleSlots([
        { name: 'quality', slots },
        { name: 'stock', slots },
      ]),
    ).toThrow('taskInspections');
  });

  it('gives every resource page of the registry its screens, each sub-route its menu offers', () => {
    for (const endpoint of resourceEndpoints()) {
      const screens = SCREENS[endpoint.page];
      expect(screens, endpoint.page).toBeDefined();
      const offered = pageSubRoutes(endpoint.page).filter(
        (subRoute) =>
          (subRoute !== 'add' || endpoint.resource.operations.includes('create')) &&
          (subRoute !== 'update/:id' || endpoint.resource.operations.includes('update')),
      );
      expect(Object.keys(screens ?? {}).sort(), endpoint.page).toEqual(['list', ...offered].sort());
    }
  });
});
