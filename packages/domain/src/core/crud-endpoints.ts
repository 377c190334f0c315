import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParamsSchema, pagedResultSchema } from './common.schema.ts';

const noParams = z.object({});
/** The answer of a delete: 204, no body. */
export const noContentSchema = z.null().describe('No content');

/** What a record's generic routes are made of: where they are served, who may use them, what they read and write. */
export type CrudSpec<I extends z.ZodType, In extends z.ZodType, Q extends z.ZodType> = {
  /** Below `/api` (`client`, `role`). */
  path: string;
  /** The menu page guarding it: `<page>` reads, `<page>.add`, `.update` and `.delete` write. */
  page: string;
  /** What `/all` (the options of selects elsewhere) needs; any signed-in user when not said. */
  optionsAccess?: string;
  item: I;
  input: In;
  listQuery: Q;
};

/**
 * A record's list, options, detail, create, update and delete, declared once: the API registers its
 * routes from these, and a caller (the web app, a test) sends to them with typed parameters and bodies
 * and reads their answers through their schemas.
 */
export function crudEndpoints<I extends z.ZodType, In extends z.ZodType, Q extends z.ZodType>(
  spec: CrudSpec<I, In, Q>,
) {
  const { path, page, item, input } = spec;
  return {
    /** One page: `GET <path>?skipCount&maxResultCount&sorting&filter&…`. */
    list: defineEndpoint({
      method: 'GET',
      path,
      params: noParams,
      query: spec.listQuery,
      response: pagedResultSchema(item),
      access: page,
    }),
    /** Every record the caller may see, in the list's default order. */
    all: defineEndpoint({
      method: 'GET',
      path: `${path}/all`,
      params: noParams,
      response: z.array(item),
      access: spec.optionsAccess ?? 'authenticated',
    }),
    get: defineEndpoint({ method: 'GET', path: `${path}/:id`, params: idParamsSchema, response: item, access: page }),
    create: defineEndpoint({
      method: 'POST',
      path,
      params: noParams,
      body: input,
      status: 201,
      response: item,
      access: `${page}.add`,
    }),
    /** Replaces the record; a body with `lastModificationTime` must carry the current one (409 `stale_update`). */
    update: defineEndpoint({
      method: 'PUT',
      path: `${path}/:id`,
      params: idParamsSchema,
      body: input,
      response: item,
      access: `${page}.update`,
    }),
    delete: defineEndpoint({
      method: 'DELETE',
      path: `${path}/:id`,
      params: idParamsSchema,
      status: 204,
      response: noContentSchema,
      access: `${page}.delete`,
    }),
  };
}

export type CrudEndpoints<
  I extends z.ZodType = z.ZodType,
  In extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
> = ReturnType<typeof crudEndpoints<I, In, Q>>;
