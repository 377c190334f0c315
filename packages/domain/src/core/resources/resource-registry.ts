import type { Resource } from './define-resource.ts';
import type { PartListField, ReferenceField } from './field.ts';

// Look-ups over a list of resources; `catalogue.ts` binds them to the registered ones (RESOURCES).

export function resourceNamed(resources: readonly Resource[], name: string): Resource {
  const resource = resources.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`Unknown resource "${name}"`);
  return resource;
}

/** The resource whose list is the menu page `page`, if one is. */
export function resourceAtPage(resources: readonly Resource[], page: string): Resource | undefined {
  return resources.find((resource) => resource.page === page);
}

export type Referrer = { resource: Resource; field: string; definition: ReferenceField | PartListField };

/** The reference and part-list fields of `resources` that point at `name` (what may block deleting one of its records). */
export function referrersIn(resources: readonly Resource[], name: string): Referrer[] {
  return resources.flatMap((resource) =>
    Object.entries(resource.fields as Record<string, unknown>).flatMap(([field, definition]) => {
      const reference = definition as ReferenceField | PartListField;
      return (reference.kind === 'reference' || reference.kind === 'partList') && reference.to === name
        ? [{ resource, field, definition: reference }]
        : [];
    }),
  );
}
