import type { Area } from '../../core/area.ts';
import { maintenanceVisitRoutes } from './maintenance-visit.routes.ts';
import { salesLeadRoutes } from './sales-lead.routes.ts';

export { seedSales } from './sales.seed.ts';

/**
 * The maker's sales and service: sales leads with their workflow and conversion into a
 * client, and maintenance visits to the clients' machines. Global maker data: no client or product
 * scope; only the maker's roles hold its permissions.
 */
export const salesArea: Area = {
  name: 'sales',
  routes: async (app) => {
    await app.register(salesLeadRoutes);
    await app.register(maintenanceVisitRoutes);
  },
};
