import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QUALITY_PERMISSIONS, TRACE_ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { XLSX_TYPE, sendWorkbook } from '../../core/documents/workbook.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { heatTraceSheet } from './trace.export.ts';
import { traceBundle, traceHeat } from './trace.query.ts';

/**
 * Traceability (permission `intelligentProcess.quality.trace`):
 * - `GET /api/inspection/trace/bundle/{scanId}` → backwardTraceSchema: from a bundle (its tag's scan id)
 *   back to the task that made it (and, for bent pieces, the cut task that fed the bender), machine,
 *   operators, cutting plan and daily schedule, the heats cut, their receipts with certificates and
 *   receipt inspections, and the tasks' production inspections. 404 `trace_bundle_not_found` for a
 *   bundle of another product, or none.
 * - `GET /api/inspection/trace/heat/{heatNo}` → forwardTraceSchema: the recall list of a heat — its
 *   receipts and every bundle made of it, with task, machine, finish time and delivery note.
 * - `GET /api/inspection/trace/heat/{heatNo}/export` (`….trace.export`): that list as an .xlsx, headers
 *   in the caller's language.
 */
export const traceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['inspection'];

  endpointRoute(
    app,
    TRACE_ENDPOINTS.bundle,
    async (request) => traceBundle(app.db, await request.scope(), request.params.scanId),
    { tags },
  );

  endpointRoute(
    app,
    TRACE_ENDPOINTS.heat,
    async (request) => traceHeat(app.db, await request.scope(), request.params.heatNo),
    { tags },
  );

  // A workbook, not JSON: served by hand.
  app.get(
    '/trace/heat/:heatNo/export',
    {
      config: { access: QUALITY_PERMISSIONS.traceExport },
      schema: { tags, params: TRACE_ENDPOINTS.heat.params, produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const trace = await traceHeat(app.db, await request.scope(), request.params.heatNo);
      return sendWorkbook(reply, `trace-${trace.heatNo}.xlsx`, [heatTraceSheet(trace, localeOf(request))]);
    },
  );
};
