import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientResource, currentUserSchema, selectionSchema } from '@armature/domain';
import { registerResourceRoutes } from '../../crud/register-resource-routes.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { runWrite } from '../../plugins/idempotency.ts';
import { currentUser } from '../account/account.service.ts';
import { setSelection } from '../tenancy/tenancy.service.ts';

/** The caller's current client and product (spec §7 files it under `client`). */
const selectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/set-currentUser-productId',
    {
      config: { access: 'authenticated' },
      schema: { tags: [clientResource.name], body: selectionSchema, response: { 200: currentUserSchema } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await setSelection(tx, principal, request.body.clientId, request.body.productId);
        return currentUser(tx, principal);
      });
    },
  );
};

/**
 * Clients are a plain resource: non-admins see only the clients of their products (`crud/visibility.ts`),
 * and a client whose products refer to it cannot be deleted.
 */
export const clientRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, clientResource);
  await app.register(selectionRoutes, { prefix: `/${clientResource.path}` });
};
