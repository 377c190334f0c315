import type { Resource } from './define-resource.ts';
import type { ReferenceField } from './field.ts';
import { clientResource } from './definitions/client.resource.ts';
import { inspectionTypeResource } from './definitions/inspection-type.resource.ts';
import { partTypeResource } from './definitions/part-type.resource.ts';
import { productSettingResource } from './definitions/product-setting.resource.ts';
import { productTypeResource } from './definitions/product-type.resource.ts';
import { productResource } from './definitions/product.resource.ts';
import { rebarMaterialResource } from './definitions/rebar-material.resource.ts';
import { rebarResource } from './definitions/rebar.resource.ts';
import { techniqueResource } from './definitions/technique.resource.ts';

/**
 * Every resource of the generic machinery, referenced ones before those referring to them (tables
 * are created in this order). Adding a resource starts here — see the README, "Adding a resource".
 */
export const RESOURCES = [
  techniqueResource,
  inspectionTypeResource,
  productTypeResource,
  partTypeResource,
  clientResource,
  productResource,
  rebarMaterialResource,
  rebarResource,
  productSettingResource,
] as const satisfies readonly Resource[];

export type ResourceName = (typeof RESOURCES)[number]['name'];

const BY_NAME = new Map<string, Resource>(RESOURCES.map((resource) => [resource.name, resource as Resource]));

export function resourceByName(name: string): Resource {
  const resource = BY_NAME.get(name);
  if (!resource) throw new Error(`Unknown resource "${name}"`);
  return resource;
}

/** The resource whose list is the menu page `page`, if one is. */
export function resourceOfPage(page: string): Resource | undefined {
  return RESOURCES.find((resource) => resource.page === page) as Resource | undefined;
}

export type Referrer = { resource: Resource; field: string; definition: ReferenceField };

/** The reference fields of every resource that point at `name` (what may block deleting one of its records). */
export function referrersOf(name: string): Referrer[] {
  return RESOURCES.flatMap((resource) =>
    Object.entries(resource.fields as Record<string, unknown>).flatMap(([field, definition]) => {
      const reference = definition as ReferenceField;
      return reference.kind === 'reference' && reference.to === name
        ? [{ resource: resource as Resource, field, definition: reference }]
        : [];
    }),
  );
}
