import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema, noParamsSchema, pagedResultSchema } from '../core/common.schema.ts';
import { noContentSchema } from '../core/crud-endpoints.ts';
import { changePasswordSchema, resetTokenResponseSchema } from '../account/index.ts';
import {
  userCreateSchema,
  userListQuerySchema,
  userProductSchema,
  userSchema,
  userUpdateSchema,
} from './user.schema.ts';

/** The personnel page: reading it lists users, its `.add`, `.update` and `.delete` buttons write them. */
const PAGE = 'basicConfig.user.personnel';

/**
 * The users' list, detail and writes (`/api/users`). Not `crudEndpoints`: a new user's body carries the
 * password, an update's the concurrency token instead.
 */
export const USER_ENDPOINTS = {
  /** One page, searchable by user name, name, e-mail and telephone; filtered by status, role and client. */
  list: defineEndpoint({
    method: 'GET',
    path: 'users',
    params: noParamsSchema,
    query: userListQuerySchema,
    response: pagedResultSchema(userSchema),
    access: PAGE,
  }),
  get: defineEndpoint({ method: 'GET', path: 'users/:id', params: idParamsSchema, response: userSchema, access: PAGE }),
  create: defineEndpoint({
    method: 'POST',
    path: 'users',
    params: noParamsSchema,
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

/** A user's password and products, beside the personnel page's writes. */
export const USER_ACCOUNT_ENDPOINTS = {
  /** The products the caller may choose, with their clients. */
  products: defineEndpoint({
    method: 'GET',
    path: 'users/productbyuser',
    params: noParamsSchema,
    response: z.array(userProductSchema),
    access: 'authenticated',
  }),
  /**
   * One's own password (with the current one), or another's with `…personnel.resetPassword`; changing
   * one's own keeps this session, everything else is signed out.
   */
  changePassword: defineEndpoint({
    method: 'PUT',
    path: 'users/:id/change-password',
    params: idParamsSchema,
    body: changePasswordSchema,
    status: 204,
    response: noContentSchema,
    access: 'authenticated',
  }),
  /** A one-time password-reset token (the server keeps its hash only); the previous one retires. */
  resetToken: defineEndpoint({
    method: 'POST',
    path: 'users/:id/reset-token',
    params: idParamsSchema,
    status: 201,
    response: resetTokenResponseSchema,
    access: `${PAGE}.resetPassword`,
  }),
};
