import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isPermission } from '@armature/domain';
import { AppError } from '../http/app-error.ts';
import { verifyAccessToken } from './access-token.ts';
import { holds, loadPrincipal, type Principal } from './principal.ts';

/**
 * What a route requires: `public`, `authenticated` (any signed-in user, self-service routes)
 * or a permission name of the menu catalogue (`basicConfig.user.roles.add`).
 */
export type RouteAccess = 'public' | 'authenticated' | (string & {});
export type RegisteredRoute = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    routeRegistry: RegisteredRoute[];
    /** Present in contexts whose routes come from third-party plugins serving public assets (docs, web app). */
    publicAssets?: true;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Whether a signed-in principal may use a non-public route: by the request's access hook and for as long as a stream stays open. */
export function allows(principal: Principal, access: RouteAccess): boolean {
  return access === 'authenticated' || holds(principal, access);
}

export function isValidAccess(access: unknown): access is RouteAccess {
  return typeof access === 'string' && (access === 'public' || access === 'authenticated' || isPermission(access));
}

/** Marks every route registered inside `scope` public: for plugins whose routes we do not declare (swagger-ui, static). */
export function servePublicAssets(scope: FastifyInstance) {
  scope.decorate('publicAssets', true);
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export async function principalOf(app: FastifyInstance, request: FastifyRequest): Promise<Principal | undefined> {
  const token = bearerToken(request);
  const claims = token ? await verifyAccessToken(app.config.jwtSecret, token) : undefined;
  return claims ? loadPrincipal(app.db, claims.userId, claims.sessionId) : undefined;
}

/**
 * Every route declares its access; the server refuses to start otherwise. Authentication and the
 * permission check run in onRequest, before the body is parsed or validated, so an anonymous caller
 * gets 401 and an unauthorised one 403 whatever they send.
 */
export const accessPlugin = fp(async (app) => {
  app.decorate('routeRegistry', [] as RegisteredRoute[]);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    const access = route.config?.access ?? (this.hasDecorator('publicAssets') ? 'public' : undefined);
    const methods = [route.method].flat();
    if (!isValidAccess(access)) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no valid config.access (got ${JSON.stringify(access)})`,
      );
    }
    route.config = { ...route.config, access };
    for (const method of methods) app.routeRegistry.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    // Unknown routes have no access declaration; the not-found handler answers them.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') {
      // Public routes may still use a valid token (logout), never require one.
      request.principal = (await principalOf(app, request)) ?? null;
      return;
    }
    const principal = await principalOf(app, request);
    if (!principal) throw new AppError('unauthorized');
    request.principal = principal;
    if (!allows(principal, access ?? '')) throw new AppError('forbidden');
  });
});

/** The signed-in caller of a non-public route (the onRequest hook guarantees one). */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized');
  return request.principal;
}
