import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, listedProductsSchema, loginAs, tokensFor, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { scopeOf } from '../src/core/tenancy/tenancy.ts';
import { loadPrincipal } from '../src/core/auth/principal.ts';
import { verifyAccessToken } from '../src/core/auth/access-token.ts';
import { answerOf } from './helpers/inject.ts';

type Product = { id: string; code: string; clientId: string };

describe.each(testDatabases())('clients, products and tenancy on %s', (kind) => {
  const ctx = useTestApp(kind);

  async function demoProducts(admin: { authorization: string }) {
    const products = answerOf(
      await ctx.app.inject({ method: 'GET', url: '/api/product/all', headers: admin }),
      listedProductsSchema,
    );
    const line1 = products.find((product) => product.code === 'LINE1');
    const line2 = products.find((product) => product.code === 'LINE2');
    if (!line1 || !line2) throw new Error('demo products missing');
    return { line1, line2 };
  }

  /** A second client with one product, as another tenant. */
  async function otherTenant(admin: { authorization: string }) {
    const code = uniqueName('C').toUpperCase();
    const client = await ctx.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: admin,
      payload: { code, companyName: `${code} 钢构` },
    });
    expect(client.statusCode).toBe(201);
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin,
      payload: { code: `${code}-P`, name: '三号线', clientId: client.json().id },
    });
    expect(product.statusCode).toBe(201);
    return { clientId: client.json().id as string, productId: product.json().id as string };
  }

  it('lets the planner choose only their line, and remembers the choice server-side', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const planner = await loginAs(ctx.app, 'planner');
    const { line1, line2 } = await demoProducts(admin);

    const choices = (await ctx.app.inject({ method: 'GET', url: '/api/users/productbyuser', headers: planner })).json();
    expect(choices).toEqual([
      {
        id: line1.id,
        code: 'LINE1',
        name: '一号加工线',
        clientId: line1.clientId,
        clientName: '华东钢筋加工有限公司',
        // The screens show times on the line's clock.
        timeZone: 'Asia/Shanghai',
      },
    ]);

    const select = (productId: string, clientId = line1.clientId) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/client/set-currentUser-productId',
        headers: planner,
        payload: { clientId, productId },
      });
    expect((await select(line2.id)).json().error.code).toBe('product_not_allowed');
    expect((await select('00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);

    const chosen = await select(line1.id);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      currentClient: { id: line1.clientId, companyName: '华东钢筋加工有限公司' },
      currentProduct: { id: line1.id, name: '一号加工线' },
    });
    const me = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/account/current-user',
        headers: await loginAs(ctx.app, 'planner'),
      })
    ).json();
    expect(me.currentProduct.id).toBe(line1.id);
    const byClient = (await ctx.app.inject({ method: 'GET', url: '/api/product/by-client', headers: planner })).json();
    expect(byClient.map((product: Product) => product.code)).toEqual(['LINE1']);
  });

  it('keeps another client invisible to a plant user, and lets admins use any product', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const other = await otherTenant(admin);
    const { line1 } = await demoProducts(admin);
    // A plant user who may read clients and products sees only their own (writing them is the maker's).
    const role = uniqueName('clerk');
    await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: admin, payload: { name: role } });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/permissions?providerName=R&providerKey=${role}`,
      headers: admin,
      payload: {
        permissions: ['basicConfig.basic.client', 'basicConfig.basic.product'].map((name) => ({
          name,
          isGranted: true,
        })),
      },
    });
    const clerk = await createUser(ctx.app, admin, { roleNames: [role], productIds: [line1.id] });
    const headers = await loginAs(ctx.app, clerk.userName, clerk.password);

    const select = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers,
      payload: other,
    });
    expect(select.statusCode).toBe(403);
    expect(select.json().error.code).toBe('product_not_allowed');

    for (const url of [`/api/product/${other.productId}`, `/api/client/${other.clientId}`]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const update = await ctx.app.inject({
      method: 'PUT',
      url: `/api/product/${other.productId}`,
      headers,
      payload: {
        code: 'HIJACK',
        name: 'x',
        clientId: other.clientId,
        productTypeId: null,
        status: 'active',
        timeZone: 'Asia/Shanghai',
        description: null,
      },
    });
    // A product's writes are maker permissions: a client's user never holds them (grants.test.ts).
    expect(update.statusCode).toBe(403);
    for (const url of [
      '/api/client',
      '/api/client/all',
      '/api/product',
      '/api/product/all',
      `/api/product/by-client/${other.clientId}`,
    ]) {
      const body = (await ctx.app.inject({ method: 'GET', url, headers })).body;
      expect(body, url).not.toContain(other.clientId);
      expect(body, url).not.toContain(other.productId);
    }

    const adminSelect = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers: admin,
      payload: other,
    });
    expect(adminSelect.statusCode).toBe(200);
    const mismatched = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers: admin,
      payload: { clientId: other.clientId, productId: line1.id },
    });
    expect(mismatched.statusCode).toBe(403);
    const adminChoices = (
      await ctx.app.inject({ method: 'GET', url: `/api/product/by-client/${other.clientId}`, headers: admin })
    ).json();
    expect(adminChoices.map((product: Product) => product.id)).toEqual([other.productId]);
  });

  it('gives plant modules a request scope, and refuses one without a selection', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const { line1 } = await demoProducts(admin);
    const user = await createUser(ctx.app, admin, { productIds: [line1.id] });
    const tokens = await tokensFor(ctx.app, user.userName, user.password);
    const claims = await verifyAccessToken(ctx.app.config.jwtSecret, tokens.access_token);
    // The principal of an open sign-in only.
    expect(await loadPrincipal(ctx.app.db, user.id, randomUUID())).toBeUndefined();
    const principal = await loadPrincipal(ctx.app.db, user.id, claims?.sessionId ?? '');
    if (!principal) throw new Error('principal missing');
    await expect(scopeOf(ctx.app.db, principal)).rejects.toMatchObject({ code: 'no_product_selected', status: 409 });
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product/by-client', headers })).json().error.code).toBe(
      'no_product_selected',
    );
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers,
      payload: { clientId: line1.clientId, productId: line1.id },
    });
    expect(await scopeOf(ctx.app.db, principal)).toEqual({
      userId: user.id,
      clientId: line1.clientId,
      productId: line1.id,
    });
  });

  it('validates, refuses duplicates and deletions of records in use', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const { line1 } = await demoProducts(admin);
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: admin,
      payload: { code: 'DEMO', companyName: '重复' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({ message: '编码“DEMO”已存在', details: { code: ['已存在'] } });

    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin,
      payload: { code: 'P 1', name: '', clientId: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.details).sort()).toEqual(['clientId', 'code', 'name']);

    const clientInUse = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/client/${line1.clientId}`,
      headers: admin,
    });
    expect(clientInUse.statusCode).toBe(409);
    // Its products, its maintenance visits and its users (the demo keeper and planner among them) keep it.
    expect(clientInUse.json().error.message).toMatch(
      /^该记录正被产品 \(2\): LINE1, LINE2; 客户维护 \(\d+\): .*; 用户 \(\d+\): .*keeper.*使用，无法删除$/,
    );
    const productInUse = await ctx.app.inject({ method: 'DELETE', url: `/api/product/${line1.id}`, headers: admin });
    expect(productInUse.statusCode).toBe(409);
    expect(productInUse.json().error.message).toContain('planner');

    const other = await otherTenant(admin);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/product/${other.productId}`, headers: admin })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/client/${other.clientId}`, headers: admin })).statusCode,
    ).toBe(204);
    const paged = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/product?clientId=${line1.clientId}&sorting=code desc`,
        headers: admin,
      })
    ).json();
    expect(paged.items.map((product: Product) => product.code)).toEqual(['LINE2', 'LINE1']);
    expect(paged.totalCount).toBe(2);
  });
});
