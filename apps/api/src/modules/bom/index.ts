import type { Area } from '../../core/area.ts';
import { designBomRoutes } from './design-bom.routes.ts';
import { digitalTwinBomRoutes } from './digital-twin-bom.routes.ts';
import { makeBomRoutes } from './make-bom.routes.ts';
import { plcTaskRoutes } from './plc-task.routes.ts';
import { sparePartRoutes } from './spare-part.routes.ts';

export * from './bom.table.ts';
export { seedBom } from './bom.seed.ts';
export { ancestorsOf, bomSubtree, bomTree, subtreeRows } from './bom-tree.query.ts';

/**
 * The equipment maker's BOM centre: the parts library (`/api/spareOarts`, alias `spareParts`) with
 * attachments and where-used, versioned design BOM trees (`/api/designBOM`), manufacturing BOMs derived
 * from released ones (`/api/makeBOM`), digital-twin BOMs (`/api/digitalTwinBOM`) and PLC task templates
 * (`/api/PLCTask`). Global data: no client or product scope; only the maker's roles hold its permissions.
 */
export const bomArea: Area = {
  name: 'bom',
  routes: async (app) => {
    await app.register(sparePartRoutes);
    await app.register(designBomRoutes, { prefix: '/designBOM' });
    await app.register(makeBomRoutes, { prefix: '/makeBOM' });
    await app.register(digitalTwinBomRoutes, { prefix: '/digitalTwinBOM' });
    await app.register(plcTaskRoutes, { prefix: '/PLCTask' });
  },
};
