import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../auth/access.plugin.ts';
import { scopeOf, type Scope } from './tenancy.ts';
import { actorOf, authorOf, type Actor } from './actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's `{ userId, clientId, productId }`, read once per request; 409 `no_product_selected`
     * without a usable selection. The one way routes and the generic crud read the scope.
     */
    scope(): Promise<Scope>;
    scopeRead: Promise<Scope> | null;
    /** The caller of a write on plant data: their scope, who they are and their language. The one way writes name their actor. */
    actor(): Promise<Actor>;
    /** The caller as the author of a change to the maker's global data, which needs no product. */
    author(): ReturnType<typeof authorOf>;
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
  app.decorateRequest('actor', function (this: FastifyRequest) {
    return actorOf(this);
  });
  app.decorateRequest('author', function (this: FastifyRequest) {
    return authorOf(this);
  });
});
