import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_ENDPOINTS, clientResource } from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { setSelection } from '../../core/tenancy/tenancy.ts';
import { currentUser } from './account.service.ts';

/** The caller's current client and product (its API path is under `client`). */
export const selectionRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    ACCOUNT_ENDPOINTS.selectProduct,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await setSelection(tx, principal, request.body.clientId, request.body.productId);
        return currentUser(tx, principal);
      });
    },
    { tags: [clientResource.name] },
  );
};
