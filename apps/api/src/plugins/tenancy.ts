import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { scopeOf, type Scope } from '../modules/tenancy/tenancy.service.ts';
import { requirePrincipal } from './access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's `{ userId, clientId, productId }`; 409 `no_product_selected` without a usable selection. */
    scope(): Promise<Scope>;
  }
}

export const tenancyPlugin = fp(async (app) => {
  app.decorateRequest('scope', function (this: FastifyRequest) {
    return scopeOf(app.db, requirePrincipal(this));
  });
});
