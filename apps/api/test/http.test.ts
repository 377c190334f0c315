import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clients, products } from '../src/core/crud/resources.table.ts';
import { roles } from '../src/core/auth/roles.table.ts';
import { stockLogs } from '../src/modules/stock/stock.table.ts';
import { users } from '../src/core/auth/users.table.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { errorsPlugin } from '../src/core/http/errors.plugin.ts';
import { loginAs } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'armature-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'assets', 'app.js.br'), brotliCompressSync('console.log("app")'));
  return dir;
}

describe('unexpected errors', () => {
  it('answer 500 internal_error without leaking internals', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const response = await app.inject({ method: 'GET', url: '/boom', headers: { 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on the server; please try again' },
    });
    await app.close();
  });
});

/** A route with a strict body, as any area may declare one. */
const strictRoute: FastifyPluginAsyncZod = async (api) => {
  api.post(
    '/test/strict',
    { config: { access: 'public' }, schema: { body: z.strictObject({ name: z.string() }) } },
    async (request) => request.body,
  );
};

describe.each(testDatabases())('HTTP surface on %s', (kind) => {
  const ctx = useTestApp(kind, { webDistDir: fakeWebDist(), extraRoutes: strictRoute });

  it('answers 414 uri_too_long for an over-long path segment on a listening server, as through inject', async () => {
    const url = `/api/rebar/${'a'.repeat(500)}`;
    const injected = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const path of [url, `/api/spareOarts/${'b'.repeat(300)}/where-used`, `/api/${'c'.repeat(300)}`]) {
        const response = await fetch(`${address}${path}`, { headers: { 'accept-language': 'en-US' } });
        expect(response.status, path).toBe(414);
        expect(await response.json()).toEqual({
          error: { code: 'uri_too_long', message: 'The request address or one of its parameters is too long' },
        });
      }
    } finally {
      await ctx.app.server.close();
    }
    expect(injected.statusCode).toBe(414);
  });

  // (`__proto__`, and `constructor.prototype`, are refused earlier by the JSON parser: 400 bad_request.)
  it('names a field called constructor or toString in a 400 of a strict body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/strict',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{"name":"x","constructor":{"name":"y"},"toString":1}',
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.details).sort()).toEqual(['constructor', 'toString']);
    expect(error.details.constructor).toEqual(['This field is not allowed']);
  });

  it('reports health, honours and returns request ids, and sets security headers', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(response.json()).toEqual({ status: 'ok', database: kind });
    expect(response.headers['x-request-id']).toBe('trace-123');
    expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes a valid OpenAPI document listing the routes, with bearer auth', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of [
      '/api/account/login',
      '/api/users',
      '/api/users/{id}',
      '/api/roles/all',
      '/api/permissions/usermenus',
      '/api/client/set-currentUser-productId',
      '/api/product/by-client/{clientId}',
    ]) {
      expect(doc.paths, route).toHaveProperty([route]);
    }
    expect(JSON.stringify(doc.paths['/api/users/{id}'].get.responses['200'])).not.toContain('passwordHash');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API routes and malformed bodies in the error shape, localized', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'route_not_found', message: "Cette route d'API n'existe pas" } });

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');

    const admin = await loginAs(ctx.app, 'admin');
    const badQuery = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?maxResultCount=5000&skipCount=-1',
      headers: { ...admin, 'accept-language': 'en-US' },
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error.details).toEqual({
      maxResultCount: ['Must be at most 1000'],
      skipCount: ['Must be at least 0'],
    });
    const badId = await ctx.app.inject({ method: 'GET', url: '/api/users/not-a-uuid', headers: admin });
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json().error.details)).toEqual(['id']);
  });

  it('prepares the database again, even twice at once, without duplicating the demo data', async () => {
    const seeded = async () =>
      Promise.all([users, roles, clients, products, stockLogs].map((table) => ctx.handle.db.$count(table)));
    const before = await seeded();
    // The demo's users (admin, planner, keeper, operator, inspector, shiftLead), their roles, both clients and
    // their three lines, and the client the sales demo's won lead became.
    expect(before.slice(0, 4)).toEqual([6, 6, 3, 3]);
    expect(before[4]).toBeGreaterThan(0);
    await Promise.all([
      prepareDatabase(ctx.handle, { adminPassword: undefined }),
      prepareDatabase(ctx.handle, { adminPassword: 'Ignored-123' }),
    ]);
    expect(await seeded()).toEqual(before);
    // An existing admin keeps its password: ADMIN_PASSWORD seeds, it does not reset.
    expect((await loginAs(ctx.app, 'admin')).authorization).toMatch(/^Bearer /);
  });

  it('serves the web app, falling back to index.html for client routes', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');
    for (const url of ['/', '/basicConfig/user/personnel/update/42', '/auth/login?to=%2F']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});
