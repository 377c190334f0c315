import { randomBytes } from 'node:crypto';
import { productResource, resourceItemSchema, tokenResponseSchema, type TokenResponse } from '@armature/domain';
import { z } from 'zod';
import type { App } from '../../src/app.ts';
import { DEMO_ADMIN, DEMO_PLANNER } from '../../src/modules/users/index.ts';
import { answerOf, withId } from './inject.ts';

export const DEMO_PASSWORDS: Record<string, string> = {
  [DEMO_ADMIN.userName]: DEMO_ADMIN.password,
  [DEMO_PLANNER.userName]: DEMO_PLANNER.password,
};

/** A distinct address per call so per-IP sign-in throttling of one test does not leak into another. */
export function freshIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export async function login(app: App, userName: string, password = DEMO_PASSWORDS[userName] ?? '', ip = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/account/login', payload: { userName, password }, remoteAddress: ip });
}

export async function tokensFor(app: App, userName: string, password?: string): Promise<TokenResponse> {
  const response = await login(app, userName, password);
  if (response.statusCode !== 200) throw new Error(`login ${userName} failed: ${response.statusCode} ${response.body}`);
  return answerOf(response, tokenResponseSchema);
}

/** Authorization header of a signed-in user: `admin`, `planner` or one a test created. */
export async function loginAs(app: App, userName: string, password?: string): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${(await tokensFor(app, userName, password)).access_token}` };
}

/** A demo product as `/api/product/all` lists it. */
export type ListedProduct = { id: string; code: string; clientId: string };

/** What `/api/product/all` answers: every product the caller sees, as the product resource shapes it. */
export const listedProductsSchema = z.array(resourceItemSchema(productResource));

/** Makes `product` the signed-in user's current one, as the product chooser does; fails the test unless allowed. */
export async function selectProduct(
  app: App,
  headers: Record<string, string>,
  product: Pick<ListedProduct, 'id' | 'clientId'>,
): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/client/set-currentUser-productId',
    headers,
    payload: { clientId: product.clientId, productId: product.id },
  });
  if (response.statusCode !== 200)
    throw new Error(`choosing product ${product.id} failed: ${response.statusCode} ${response.body}`);
}

/** Makes the product `code` (the demo's `LINE1` by default) the signed-in user's current one and returns it. */
export async function chooseProduct(app: App, headers: Record<string, string>, code = 'LINE1'): Promise<ListedProduct> {
  const products = answerOf(
    await app.inject({ method: 'GET', url: '/api/product/all', headers }),
    listedProductsSchema,
  );
  const product = products.find((each) => each.code === code);
  if (!product) throw new Error(`no product ${code}`);
  await selectProduct(app, headers, product);
  return product;
}

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * Creates an active user through the API (as admin) and returns its id, name and password. Without
 * `clientId` the user belongs to the client of their products; `clientId: null` makes maker staff.
 */
export async function createUser(
  app: App,
  admin: { authorization: string },
  fields: { roleNames?: string[]; productIds?: string[]; clientId?: string | null } = {},
) {
  const userName = uniqueName('u');
  const password = 'Passw0rd!x';
  const response = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin,
    payload: {
      userName,
      name: userName,
      password,
      roleNames: fields.roleNames ?? [],
      productIds: fields.productIds ?? [],
      ...(fields.clientId !== undefined && { clientId: fields.clientId }),
    },
  });
  if (response.statusCode !== 201) throw new Error(`create user failed: ${response.statusCode} ${response.body}`);
  return { id: answerOf(response, withId).id, userName, password };
}
