import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema, pagedResultSchema } from '../core/common.schema.ts';
import { noContentSchema } from '../core/crud-endpoints.ts';
import { userCreateSchema, userListQuerySchema, userSchema, userUpdateSchema } from './user.schema.ts';

/** The personnel page: reading it lists users, its `.add`, `.update` and `.delete` buttons write them. */
const PAGE = 'basicConfig.user.personnel';
const noParams = z.object({});

/**
 * The users' list, detail and writes (`/api/users`). Not `crudEndpoints`: a new user's body carries the
 * password, an update's the concurrency token instead.
 */
export const USER_ENDPOINTS = {
  /** One page, searchable by user name, name, e-mail and telephone; filtered by status, role and client. */
  list: defineEndpoint({
    method: 'GET',
    path: 'users',
    params: noParams,
    query: userListQuerySchema,
    response: pagedResultSchema(userSchema),
    access: PAGE,
  }),
  get: defineEndpoint({ method: 'GET', path: 'users/:id', params: idParamsSchema, response: userSchema, access: PAGE }),
  create: defineEndpoint({
    method: 'POST',
    path: 'users',
    params: noParams,
    body: userCreateSchema,
    status: 201,
    response: userSchema,
    access: `${PAGE}.add`,
  }),
  /** Replaces the user (the record as GET returned it, read-only fields ignored); 409 `stale_update` on an old token. */
  update: defineEndpoint({
    method: 'PUT',
    path: 'users/:id',
    params: idParamsSchema,
    body: userUpdateSchema,
    response: userSchema,
    access: `${PAGE}.update`,
  }),
  /** Refuses deleting oneself (`self_delete`) and the last admin (`last_admin`). */
  delete: defineEndpoint({
    method: 'DELETE',
    path: 'users/:id',
    params: idParamsSchema,
    status: 204,
    response: noContentSchema,
    access: `${PAGE}.delete`,
  }),
};
