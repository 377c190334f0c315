import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../auth/access.plugin.ts';
import { scopeOf, type Scope } from './tenancy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's `{ userId, clientId, productId }`, read once per request; 409 `no_product_selected`
     * without a usable selection. The one way routes and the generic crud read the scope.
     */
    scope(): Promise<Scope>;
    scopeRead: Promise<Scope> | null;
  }
}

export const scopePlugin = fp(async (app) => {
  app.decorateRequest('scopeRead', null);
  app.decorateRequest('scope', function (this: FastifyRequest) {
    // Inside a write, through its transaction: an embedded database has one connection, and a query
    // outside the open transaction would wait for it forever.
    this.scopeRead ??= scopeOf(this.tx ?? app.db, requirePrincipal(this));
    return this.scopeRead;
  });
});
