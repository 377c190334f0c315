import { clientResource, productResource, productTypeResource, techniqueResource } from '@armature/domain';
import type { Area } from '../../core/area.ts';
import { addUsageCheck } from '../../core/crud/resource-rules.ts';
import { equipmentAdminRoutes } from './equipment.routes.ts';
import { equipmentNormalRoutes } from './equipment-normal.routes.ts';
import { equipmentUsage } from './equipment.query.ts';

export * from './equipment.table.ts';
export {
  announceLiveChange,
  liveChangeNotice,
  twinChannel,
  TWIN_CHANGED_EVENT,
  type TwinChange,
} from './equipment-live.events.ts';
export { DEMO_EQUIPMENT, DEMO_MACHINES } from './equipment.demo.ts';
export { tellMachineFaults } from './machine-fault.notice.ts';
export { EQUIPMENT_USAGE } from './equipment.routes.ts';
export { seedEquipment } from './equipment.seed.ts';

/**
 * The equipment centre: the maker's machines (every client's, `/api/equipment`) and a plant's view of
 * its own (`/api/equipment/normal`). The clients, lines, product types and techniques machines refer
 * to cannot be deleted while they do.
 */
export const equipmentArea: Area = {
  name: 'equipment',
  routes: async (app) => {
    addUsageCheck(app, clientResource.name, (tx, clientId) => equipmentUsage(tx, { clientId }));
    addUsageCheck(app, productResource.name, (tx, productId) => equipmentUsage(tx, { productId }));
    addUsageCheck(app, productTypeResource.name, (tx, productTypeId) => equipmentUsage(tx, { productTypeId }));
    addUsageCheck(app, techniqueResource.name, (tx, techniqueId) => equipmentUsage(tx, { techniqueId }));
    await app.register(equipmentAdminRoutes, { prefix: '/equipment' });
    await app.register(equipmentNormalRoutes, { prefix: '/equipment/normal' });
  },
};
