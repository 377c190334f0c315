import type { Area } from '../../core/area.ts';
import { clientRoutes } from './clients.routes.ts';
import { masterDataRoutes } from './master-data.routes.ts';
import { productRoutes } from './products.routes.ts';
import { userProductSettingRoutes } from './user-product-settings.routes.ts';

export { DEMO_CLIENT, DEMO_REBAR_DIAMETERS, DEMO_SECOND_CLIENT } from './master-data.demo.ts';
export { seedDemoMasterData, seedReferenceMasterData } from './master-data.seed.ts';

/**
 * The basic configuration every plant works from: clients and products (the tenants), techniques,
 * inspection characteristics, product and part types, rebar specs and materials, product settings.
 * Resources register at their own paths (and aliases) from their definitions.
 */
export const masterDataArea: Area = {
  name: 'master-data',
  routes: async (app) => {
    await app.register(clientRoutes);
    await app.register(productRoutes);
    await app.register(masterDataRoutes);
    await app.register(userProductSettingRoutes, { prefix: '/user-product-setting' });
  },
};
