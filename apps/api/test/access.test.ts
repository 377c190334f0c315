import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isPermission, userSchema } from '@armature/domain';
import { accessPlugin } from '../src/core/auth/access.plugin.ts';
import { DEMO_OPERATOR, DEMO_PLANNER, DEMO_SHIFT_LEAD } from '../src/modules/users/index.ts';
import { createUser, loginAs } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, pageOf } from './helpers/inject.ts';

const fill = (url: string) => url.replace(/:\w+/g, () => randomUUID());
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

describe('route access declarations', () => {
  it('refuses to start when a route declares no valid access', async () => {
    for (const config of [{}, { access: 'basicConfig.nonsense' }] as { access?: string }[]) {
      const app = Fastify();
      await app.register(accessPlugin);
      expect(() => app.get('/api/unguarded', { config }, async () => 'open')).toThrow(
        /declares no valid config\.access/,
      );
      await app.close();
    }
  });
});

describe.each(testDatabases())('access control on %s', (kind) => {
  const ctx = useTestApp(kind);
  const apiRoutes = () => ctx.app.routeRegistry.filter((route) => isApi(route.url) && route.method !== 'HEAD');

  it('registers every API route with public, authenticated or a catalogue permission', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      expect(
        route.access === 'public' || route.access === 'authenticated' || isPermission(route.access),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
    const publicRoutes = routes
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicRoutes).toEqual([
      // A site contact's drop link: a revocable 256-bit token, rate-limited like the tags' scan.
      'GET /api/drop/:token',
      'GET /api/health',
      'GET /api/scan/:scanId',
      'POST /api/account/forgot-password',
      'POST /api/account/login',
      'POST /api/account/logout',
      'POST /api/account/refresh',
      'POST /api/account/register',
      'POST /api/account/reset-password',
    ]);
  });

  it('answers 401 without a token on every non-public route, whatever the body', async () => {
    for (const route of apiRoutes().filter((candidate) => candidate.access !== 'public')) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: fill(route.url),
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });

  it('answers 401 for a forged or expired-looking token', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/current-user',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in user without the permission on every permission route', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const nobody = await createUser(ctx.app, admin);
    const headers = await loginAs(ctx.app, nobody.userName, nobody.password);
    const guarded = apiRoutes().filter((route) => isPermission(route.access));
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const response = await ctx.app.inject({ method: route.method as 'GET', url: fill(route.url), headers });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });

  it('lets the planner plan but not administer users, roles, clients or products', async () => {
    const planner = await loginAs(ctx.app, 'planner');
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['GET', '/api/roles'],
      ['POST', '/api/roles'],
      ['PUT', `/api/permissions?providerName=R&providerKey=planner`],
      ['GET', '/api/client'],
      ['POST', '/api/product'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: planner, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const own = await ctx.app.inject({ method: 'GET', url: '/api/account/current-user', headers: planner });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ userName: 'planner', roles: ['planner'], isAdmin: false });
  });

  // Re-planning released work (a breakdown's proposal, a move) is its own permission, the shift
  // lead's and the planner's; dispatching to the machines stays the shift lead's; an operator does neither.
  it('lets the planner and the shift lead re-plan, only the shift lead dispatch, the operator neither', async () => {
    const request = { kind: 'breakdown', equipmentId: randomUUID() };
    const [planner, lead, operator] = await Promise.all(
      [DEMO_PLANNER, DEMO_SHIFT_LEAD, DEMO_OPERATOR].map((user) => loginAs(ctx.app, user.userName, user.password)),
    );
    const status = async (headers: object, method: 'POST', url: string, payload: object = {}) =>
      (await ctx.app.inject({ method, url, headers: headers as Record<string, string>, payload })).statusCode;
    for (const headers of [planner, lead]) {
      expect(await status(headers!, 'POST', '/api/task/replan/preview', request)).not.toBe(403);
      expect(await status(headers!, 'POST', '/api/task/replan/apply', { ...request, stamp: 'x' })).not.toBe(403);
    }
    expect(await status(operator!, 'POST', '/api/task/replan/preview', request)).toBe(403);
    expect(await status(planner!, 'POST', `/api/task/${randomUUID()}/dispatch`)).toBe(403);
    expect(await status(lead!, 'POST', `/api/task/${randomUUID()}/dispatch`)).not.toBe(403);
  });

  it('never sends a password hash, whatever an admin reads', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const users = await ctx.app.inject({ method: 'GET', url: '/api/users?maxResultCount=1000', headers: admin });
    const ids = answerOf(users, pageOf(userSchema)).items.map((user) => user.id);
    const bodies = [users.body];
    for (const route of apiRoutes().filter((candidate) => candidate.method === 'GET')) {
      const url = route.url.includes(':') ? route.url.replace(/:\w+/g, ids[0] ?? randomUUID()) : route.url;
      bodies.push((await ctx.app.inject({ method: 'GET', url, headers: admin })).body);
    }
    for (const body of bodies) {
      expect(body).not.toMatch(/scrypt\$|passwordHash|password_hash|tokenHash/);
    }
  });
});
