/**
 * Digital-twin BOMs (`/api/digitalTwinBOM`): the elements of a machine's digital twin ("shear unit",
 * "feed rollers") mapped to nodes of a design BOM, their PLC signals and the alarm codes they raise.
 *
 * - `GET /api/digitalTwinBOM` (`superAdmin.BOMCenter.digitalTwinBOM`), query `listQuerySchema` (keyword
 *   over code, name and the design BOM's code; sorting `code`, `name`, `creationTime`) →
 *   `digitalTwinBomPageSchema`; `GET /api/digitalTwinBOM/all` → `digitalTwinBomSchema[]`.
 * - `GET /api/digitalTwinBOM/{id}` (`…digitalTwinBOM`) → `digitalTwinBomSchema`, each element with the
 *   part of its node.
 * - `POST /api/digitalTwinBOM` (`….add`), body `digitalTwinBomInputSchema` → 201 `digitalTwinBomSchema`;
 *   `PUT /api/digitalTwinBOM/{id}` (`….update`) → 200, the elements replaced as a whole, 409
 *   `stale_update` when `lastModificationTime` is not the stored one. 400 on `designBomId` for an unknown
 *   design BOM, on `elements.{i}.designNodeId` for a node of another BOM; 409 `duplicate` on `code`.
 * - `DELETE /api/digitalTwinBOM/{id}` (`….delete`) → 204.
 *
 * Writes take an `Idempotency-Key`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TWIN_BOM_ENDPOINTS as ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { byAuthor, storeRoutes } from '../../core/http/action-routes.ts';
import {
  allTwinBoms,
  createTwinBom,
  deleteTwinBom,
  listTwinBoms,
  twinBomById,
  updateTwinBom,
} from './digital-twin-bom.store.ts';

/** Digital-twin BOMs (see the top of this file). */
export const digitalTwinBomRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['digitalTwinBOM'];

  endpointRoute(app, ENDPOINTS.list, async (request) => listTwinBoms(app.db, request.query), { tags });

  endpointRoute(app, ENDPOINTS.all, async () => allTwinBoms(app.db), { tags });

  endpointRoute(app, ENDPOINTS.get, async (request) => twinBomById(app.db, request.params.id), { tags });

  storeRoutes(app, ENDPOINTS, {
    tags,
    ...byAuthor(twinBomById),
    create: createTwinBom,
    update: updateTwinBom,
    delete: deleteTwinBom,
  });
};
