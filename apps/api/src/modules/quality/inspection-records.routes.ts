import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INSPECTION_ENDPOINTS, QUALITY_PERMISSIONS, inspectionListQuerySchema } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { exportInspections } from './inspection-export.ts';
import { inspectionDetail, listInspections } from './inspection.query.ts';
import { controlChartOf, passRate } from './inspection-stats.ts';

/**
 * Inspection records and statistics of the current product, under `/api/inspection`:
 *
 * - `GET /` (`intelligentProcess.quality.inspection`): a page of inspections, newest first, each with
 *   its checks; filters `kind`, `result`, `techniqueId`, `inspectionTypeId` (inspections with a check
 *   of it), `equipmentId`, `receiptId`, `taskId`, `heatNo` (contains), `dateFrom`/`dateTo` (plant days
 *   of the product's time zone, inclusive) and the keyword `filter` (code, heat, task, receipt,
 *   machine); `sorting` by `inspectedAt`, `code`, `result` or `heatNo`.
 * - `GET /export` (`….inspection.export`): the same filters, every match as .xlsx, one row per check
 *   (inspection, time, kind, technique, receipt or task, machine, heat, piece, characteristic, value,
 *   limits, result, inspector), headers in the caller's language.
 * - `GET /stats/pass-rate` (`….inspection`): the same filters; per characteristic checked, the checks,
 *   those passed and the pass rate (0–1).
 * - `GET /stats/control-chart` (`….inspection`): `inspectionTypeId`, optional `equipmentId`,
 *   `subgroupSize` (1: individuals and moving range; 2–10: X̄/R), `dateFrom`/`dateTo`, `limit` (the
 *   most recent values, charted oldest first); centre line, control limits, the latest tolerance
 *   limits and the points with their out-of-control marks. 404 for an unknown characteristic.
 * - `GET /{id}` (`….inspection`): one inspection with its checks; 404 outside the product.
 */
export const inspectionRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['inspection'];

  endpointRoute(
    app,
    INSPECTION_ENDPOINTS.list,
    async (request) => listInspections(app.db, (await request.scope()).productId, request.query, localeOf(request)),
    { tags },
  );

  // A workbook, not JSON: served by hand.
  app.get(
    '/export',
    {
      config: { access: QUALITY_PERMISSIONS.export },
      schema: { tags, querystring: inspectionListQuerySchema },
    },
    async (request, reply) =>
      exportInspections(app.db, reply, (await request.scope()).productId, request.query, localeOf(request)),
  );

  endpointRoute(
    app,
    INSPECTION_ENDPOINTS.passRate,
    async (request) => passRate(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    INSPECTION_ENDPOINTS.controlChart,
    async (request) => controlChartOf(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    INSPECTION_ENDPOINTS.get,
    async (request) =>
      inspectionDetail(app.db, (await request.scope()).productId, request.params.id, localeOf(request)),
    { tags },
  );
};
