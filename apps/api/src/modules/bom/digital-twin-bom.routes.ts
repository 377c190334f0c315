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
import { runWrite } from '../../core/http/idempotency.plugin.ts';
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

  endpointRoute(
    app,
    ENDPOINTS.create,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => twinBomById(tx, await createTwinBom(tx, request.author(), request.body))),
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.update,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await updateTwinBom(tx, request.author(), request.params.id, request.body);
        return twinBomById(tx, request.params.id);
      }),
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.delete,
    async (request, reply) => {
      await runWrite(request, reply, (tx) => deleteTwinBom(tx, request.params.id));
      return null;
    },
    { tags },
  );
};
