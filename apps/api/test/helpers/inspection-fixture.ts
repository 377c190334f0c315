import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { DEMO_OPERATOR } from '../../src/modules/users/index.ts';
import { createUser, listedProductsSchema, loginAs, uniqueName } from './auth.ts';
import { answerOf, pageOf, withId } from './inject.ts';
import { resourceItemSchema, techniqueResource } from '@armature/domain';

type Headers = Record<string, string>;
type SignedIn = { authorization: string; [name: string]: string };

/**
 * Who the inspection tests act as: the administrator (answered in English) and the demo operator, both
 * working in LINE1, and another administrator of this test's own working in LINE2 (another product).
 */
export async function inspectionUsers(app: App): Promise<{ admin: SignedIn; operator: SignedIn; other: SignedIn }> {
  const admin = { ...(await loginAs(app, 'admin')), 'accept-language': 'en-US' };
  const operator = await loginAs(app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
  const products = answerOf(
    await app.inject({ method: 'GET', url: '/api/product/all', headers: admin }),
    listedProductsSchema,
  );
  const select = async (headers: SignedIn, code: string) => {
    const product = products.find((each) => each.code === code)!;
    const response = await app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers,
      payload: { clientId: product.clientId, productId: product.id },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  await select(admin, 'LINE1');
  await select(operator, 'LINE1');
  const second = await createUser(app, admin, { roleNames: ['admin'] });
  const other = await loginAs(app, second.userName, second.password);
  await select(other, 'LINE2');
  return { admin, operator, other };
}

/** The id of a technique (CUT, BEND, RECV…) as basic configuration lists it. */
export async function techniqueId(app: App, admin: Headers, code: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/technique?filter=${code}&maxResultCount=100`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  const found = answerOf(response, pageOf(resourceItemSchema(techniqueResource))).items.find(
    (row) => row.code === code,
  );
  if (!found) throw new Error(`no technique ${code}`);
  return found.id;
}

/**
 * A characteristic of this test's own, created through the API as an administrator (the demo's may
 * change): a code made unique, the method and limits given.
 */
export async function createCharacteristic(
  app: App,
  admin: Headers,
  fields: {
    techniqueId: string;
    method: 'measured' | 'passFail';
    unit?: string;
    standardValue?: number;
    lowerTolerance?: number;
    upperTolerance?: number;
  },
): Promise<{ id: string; code: string }> {
  const code = uniqueName('Q').toUpperCase();
  const response = await app.inject({
    method: 'POST',
    url: '/api/ispectionType',
    headers: admin,
    payload: { code, name: `Characteristic ${code}`, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: answerOf(response, withId).id, code };
}

/** The CUT technique with two characteristics of this test's own: a length of 3000 ± 5 mm and a visual pass/fail. */
export async function cutChecks(app: App, admin: Headers) {
  const cut = await techniqueId(app, admin, 'CUT');
  const length = await createCharacteristic(app, admin, {
    techniqueId: cut,
    method: 'measured',
    unit: 'mm',
    standardValue: 3000,
    lowerTolerance: -5,
    upperTolerance: 5,
  });
  const visual = await createCharacteristic(app, admin, { techniqueId: cut, method: 'passFail' });
  return { cut, length, visual };
}
