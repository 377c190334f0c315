import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EQUIPMENT_ENDPOINTS as ENDPOINTS, equipmentInputSchema } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { byAuthor, storeRoutes } from '../../core/http/action-routes.ts';
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

  const action = storeRoutes(app, ENDPOINTS, {
    tags,
    ...byAuthor(equipmentById),
    create: createEquipment,
    update: updateEquipment,
    delete: (tx, id) => deleteEquipment(tx, id, usage()),
    // A replace: a body leaving a field out is refused rather than emptying it.
    options: { update: { preValidation: requireEveryField(equipmentInputSchema) } },
  });
  action(ENDPOINTS.status, (tx, author, id, body) => setManualStatus(tx, author, id, body, {}));
};
