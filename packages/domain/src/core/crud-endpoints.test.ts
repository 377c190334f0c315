import { describe, expect, expectTypeOf, it } from 'vitest';
import { productResource, productSettingResource } from '../master-data/index.ts';
import { endpointsOf, resourceCrudEndpoints } from './resources/resource-endpoints.ts';
import type { EndpointBody, EndpointResponse } from './endpoint.ts';
import type { InputOf, ItemOf } from './resources/define-resource.ts';
import { ROLE_ENDPOINTS } from '../users/role.schema.ts';

describe('crud endpoints', () => {
  it("declare a record's six routes at its path, guarded by its page", () => {
    const routes = Object.values(ROLE_ENDPOINTS).map(({ method, path, access, status }) => [
      method,
      path,
      access,
      status ?? 200,
    ]);
    expect(routes).toEqual([
      ['GET', 'roles', 'basicConfig.user.roles', 200],
      ['GET', 'roles/all', 'authenticated', 200],
      ['GET', 'roles/:id', 'basicConfig.user.roles', 200],
      ['POST', 'roles', 'basicConfig.user.roles.add', 201],
      ['PUT', 'roles/:id', 'basicConfig.user.roles.update', 200],
      ['DELETE', 'roles/:id', 'basicConfig.user.roles.delete', 204],
    ]);
  });

  it("type a resource's answers and bodies as its records, at its own endpoint or its plant variant", () => {
    const products = resourceCrudEndpoints(productResource);
    expect(products.get.path).toBe('product/:id');
    expectTypeOf<EndpointResponse<typeof products.get>>().toEqualTypeOf<ItemOf<typeof productResource>>();
    expectTypeOf<EndpointBody<typeof products.create>>().toEqualTypeOf<InputOf<typeof productResource>>();
    const plant = resourceCrudEndpoints(productSettingResource, endpointsOf(productSettingResource)[1]);
    expect(plant.update).toMatchObject({ path: 'product-setting/normal/:id', access: `${plant.list.access}.update` });
  });
});
