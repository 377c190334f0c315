import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientResource, currentUserSchema, selectionSchema } from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { setSelection } from '../../core/tenancy/tenancy.ts';
import { currentUser } from './account.service.ts';

/** The caller's current client and product (its API path is under `client`). */
export const selectionRoutes: FastifyPluginAsyncZod = async (app) => {
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
