import type { FastifyPluginAsync } from 'fastify';
import { clientResource } from '@armature/domain';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';
import { visibleClients } from '../../core/tenancy/tenancy.ts';

/**
 * Clients are a plain resource: non-admins see only the clients of their products, and a client whose
 * products refer to it cannot be deleted.
 */
export const clientRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, clientResource, { visible: (caller) => visibleClients(caller.principal) });
};
