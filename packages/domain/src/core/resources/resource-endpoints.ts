import type { z } from 'zod';
import { resourceItemSchema, type InputOf, type Resource } from './define-resource.ts';
import { crudEndpoints } from '../crud-endpoints.ts';

/**
 * Which side of a resource an endpoint serves: `main` at the resource's own page and paths, where
 * every editable field is written; `plant` at its `plantVariant` page and path, limited to the caller's
 * current product and writing only the fields that are not `makerOnly`.
 */
export type ResourceVariant = 'main' | 'plant';

export type ResourceEndpoint = {
  resource: Resource;
  variant: ResourceVariant;
  /** Menu page id guarding it. */
  page: string;
  /** API path below `/api`. */
  path: string;
  /** Further paths serving the same routes (spec spellings). */
  aliases: readonly string[];
  /** The body of create and update. */
  input: z.ZodObject;
};

/** The endpoints a resource is served at: its own, then its plant variant when it has one. */
export function endpointsOf(resource: Resource): ResourceEndpoint[] {
  const main: ResourceEndpoint = {
    resource,
    variant: 'main',
    page: resource.page,
    path: resource.path,
    aliases: resource.aliases ?? [],
    input: resource.schemas.makerInput,
  };
  if (!resource.plantVariant) return [main];
  const { page, path } = resource.plantVariant;
  return [main, { resource, variant: 'plant', page, path, aliases: [], input: resource.schemas.input }];
}

/**
 * The generic routes of a resource at one of its endpoints (its own by default), typed as its records:
 * answers as `ItemOf`, bodies as `InputOf`.
 */
export function resourceCrudEndpoints<R extends Resource>(
  resource: R,
  at: Pick<ResourceEndpoint, 'page' | 'path' | 'input'> = endpointsOf(resource)[0]!,
) {
  return crudEndpoints({
    path: at.path,
    page: at.page,
    optionsAccess: resource.optionsAccess,
    item: resourceItemSchema(resource),
    // Built from the same fields at run time, which the type system cannot follow.
    input: at.input as unknown as z.ZodType<InputOf<R>, InputOf<R>>,
    listQuery: resource.schemas.listQuery,
  });
}
