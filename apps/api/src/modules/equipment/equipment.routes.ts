import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EQUIPMENT_PERMISSIONS,
  equipmentInputSchema,
  equipmentListQuerySchema,
  equipmentPageSchema,
  equipmentSchema,
  equipmentStatusInputSchema,
  idParamsSchema,
} from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { requireEveryField } from '../../core/crud/whole-body.ts';
import { noContentSchema } from '../../core/http/route-schemas.ts';
import { createEquipment, deleteEquipment, setManualStatus, updateEquipment } from './equipment.command.ts';
import { equipmentById, listEquipment } from './equipment.query.ts';

/**
 * The name areas that refer to machines (daily schedules, tasks) register their "uses this machine"
 * check under (`addUsageCheck(app, EQUIPMENT_USAGE, …)`): deleting a machine they use is refused, naming them.
 */
export const EQUIPMENT_USAGE = 'equipment';

/**
 * The maker's equipment centre (`equipmentList-admin`): every machine of every client, and those still
 * in its own stock, with every field editable.
 */
export const equipmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipment'];
  const usage = () => app.resourceRules.usage.get(EQUIPMENT_USAGE) ?? [];

  app.get(
    '',
    {
      config: { access: EQUIPMENT_PERMISSIONS.read },
      schema: { tags, querystring: equipmentListQuerySchema, response: { 200: equipmentPageSchema } },
    },
    async (request) => listEquipment(app.db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: EQUIPMENT_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, response: { 200: equipmentSchema } },
    },
    async (request) => equipmentById(app.db, request.params.id),
  );

  app.post(
    '',
    {
      config: { access: EQUIPMENT_PERMISSIONS.add },
      schema: { tags, body: equipmentInputSchema, response: { 201: equipmentSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const id = await createEquipment(tx, request.author(), request.body);
        return equipmentById(tx, id);
      });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: EQUIPMENT_PERMISSIONS.update },
      schema: { tags, params: idParamsSchema, body: equipmentInputSchema, response: { 200: equipmentSchema } },
      preValidation: requireEveryField(equipmentInputSchema),
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await updateEquipment(tx, request.author(), request.params.id, request.body);
        return equipmentById(tx, request.params.id);
      }),
  );

  app.delete(
    '/:id',
    {
      config: { access: EQUIPMENT_PERMISSIONS.delete },
      schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, (tx) => deleteEquipment(tx, request.params.id, usage()));
      return reply.send(null);
    },
  );

  app.post(
    '/:id/status',
    {
      config: { access: EQUIPMENT_PERMISSIONS.status },
      schema: { tags, params: idParamsSchema, body: equipmentStatusInputSchema, response: { 200: equipmentSchema } },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await setManualStatus(tx, request.author(), request.params.id, request.body, {});
        return equipmentById(tx, request.params.id);
      }),
  );
};
