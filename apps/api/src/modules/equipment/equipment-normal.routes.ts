import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EQUIPMENT_NORMAL_PERMISSIONS,
  equipmentListQuerySchema,
  equipmentPageSchema,
  equipmentPlantInputSchema,
  equipmentSchema,
  equipmentStatusInputSchema,
  idParamsSchema,
} from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { setManualStatus, updatePlantFields } from './equipment.command.ts';
import { equipmentById, equipmentOfProduct, listEquipment } from './equipment.query.ts';

/**
 * A plant's equipment centre (`equipmentList-normal`): the machines of the caller's current client only
 * (another client's answer 404), of which it edits its own fields and sets the status by hand.
 */
export const equipmentNormalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipment'];

  app.get(
    '',
    {
      config: { access: EQUIPMENT_NORMAL_PERMISSIONS.read },
      schema: { tags, querystring: equipmentListQuerySchema, response: { 200: equipmentPageSchema } },
    },
    async (request) => listEquipment(app.db, request.query, (await request.scope()).clientId),
  );

  // The machines of the current line, for selects (the daily schedule assigns work to them).
  app.get(
    '/all',
    {
      config: { access: EQUIPMENT_NORMAL_PERMISSIONS.read },
      schema: { tags, response: { 200: z.array(equipmentSchema) } },
    },
    async (request) => equipmentOfProduct(app.db, (await request.scope()).productId),
  );

  app.get(
    '/:id',
    {
      config: { access: EQUIPMENT_NORMAL_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, response: { 200: equipmentSchema } },
    },
    async (request) => equipmentById(app.db, request.params.id, (await request.scope()).clientId),
  );

  app.put(
    '/:id',
    {
      config: { access: EQUIPMENT_NORMAL_PERMISSIONS.update },
      schema: { tags, params: idParamsSchema, body: equipmentPlantInputSchema, response: { 200: equipmentSchema } },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { clientId } = await request.scope();
        await updatePlantFields(tx, request.author(), request.params.id, request.body, { clientId });
        return equipmentById(tx, request.params.id, clientId);
      }),
  );

  app.post(
    '/:id/status',
    {
      config: { access: EQUIPMENT_NORMAL_PERMISSIONS.status },
      schema: { tags, params: idParamsSchema, body: equipmentStatusInputSchema, response: { 200: equipmentSchema } },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { clientId } = await request.scope();
        await setManualStatus(tx, request.author(), request.params.id, request.body, { clientId });
        return equipmentById(tx, request.params.id, clientId);
      }),
  );
};
