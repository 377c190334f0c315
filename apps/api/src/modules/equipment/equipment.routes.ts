import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EQUIPMENT_ENDPOINTS as ENDPOINTS, equipmentInputSchema } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { requireEveryField } from '../../core/crud/whole-body.ts';
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

  endpointRoute(app, ENDPOINTS.list, async (request) => listEquipment(app.db, request.query), { tags });

  endpointRoute(app, ENDPOINTS.get, async (request) => equipmentById(app.db, request.params.id), { tags });

  endpointRoute(
    app,
    ENDPOINTS.create,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const id = await createEquipment(tx, request.author(), request.body);
        return equipmentById(tx, id);
      }),
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.update,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await updateEquipment(tx, request.author(), request.params.id, request.body);
        return equipmentById(tx, request.params.id);
      }),
    { tags, preValidation: requireEveryField(equipmentInputSchema) },
  );

  endpointRoute(
    app,
    ENDPOINTS.delete,
    async (request, reply) => {
      await runWrite(request, reply, (tx) => deleteEquipment(tx, request.params.id, usage()));
      return null;
    },
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.status,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await setManualStatus(tx, request.author(), request.params.id, request.body, {});
        return equipmentById(tx, request.params.id);
      }),
    { tags },
  );
};
