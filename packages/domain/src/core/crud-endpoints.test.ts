import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { crudEndpoints } from './crud-endpoints.ts';
import { defineResource, type InputOf, type ItemOf } from './resources/define-resource.ts';
import { endpointsOf, resourceCrudEndpoints } from './resources/resource-endpoints.ts';
import type { EndpointBody, EndpointResponse } from './endpoint.ts';

const label = { 'zh-CN': '线', 'en-US': 'Line', 'fr-FR': 'Ligne' };
const lineResource = defineResource({
  name: 'line',
  label,
  path: 'line',
  page: 'basic.line',
  table: 'line',
  scope: 'global',
  fields: { name: { kind: 'text', max: 32, required: true, label } },
  labelField: 'name',
  displayField: 'name',
  unique: [['name']],
  defaultSort: ['name'],
  plantVariant: { page: 'plant.line', path: 'line/normal' },
});

describe('crud endpoints', () => {
  it("declare a record's six routes at its path, guarded by its page", () => {
    const record = z.object({ id: z.string() });
    const endpoints = crudEndpoints({ path: 'roles', page: 'p', item: record, input: record, listQuery: z.object({}) });
    expect(
      Object.values(endpoints).map(({ method, path, access, status }) => [method, path, access, status ?? 200]),
    ).toEqual([
      ['GET', 'roles', 'p', 200],
      ['GET', 'roles/all', 'authenticated', 200],
      ['GET', 'roles/:id', 'p', 200],
      ['POST', 'roles', 'p.add', 201],
      ['PUT', 'roles/:id', 'p.update', 200],
      ['DELETE', 'roles/:id', 'p.delete', 204],
    ]);
  });

  it("type a resource's answers and bodies as its records, at its own endpoint or its plant variant", () => {
    const lines = resourceCrudEndpoints(lineResource);
    expect(lines.get.path).toBe('line/:id');
    expectTypeOf<EndpointResponse<typeof lines.get>>().toEqualTypeOf<ItemOf<typeof lineResource>>();
    expectTypeOf<EndpointBody<typeof lines.create>>().toEqualTypeOf<InputOf<typeof lineResource>>();
    const plant = resourceCrudEndpoints(lineResource, endpointsOf(lineResource)[1]);
    expect(plant.update).toMatchObject({ path: 'line/normal/:id', access: 'plant.line.update' });
  });
});
