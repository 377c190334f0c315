import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { MAX_PAGE_SIZE, type Endpoint, type PagedResult } from '@armature/domain';
import { api, type Query } from '../../lib/api-client.ts';

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

/** A declared read without a body (domain `defineEndpoint`, `crudEndpoints`) whose answer parses as `T`. */
export type ReadEndpoint<T> = Endpoint<z.ZodType, undefined, z.ZodType<T>>;
/** A declared write whose body the caller gives as `In` (a create or an update). */
export type WriteEndpoint<In> = Endpoint<z.ZodType, z.ZodType<unknown, In>, z.ZodType>;
/** A declared delete of one record (`DELETE <path>/:id`). */
export type DeleteEndpoint = Endpoint<z.ZodType, undefined, z.ZodType>;

/**
 * The path a declared endpoint's query keys hang from: its collection's (`roles` for `roles`, `roles/all`
 * and `roles/:id`), so a write invalidating `root(path)` refreshes its lists, options and details alike.
 */
export function keyPath(endpoint: Endpoint): string {
  return endpoint.path.replace(/\/(?::id|all)$/, '');
}

function fetchPage<P extends PagedResult<{ id: string }>>(
  endpoint: ReadEndpoint<P>,
  query: Query,
  signal?: AbortSignal,
) {
  return api.call(endpoint, { params: {}, query, signal });
}

export const resourceQueries = {
  /** One page of `GET <path>?skipCount&maxResultCount&sorting&filter&…`. */
  list: <P extends PagedResult<{ id: string }>>(endpoint: ReadEndpoint<P>, query: Query) =>
    queryOptions({
      queryKey: resourceKeys.list(keyPath(endpoint), query),
      queryFn: ({ signal }) => fetchPage(endpoint, query, signal),
    }),
  /** `GET <path>/all`: every record the user may see (the options of a select). */
  all: <T>(endpoint: ReadEndpoint<T[]>) =>
    queryOptions({
      queryKey: resourceKeys.all(keyPath(endpoint)),
      queryFn: ({ signal }) => api.call(endpoint, { params: {}, signal }),
    }),
  /** `GET <path>/<id>`; waits while there is no id (an add page). */
  detail: <T>(endpoint: ReadEndpoint<T>, id: string | undefined) =>
    queryOptions({
      queryKey: resourceKeys.detail(keyPath(endpoint), id),
      queryFn: ({ signal }) => api.call(endpoint, { params: { id }, signal }),
      enabled: id !== undefined,
    }),
};

/** A record kind's declared create and update: what a form saves through. */
export type SaveEndpoints<In> = { create: WriteEndpoint<In>; update: WriteEndpoint<In> };

export const resourceMutations = {
  /** Creates (`POST <path>`) without an id, else updates (`PUT <path>/<id>`). */
  save: <In>({ create, update }: SaveEndpoints<In>, id: string | undefined) =>
    mutationOptions({
      mutationFn: (body: In) =>
        id === undefined ? api.call(create, { params: {}, body }) : api.call(update, { params: { id }, body }),
    }),
  /**
   * Deletes records independently, so one refusal (a role in use, oneself) does not keep the others;
   * the first refusal is rethrown for the global error message.
   */
  delete: (endpoint: DeleteEndpoint) =>
    mutationOptions({
      mutationFn: async (ids: readonly string[]) => {
        const results = await Promise.allSettled(ids.map((id) => api.call(endpoint, { params: { id } })));
        const refused = results.find((result) => result.status === 'rejected');
        if (refused) throw refused.reason;
      },
    }),
};

/** Every row of a list matching `query` (its keyword, filters and sorting), fetched page by page. */
export async function fetchAllRows<T extends { id: string }>(endpoint: ReadEndpoint<PagedResult<T>>, query: Query) {
  const rows: T[] = [];
  for (;;) {
    const chunk = await fetchPage(endpoint, { ...query, skipCount: rows.length, maxResultCount: MAX_PAGE_SIZE });
    rows.push(...chunk.items);
    if (chunk.items.length === 0 || rows.length >= chunk.totalCount) return rows;
  }
}
