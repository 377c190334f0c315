import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  rebarReceiveDetailSchema,
  resourceItemSchema,
  techniqueResource,
  type TokenResponse,
  tokenResponseSchema,
  userPermissionsSchema,
  userSchema,
} from '@armature/domain';
import { clients, products } from '../src/core/crud/resources.table.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { rolePermissions, roles } from '../src/core/auth/roles.table.ts';
import { users } from '../src/core/auth/users.table.ts';
import { createUser, freshIp, listedProductsSchema, loginAs, tokensFor, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor, pageOf, withId } from './helpers/inject.ts';

/** Regression tests of the security probe (docs/architecture.md, "Security model"): each pins one finding. */
type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const EN = { 'accept-language': 'en-US' };
const bearer = (tokens: TokenResponse): Headers => ({ authorization: `Bearer ${tokens.access_token}` });

describe.each(testDatabases())('hardening on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);
  const countOf = async (table: typeof users | typeof techniques | typeof products | typeof clients) => {
    const [row] = await ctx.handle.db.select({ value: count() }).from(table);
    return Number(row?.value ?? 0);
  };

  async function grantRole(admin: Headers, permissions: string[]): Promise<string> {
    const role = uniqueName('r');
    expect((await inject('POST', '/api/roles', admin, { name: role })).statusCode).toBe(201);
    const granted = await inject('PUT', `/api/permissions?providerName=R&providerKey=${role}`, admin, {
      permissions: permissions.map((name) => ({ name, isGranted: true })),
    });
    expect(granted.statusCode).toBe(200);
    return role;
  }

  async function demoProducts(admin: Headers) {
    const all = answerOf(await inject('GET', '/api/product/all', admin), listedProductsSchema);
    return { line1: all.find((product) => product.code === 'LINE1')!, line2: all.find((p) => p.code === 'LINE2')! };
  }

  // 1. Parallel guesses bypassed the sign-in lock.
  it('1: signs one user in four times at once (fewer than the limit) with the right password, and counts no failure', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const user = await createUser(ctx.app, admin);
    const ip = freshIp();
    const signIns = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { userName: user.userName, password: user.password },
          remoteAddress: ip,
        }),
      ),
    );
    expect(signIns.map((response) => response.statusCode)).toEqual(Array(4).fill(200));
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: user.userName, password: 'wrong-Passw0rd' },
      remoteAddress: ip,
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('1: serialises parallel sign-ins of one user name: at most 5 wrong passwords are checked, then 429', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const user = await createUser(ctx.app, admin);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { userName: user.userName, password: 'wrong-Passw0rd' },
          remoteAddress: freshIp(),
        }),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: user.userName, password: user.password },
      remoteAddress: freshIp(),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('too_many_attempts');
  });

  // 2. User management crossed clients.
  it('2: a non-admin user manager sees and manages the users of their own client only', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const { line1 } = await demoProducts(admin);
    const clientCode = uniqueName('C').toUpperCase();
    const otherClient = answerOf(
      await inject('POST', '/api/client', admin, { code: clientCode, companyName: clientCode }),
      withId,
    );
    const otherProduct = await inject('POST', '/api/product', admin, {
      code: uniqueName('P').toUpperCase(),
      name: 'other line',
      clientId: otherClient.id,
    });
    expect(otherProduct.statusCode).toBe(201);
    const page = 'basicConfig.user.personnel';
    const role = await grantRole(admin, [
      page,
      `${page}.add`,
      `${page}.update`,
      `${page}.resetPassword`,
      'basicConfig.user.roles',
    ]);
    const manager = await createUser(ctx.app, admin, { roleNames: [role], productIds: [otherProduct.json().id] });
    const demoUser = await createUser(ctx.app, admin, { productIds: [line1.id] });

    // Admins see each user's client: the one of their products.
    const asAdmin = (await inject('GET', `/api/users/${demoUser.id}`, admin)).json();
    expect(asAdmin.clientId).toBe(line1.clientId);
    expect(asAdmin.clientName).toBe('华东钢筋加工有限公司');
    expect((await inject('GET', `/api/users/${manager.id}`, admin)).json().clientId).toBe(otherClient.id);

    const headers = await loginAs(ctx.app, manager.userName, manager.password);
    const listed = answerOf(await inject('GET', '/api/users?maxResultCount=1000', headers), pageOf(userSchema));
    expect(listed.items.map((item) => item.id)).toContain(manager.id);
    expect(listed.items.every((item) => item.clientId === otherClient.id)).toBe(true);
    for (const [method, url, body] of [
      ['GET', `/api/users/${demoUser.id}`, undefined],
      ['POST', `/api/users/${demoUser.id}/reset-token`, undefined],
      ['PUT', `/api/users/${demoUser.id}`, { ...asAdmin, status: 'disabled', productIds: [] }],
      ['PUT', `/api/users/${demoUser.id}/change-password`, { newPassword: 'Taken-over1' }],
      ['GET', `/api/permissions?providerName=U&providerKey=${demoUser.id}`, undefined],
    ] as const) {
      const response = await inject(method, url, headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing changed, and the demo user still signs in with their own password.
    expect((await inject('GET', `/api/users/${demoUser.id}`, admin)).json().status).toBe('active');
    expect((await loginAs(ctx.app, demoUser.userName, demoUser.password)).authorization).toMatch(/^Bearer /);

    // What the manager creates belongs to their client, whatever the body says.
    const created = await inject('POST', '/api/users', headers, {
      userName: uniqueName('m'),
      name: 'x',
      password: 'Passw0rd-1',
      clientId: line1.clientId,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().clientId).toBe(otherClient.id);

    // A client keeps its users.
    const deleted = await inject('DELETE', `/api/client/${otherClient.id}`, admin);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe('in_use');
  });

  // 3. A NUL byte gave 500.
  it('3: refuses NUL and control characters in any text with 400 naming the field', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const before = await countOf(techniques);
    const cases: [Method, string, object | undefined, string][] = [
      ['POST', '/api/technique', { code: 'NULX', name: 'a\u0000b' }, 'name'],
      ['POST', '/api/technique', { code: 'NULX', name: 'ok', description: 'bell\u0007' }, 'description'],
      ['POST', '/api/account/login', { userName: 'a\u0000b', password: 'x' }, 'userName'],
      ['POST', '/api/account/forgot-password', { userName: 'a\u0000b' }, 'userName'],
      [
        'POST',
        '/api/account/reset-password',
        { userName: 'a\u0000b', token: 't', newPassword: 'Passw0rd-1' },
        'userName',
      ],
      ['GET', '/api/technique?filter=%00', undefined, 'filter'],
      ['GET', '/api/stock/raw?heatNo=%00', undefined, 'heatNo'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await inject(method, url, { ...admin, ...EN }, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.details[field]).toEqual(['Control characters are not allowed']);
    }
    // Line breaks and tabs stay allowed in text.
    const multiline = await inject('POST', '/api/technique', admin, {
      code: uniqueName('ML').toUpperCase(),
      name: 'ok',
      description: 'line 1\n\tline 2\r\n',
    });
    expect(multiline.statusCode).toBe(201);
    expect(await countOf(techniques)).toBe(before + 1);
  });

  // 4. `sorting` read inherited keys.
  it('4: accepts only a resource’s own sortable columns in `sorting`', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    await inject(
      'PUT',
      '/api/client/set-currentUser-productId',
      admin,
      await demoProducts(admin).then(({ line1 }) => ({
        clientId: line1.clientId,
        productId: line1.id,
      })),
    );
    for (const path of ['rebar', 'technique', 'users', 'roles', 'client', 'rebarMaterial'])
      for (const sorting of ['__proto__', 'constructor', 'toString', 'hasOwnProperty desc', 'valueOf asc']) {
        const response = await inject('GET', `/api/${path}?sorting=${encodeURIComponent(sorting)}`, admin);
        expect(response.statusCode, `${path} ${sorting}`).toBe(400);
        expect(Object.keys(response.json().error.details)).toEqual(['sorting']);
      }
    expect((await inject('GET', '/api/technique?sorting=code%20desc', admin)).statusCode).toBe(200);
  });

  // 5. Roles and users had no optimistic concurrency.
  it('5: answers 409 stale_update to a role or user PUT carrying an old version, and lets one of 20 racers win', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const role = (await inject('POST', '/api/roles', admin, { name: uniqueName('v') })).json();
    const first = await inject('PUT', `/api/roles/${role.id}`, admin, { ...role, description: 'first' });
    expect(first.statusCode).toBe(200);
    const stale = await inject('PUT', `/api/roles/${role.id}`, admin, { ...role, description: 'second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('stale_update');
    const current = first.json();
    const racers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        inject('PUT', `/api/roles/${role.id}`, admin, { ...current, description: `racer ${index}` }),
      ),
    );
    expect(racers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(racers.filter((response) => response.statusCode === 409)).toHaveLength(19);

    const user = await createUser(ctx.app, admin);
    const read = (await inject('GET', `/api/users/${user.id}`, admin)).json();
    const userRacers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        inject('PUT', `/api/users/${user.id}`, admin, { ...read, name: `racer ${index}` }),
      ),
    );
    expect(userRacers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(userRacers.filter((response) => response.statusCode === 409).map((r) => r.json().error.code)).toEqual(
      Array.from({ length: 19 }, () => 'stale_update'),
    );
    // Without a version the update applies, as for every resource.
    const { lastModificationTime: _version, ...unversioned } = read;
    expect((await inject('PUT', `/api/users/${user.id}`, admin, { ...unversioned, name: 'last' })).statusCode).toBe(
      200,
    );
  });

  // 7. A non-admin holding product.add / client.add got 404 and nothing stored.
  it('7: keeps creating clients and products to admins: not offered, not grantable, 403 to anyone else', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const base = JSON.stringify((await inject('GET', '/api/permissions/base', admin)).json());
    expect(base).not.toContain('"basicConfig.basic.product.add"');
    expect(base).not.toContain('"basicConfig.basic.client.add"');
    expect(base).toContain('"basicConfig.basic.product.update"');
    const role = await grantRole(admin, ['basicConfig.basic.product', 'basicConfig.basic.client']);
    const refused = await inject('PUT', `/api/permissions?providerName=R&providerKey=${role}`, admin, {
      permissions: [{ name: 'basicConfig.basic.product.add', isGranted: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.details)).toEqual(['permissions.0.name']);

    // A grant stored before the rule (written straight into the table, after the role was assigned: the
    // assignment itself would be refused now) is not held either.
    const { line1 } = await demoProducts(admin);
    const user = await createUser(ctx.app, admin, { roleNames: [role], productIds: [line1.id] });
    const [stored] = await ctx.handle.db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    await ctx.handle.db.insert(rolePermissions).values(
      ['basicConfig.basic.product.add', 'basicConfig.basic.client.add'].map((name) => ({
        roleId: stored!.id,
        name,
        creationTime: new Date().toISOString(),
      })),
    );
    const headers = await loginAs(ctx.app, user.userName, user.password);
    const [productsBefore, clientsBefore] = [await countOf(products), await countOf(clients)];
    const product = await inject('POST', '/api/product', headers, {
      code: uniqueName('P').toUpperCase(),
      name: 'mine',
      clientId: line1.clientId,
    });
    expect(product.statusCode).toBe(403);
    const client = await inject('POST', '/api/client', headers, {
      code: uniqueName('C').toUpperCase(),
      companyName: 'x',
    });
    expect(client.statusCode).toBe(403);
    expect([await countOf(products), await countOf(clients)]).toEqual([productsBefore, clientsBefore]);
    const granted = answerOf(await inject('GET', '/api/permissions/userbase', headers), userPermissionsSchema).granted;
    expect(granted).not.toContain('basicConfig.basic.product.add');
  });

  // 8 and 9. Logout with the bearer alone; access tokens outliving their session.
  it('8: logs out with the access token alone: that sign-in ends, refresh token included', async () => {
    const tokens = await tokensFor(ctx.app, 'admin');
    const logout = await inject('POST', '/api/account/logout', bearer(tokens));
    expect(logout.statusCode).toBe(204);
    const refresh = await inject(
      'POST',
      '/api/account/refresh',
      {},
      {
        clientId: 'armature-web',
        refreshToken: tokens.refresh_token,
      },
    );
    expect(refresh.statusCode).toBe(401);
    expect((await inject('GET', '/api/account/current-user', bearer(tokens))).statusCode).toBe(401);
  });

  it('9: ends access tokens at once on logout, refresh-token reuse and a password change', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const user = await createUser(ctx.app, admin);
    const me = (tokens: TokenResponse) => inject('GET', '/api/account/current-user', bearer(tokens));

    const loggedOut = await tokensFor(ctx.app, user.userName, user.password);
    await inject('POST', '/api/account/logout', {}, { refreshToken: loggedOut.refresh_token });
    expect((await me(loggedOut)).statusCode).toBe(401);

    const stolen = await tokensFor(ctx.app, user.userName, user.password);
    const rotated = answerOf(
      await inject(
        'POST',
        '/api/account/refresh',
        {},
        { clientId: 'armature-web', refreshToken: stolen.refresh_token },
      ),
      tokenResponseSchema,
    );
    expect((await me(rotated)).statusCode).toBe(200);
    const reuse = await inject(
      'POST',
      '/api/account/refresh',
      {},
      {
        clientId: 'armature-web',
        refreshToken: stolen.refresh_token,
      },
    );
    expect(reuse.json().error.code).toBe('refresh_token_reused');
    expect((await me(rotated)).statusCode).toBe(401);
    expect((await me(stolen)).statusCode).toBe(401);

    const here = await tokensFor(ctx.app, user.userName, user.password);
    const elsewhere = await tokensFor(ctx.app, user.userName, user.password);
    const changed = await inject('PUT', `/api/users/${user.id}/change-password`, bearer(here), {
      currentPassword: user.password,
      newPassword: 'Changed-Passw0rd',
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
  });

  // 10. Idempotency keys: another body with the same key.
  it('10: answers 422 to the same Idempotency-Key with another body, and stores nothing of it', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const key = uniqueName('key');
    const code = uniqueName('IK').toUpperCase();
    const send = (companyName: string) =>
      inject('POST', '/api/client', { ...admin, ...EN, 'idempotency-key': key }, { code, companyName });
    expect((await send('first')).statusCode).toBe(201);
    const replay = await send('first');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const mismatch = await send('second');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.code).toBe('idempotency_key_mismatch');
    expect(mismatch.json().error.message).toContain('different request body');
    const listed = (await inject('GET', `/api/client?filter=${code}`, admin)).json();
    expect(listed.items.map((item: { companyName: string }) => item.companyName)).toEqual(['first']);
  });

  // 11. Non-standard errors.
  it('11: answers every framework error in the one localized shape: 414, 413, 415, 400', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const long = 'a'.repeat(500);
    const tooLong = await inject('GET', `/api/rebar/${long}`, { ...admin, ...EN });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      error: { code: 'uri_too_long', message: 'The request address or one of its parameters is too long' },
    });
    expect(tooLong.body).not.toContain('aaaa');

    const before = await countOf(techniques);
    const big = await inject(
      'POST',
      '/api/technique',
      { ...admin, 'accept-language': 'fr-FR' },
      {
        code: 'BIG',
        name: 'x',
        description: 'x'.repeat(2 * 1024 * 1024),
      },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: { code: 'payload_too_large', message: 'Le corps de la requête est trop volumineux' },
    });
    expect(await countOf(techniques)).toBe(before);

    const media = await ctx.app.inject({
      method: 'POST',
      url: '/api/technique',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: 'code,name',
    });
    expect(media.statusCode).toBe(415);
    expect(media.json().error.code).toBe('unsupported_media_type');

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/technique',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['error']);
    expect(malformed.json().error.code).toBe('bad_request');
  });

  // First-use walk: a reversal's ledger row carried the reason of a receipt.
  it('gives a reversal’s ledger row its own reason, 冲销 (reversal)', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const { line1 } = await demoProducts(admin);
    await inject('PUT', '/api/client/set-currentUser-productId', admin, {
      clientId: line1.clientId,
      productId: line1.id,
    });
    const spec = await inject('POST', '/api/rebar', admin, {
      grade: uniqueName('R').slice(0, 16),
      diameter: 12,
      unitWeight: 0.888,
      stockLengths: [9000],
    });
    const receipt = await inject('POST', '/api/rebarReceive', admin, {
      rebarId: spec.json().id,
      supplier: '沙钢',
      heatNo: 'H-1',
      length: 9000,
      bundles: 1,
      barCount: 10,
      receiveDate: new Date().toISOString().slice(0, 10),
    });
    expect(receipt.statusCode).toBe(201);
    const reversed = await inject('POST', `/api/rebarReceive/${receipt.json().id}/reverse`, admin, { reason: '录错' });
    expect(reversed.statusCode).toBe(200);
    const ledger = answerOf(reversed, rebarReceiveDetailSchema).ledger;
    expect(ledger.map((row) => [row.direction, row.reason]).sort()).toEqual([
      ['in', 'receipt'],
      ['out', 'reversal'],
    ]);
    const filtered = await inject('GET', '/api/stockLog/raw?reason=reversal', admin);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().totalCount).toBeGreaterThanOrEqual(1);
  });

  // First-use walk: master data was Chinese-only.
  it('keeps master-data names in English and French beside the base name, seeded for the demo data', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const cut = answerOf(
      await inject('GET', '/api/technique?filter=CUT', admin),
      pageOf(resourceItemSchema(techniqueResource)),
    );
    expect(cut.items.find((item) => item.code === 'CUT')).toMatchObject({
      name: '剪切',
      nameEn: 'Cutting',
      nameFr: 'Cisaillage',
    });
    const code = uniqueName('TR').toUpperCase();
    const created = await inject('POST', '/api/partType', admin, { code, name: '轴承', nameEn: 'Bearing', nameFr: '' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: '轴承', nameEn: 'Bearing', nameFr: null });
    // The keyword search looks into the translations too.
    expect((await inject('GET', '/api/partType?filter=bearing', admin)).json().totalCount).toBe(1);
  });

  it('stores nothing of a rejected write (NUL in a user name), and never answers 500', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const before = await countOf(users);
    const response = await inject('POST', '/api/users', admin, {
      userName: 'nul\u0000user',
      name: 'x',
      password: 'Passw0rd-1',
    });
    expect(response.statusCode).toBe(400);
    expect(await countOf(users)).toBe(before);
  });
});
