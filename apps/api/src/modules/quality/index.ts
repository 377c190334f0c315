import type { Area } from '../../core/area.ts';
import { inspectionRecordsRoutes } from './inspection-records.routes.ts';
import { productionInspectionRoutes } from './production-inspection.routes.ts';
import { receiptInspectionRoutes } from './receipt-inspection.routes.ts';
import { traceRoutes } from './trace.routes.ts';

export * from './quality.table.ts';
export { seedQualityDemo } from './quality.seed.ts';

/**
 * Quality: receipt inspections (a failed one holds the receipt's bars until released or returned),
 * production inspections by sampling plan (a failed one flags the task and scraps the piece), the
 * records with pass rates and control charts, and traceability from heat number to bundle and back.
 * Everything under `/api/inspection`.
 */
export const qualityArea: Area = {
  name: 'quality',
  routes: async (app) => {
    await app.register(receiptInspectionRoutes, { prefix: '/inspection' });
    await app.register(productionInspectionRoutes, { prefix: '/inspection' });
    await app.register(traceRoutes, { prefix: '/inspection' });
    await app.register(inspectionRecordsRoutes, { prefix: '/inspection' });
  },
};
