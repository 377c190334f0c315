/**
 * Manufacturing BOMs (`/api/makeBOM`): the tree of a released design BOM with the process data of
 * each node (techniques, sequence, work centre, make or buy).
 *
 * - `GET /api/makeBOM` (`superAdmin.BOMCenter.makeBOM`), query `makeBomListQuerySchema` (keyword over
 *   the design BOM's code and the name; `designBomId`; sorting `code`, `name`, `creationTime`) →
 *   `makeBomPageSchema`.
 * - `GET /api/makeBOM/{id}` (`…makeBOM`) → `makeBomDetailSchema`: the header and the whole tree,
 *   pre-order, each node with its quantity, weight and cost per top-level unit.
 * - `POST /api/makeBOM` (`….add`), body `makeBomDeriveSchema` → 201 `makeBomDetailSchema`: copies the
 *   design BOM's tree; nodes with children are made, leaves bought when their part has a supplier. An
 *   unknown design BOM is 400 on `designBomId`; one not released 409 `bom_not_released`.
 * - `PUT /api/makeBOM/{id}/nodes/{nodeId}` (`….update`), body `makeBomNodeUpdateSchema` → 200
 *   `makeBomDetailSchema`; an unknown technique is 400 on `techniqueIds`.
 * - `DELETE /api/makeBOM/{id}` (`….add`: whoever derives one may discard it) → 204.
 * - `GET /api/makeBOM/{id}/export` (`….export`): the routing sheet as .xlsx (level, part, quantity,
 *   unit, techniques, sequence, work centre, make or buy), headers in the caller's language.
 *
 * Deleting a technique a node uses answers 409 `in_use` naming the manufacturing BOMs. Writes take an
 * `Idempotency-Key`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAKE_BOM_ENDPOINTS as ENDPOINTS, BOM_PERMISSIONS, idParamsSchema, techniqueResource } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { addUsageCheck } from '../../core/crud/resource-rules.ts';
import { XLSX_TYPE, sendWorkbook } from '../../core/documents/workbook.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { byAuthor, storeRoutes } from '../../core/http/action-routes.ts';
import { deleteMakeBom, deriveMakeBom, updateMakeBomNode } from './make-bom.command.ts';
import { makeBomSheet } from './make-bom.export.ts';
import { listMakeBoms, makeBomById, techniqueUsageOfMakeBoms } from './make-bom.query.ts';

/** Manufacturing BOMs (see the top of this file). */
export const makeBomRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['makeBOM'];
  addUsageCheck(app, techniqueResource.name, techniqueUsageOfMakeBoms);

  endpointRoute(app, ENDPOINTS.list, async (request) => listMakeBoms(app.db, request.query), { tags });

  endpointRoute(app, ENDPOINTS.get, async (request) => makeBomById(app.db, request.params.id), { tags });

  storeRoutes(app, ENDPOINTS, {
    tags,
    ...byAuthor(makeBomById),
    create: (tx, author, body) => deriveMakeBom(tx, author, body.designBomId),
    delete: deleteMakeBom,
  });

  endpointRoute(
    app,
    ENDPOINTS.updateNode,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await updateMakeBomNode(tx, request.author(), request.params, request.body);
        return makeBomById(tx, request.params.id);
      }),
    { tags },
  );

  // A workbook, not JSON: served by hand.
  app.get(
    '/:id/export',
    {
      config: { access: BOM_PERMISSIONS.makeExport },
      schema: { tags, params: idParamsSchema, produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const bom = await makeBomById(app.db, request.params.id);
      const name = `makeBOM-${bom.code.replace(/\s+/g, '-')}.xlsx`;
      return sendWorkbook(reply, name, [makeBomSheet(bom, localeOf(request))]);
    },
  );
};
