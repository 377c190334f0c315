import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  pagedResultSchema,
  resourceItemSchema,
  type ItemOf,
  type PagedResult,
  type Resource,
} from '@armature/domain';
import { api, type Query } from '../../lib/api-client.ts';
import type { ResourceItem } from './resource-endpoint.ts';

/**
 * The query keys of everything read through an API path the generic list / form / detail machinery
 * serves (resources, users, roles, receipts, stock rows and ledgers). The path comes first, so
 * invalidating `root(path)` refreshes every list, `all` and detail of it.
 */
export const resourceKeys = {
  root: (path: string) => [path] as const,
  list: (path: string, query: Query) => [path, 'list', query] as const,
  all: (path: string) => [path, 'all'] as const,
  detail: (path: string, id: string | undefined) => [path, 'detail', id] as const,
};

/** A paged list endpoint: its path and the domain schema of one page of its answer. */
export type PagedSource<P extends PagedResult<{ id: string }>> = { path: string; schema: z.ZodType<P> };

export const resourceQueries = {
  /** One page of `GET <path>?skipCount&maxResultCount&sorting&filter&…`. */
  list: <P extends PagedResult<{ id: string }>>({ path, schema }: PagedSource<P>, query: Query) =>
    queryOptions({
      queryKey: resourceKeys.list(path, query),
      queryFn: ({ signal }) => api.get(path, schema, query, { signal }),
    }),
  /** `GET <path>/all`: every record the user may see (the options of a select). */
  all: <T>(path: string, item: z.ZodType<T>) =>
    queryOptions({
      queryKey: resourceKeys.all(path),
      queryFn: ({ signal }) => api.get(`${path}/all`, z.array(item), undefined, { signal }),
    }),
  /** `GET <path>/<id>`; waits while there is no id (an add page). */
  detail: <T>(path: string, item: z.ZodType<T>, id: string | undefined) =>
    queryOptions({
      queryKey: resourceKeys.detail(path, id),
      queryFn: ({ signal }) => api.get(`${path}/${id}`, item, undefined, { signal }),
      enabled: id !== undefined,
    }),
};

export const resourceMutations = {
  /** Creates (`POST <path>`) without an id, else updates (`PUT <path>/<id>`). */
  save: (path: string, id: string | undefined) =>
    mutationOptions({
      mutationFn: (body: unknown) => (id === undefined ? api.post(path, body) : api.put(`${path}/${id}`, body)),
    }),
  /**
   * Deletes records independently, so one refusal (a role in use, oneself) does not keep the others;
   * the first refusal is rethrown for the global error message.
   */
  delete: (path: string) =>
    mutationOptions({
      mutationFn: async (ids: readonly string[]) => {
        const results = await Promise.allSettled(ids.map((id) => api.delete(`${path}/${id}`)));
        const refused = results.find((result) => result.status === 'rejected');
        if (refused) throw refused.reason;
      },
    }),
};

/** Every row of a list matching `query` (its keyword, filters and sorting), fetched page by page. */
export async function fetchAllRows<T extends { id: string }>(
  { path, schema }: PagedSource<PagedResult<T>>,
  query: Query,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const chunk = await api.get(path, schema, { ...query, skipCount: rows.length, maxResultCount: MAX_PAGE_SIZE });
    rows.push(...chunk.items);
    if (chunk.items.length === 0 || rows.length >= chunk.totalCount) return rows;
  }
}

type ResourceSchemas = { item: z.ZodType<ResourceItem>; page: z.ZodType<PagedResult<ResourceItem>> };
const schemasByResource = new WeakMap<Resource, ResourceSchemas>();

/**
 * The answer schemas of a resource, built once: the item schema the API answers with (derived from
 * the definition) and a page of them. Typed as `ResourceItem`: a definition's schema is only known
 * to be an object.
 */
export function resourceSchemas(resource: Resource): ResourceSchemas {
  let schemas = schemasByResource.get(resource);
  if (!schemas) {
    const item = resource.schemas.item as unknown as z.ZodType<ResourceItem>;
    schemas = { item, page: pagedResultSchema(item) };
    schemasByResource.set(resource, schemas);
  }
  return schemas;
}

/** The item schema of one resource with the record type its definition gives (`ItemOf`). */
export function itemSchemaOf<R extends Resource>(resource: R): z.ZodType<ItemOf<R>> {
  return resourceItemSchema(resource);
}
