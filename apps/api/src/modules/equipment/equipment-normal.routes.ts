import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EQUIPMENT_NORMAL_ENDPOINTS as ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { storeRoutes } from '../../core/http/action-routes.ts';
import { setManualStatus, updatePlantFields } from './equipment.command.ts';
import { equipmentById, equipmentOfProduct, listEquipment } from './equipment.query.ts';

/**
 * A plant's equipment centre (`equipmentList-normal`): the machines of the caller's current client only
 * (another client's answer 404), of which it edits its own fields and sets the status by hand.
 */
export const equipmentNormalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipment'];

  endpointRoute(
    app,
    ENDPOINTS.list,
    async (request) => listEquipment(app.db, request.query, (await request.scope()).clientId),
    { tags },
  );

  // The machines of the current line, for selects (the daily schedule assigns work to them).
  endpointRoute(app, ENDPOINTS.all, async (request) => equipmentOfProduct(app.db, (await request.scope()).productId), {
    tags,
  });

  endpointRoute(
    app,
    ENDPOINTS.get,
    async (request) => equipmentById(app.db, request.params.id, (await request.scope()).clientId),
    { tags },
  );

  // Every write is on a machine of the caller's current client; another client's answers 404.
  const action = storeRoutes(app, ENDPOINTS, {
    tags,
    writer: async (request) => ({ author: request.author(), clientId: (await request.scope()).clientId }),
    detail: (tx, { clientId }, id) => equipmentById(tx, id, clientId),
    update: (tx, { author, clientId }, id, body) => updatePlantFields(tx, author, id, body, { clientId }),
  });
  action(ENDPOINTS.status, (tx, { author, clientId }, id, body) => setManualStatus(tx, author, id, body, { clientId }));
};
