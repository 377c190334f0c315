import type { z } from 'zod';
import {
  DEFAULT_LOCALE,
  buildMenuTree,
  flattenPages,
  crudEndpoints,
  resourceCrudEndpoints,
  type CrudEndpoints,
  type FieldDef,
  type Resource,
  type ResourceEndpoint,
  type SubRoute,
} from '@armature/domain';

/** A record as the generic API returns it. */
export type ResourceItem = { id: string; creationTime: string; lastModificationTime: string | null } & Record<
  string,
  unknown
>;

export function fieldsOf(resource: Resource): [string, FieldDef][] {
  return Object.entries(resource.fields);
}

/** A field the form shows: every one the client may send; on the plant side the maker's ones are locked. */
export type FormField = { name: string; field: FieldDef; locked: boolean };

export function formFields(endpoint: ResourceEndpoint): FormField[] {
  return fieldsOf(endpoint.resource)
    .filter(([, field]) => !field.readOnly)
    .map(([name, field]) => ({ name, field, locked: endpoint.variant === 'plant' && field.makerOnly === true }));
}

/** What a new record's form starts with: the declared defaults (an enum's first choice is not assumed). */
export function defaultValues(resource: Resource): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOf(resource).flatMap(([name, field]) =>
      'default' in field && field.default !== undefined ? [[name, field.default]] : [],
    ),
  );
}

const CATALOGUE_PAGES = new Map(
  flattenPages(buildMenuTree(DEFAULT_LOCALE, () => true)).map((page) => [page.id, page.subRoutes]),
);

/** The sub-routes the menu definition gives a page (`add`, `update/:id`, `detail/:id`…). */
export function pageSubRoutes(page: string): readonly SubRoute[] {
  return CATALOGUE_PAGES.get(page) ?? [];
}

type ResourceCrud<R extends Resource> = ReturnType<typeof resourceCrudEndpoints<R>>;
/** The generic screens' routes: any resource, so its records are only known as `ResourceItem`s. */
type GenericCrud = CrudEndpoints<z.ZodType<ResourceItem>, z.ZodObject, z.ZodType>;
const crudByEndpoint = new WeakMap<ResourceEndpoint, GenericCrud>();
const crudByResource = new WeakMap<Resource, ResourceCrud<Resource>>();

/**
 * The declared routes (list, `/all`, get, create, update, delete) of a resource at one of its endpoints,
 * built once: what the generic list, form and detail pages read and write through.
 */
export function crudOf(endpoint: ResourceEndpoint): GenericCrud {
  let crud = crudByEndpoint.get(endpoint);
  if (!crud) {
    const { resource, page, path, input } = endpoint;
    crud = crudEndpoints({
      path,
      page,
      optionsAccess: resource.optionsAccess,
      // A definition's item schema is built at run time; the type system only knows it is an object.
      item: resource.schemas.item as unknown as z.ZodType<ResourceItem>,
      input,
      listQuery: resource.schemas.listQuery,
    });
    crudByEndpoint.set(endpoint, crud);
  }
  return crud;
}

/** The declared routes of a resource at its own path, typed as its records (`ItemOf`), built once. */
export function resourceCrud<R extends Resource>(resource: R): ResourceCrud<R> {
  let crud = crudByResource.get(resource);
  if (!crud) {
    crud = resourceCrudEndpoints(resource);
    crudByResource.set(resource, crud);
  }
  // Stored under its resource, which fixes its record types.
  return crud as ResourceCrud<R>;
}
