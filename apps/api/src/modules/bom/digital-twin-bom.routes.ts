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
import { z } from 'zod';
import {
  BOM_PERMISSIONS,
  digitalTwinBomInputSchema,
  digitalTwinBomPageSchema,
  digitalTwinBomSchema,
  idParamsSchema,
  listQuerySchema,
} from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { noContentSchema } from '../../core/http/route-schemas.ts';
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

  app.get(
    '',
    {
      config: { access: BOM_PERMISSIONS.twin },
      schema: { tags, querystring: listQuerySchema, response: { 200: digitalTwinBomPageSchema } },
    },
    async (request) => listTwinBoms(app.db, request.query),
  );

  app.get(
    '/all',
    {
      config: { access: BOM_PERMISSIONS.twin },
      schema: { tags, response: { 200: z.array(digitalTwinBomSchema) } },
    },
    async () => allTwinBoms(app.db),
  );

  app.get(
    '/:id',
    {
      config: { access: BOM_PERMISSIONS.twin },
      schema: { tags, params: idParamsSchema, response: { 200: digitalTwinBomSchema } },
    },
    async (request) => twinBomById(app.db, request.params.id),
  );

  app.post(
    '',
    {
      config: { access: BOM_PERMISSIONS.twinAdd },
      schema: { tags, body: digitalTwinBomInputSchema, response: { 201: digitalTwinBomSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) =>
        twinBomById(tx, await createTwinBom(tx, request.author(), request.body)),
      );
    },
  );

  app.put(
    '/:id',
    {
      config: { access: BOM_PERMISSIONS.twinUpdate },
      schema: {
        tags,
        params: idParamsSchema,
        body: digitalTwinBomInputSchema,
        response: { 200: digitalTwinBomSchema },
      },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await updateTwinBom(tx, request.author(), request.params.id, request.body);
        return twinBomById(tx, request.params.id);
      }),
  );

  app.delete(
    '/:id',
    {
      config: { access: BOM_PERMISSIONS.twinDelete },
      schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, (tx) => deleteTwinBom(tx, request.params.id));
      return reply.send(null);
    },
  );
};
