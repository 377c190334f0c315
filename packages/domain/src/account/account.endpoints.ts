import { defineEndpoint } from '../core/endpoint.ts';
import { noParamsSchema } from '../core/common.schema.ts';
import { noContentSchema } from '../core/crud-endpoints.ts';
import {
  currentUserSchema,
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  profileUpdateSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  selectionSchema,
  tokenResponseSchema,
} from './account.schema.ts';

/** A request anyone may send, signed in or not. */
const publicPost = { method: 'POST', params: noParamsSchema, access: 'public' } as const;

/**
 * Signing in and out, tokens and self-service (`/api/account`), and the caller's current client and
 * product (`/api/client/set-currentUser-productId`).
 */
export const ACCOUNT_ENDPOINTS = {
  /** Counted against the name's and the address's attempts; a locked subject answers 429. */
  login: defineEndpoint({ ...publicPost, path: 'account/login', body: loginSchema, response: tokenResponseSchema }),
  /** Rotates a refresh token (single-use) for a new pair. */
  refresh: defineEndpoint({
    ...publicPost,
    path: 'account/refresh',
    body: refreshSchema,
    response: tokenResponseSchema,
  }),
  /** No body, an empty one or `{}`: the sign-in of the bearer token ends (and the refresh token's, if sent). */
  logout: defineEndpoint({
    ...publicPost,
    path: 'account/logout',
    body: logoutSchema,
    bodyOptional: true,
    status: 204,
    response: noContentSchema,
  }),
  currentUser: defineEndpoint({
    method: 'GET',
    path: 'account/current-user',
    params: noParamsSchema,
    response: currentUserSchema,
    access: 'authenticated',
  }),
  profile: defineEndpoint({
    method: 'PUT',
    path: 'account/profile',
    params: noParamsSchema,
    body: profileUpdateSchema,
    response: currentUserSchema,
    access: 'authenticated',
  }),
  /** A new user waits disabled for an administrator; a taken name answers the same 202. */
  register: defineEndpoint({
    ...publicPost,
    path: 'account/register',
    body: registerSchema,
    status: 202,
    response: noContentSchema,
  }),
  /** The same 202 whether or not the user exists. */
  forgotPassword: defineEndpoint({
    ...publicPost,
    path: 'account/forgot-password',
    body: forgotPasswordSchema,
    status: 202,
    response: noContentSchema,
  }),
  /** 400 `invalid_reset_token` for a wrong, spent or expired token. */
  resetPassword: defineEndpoint({
    ...publicPost,
    path: 'account/reset-password',
    body: resetPasswordSchema,
    status: 204,
    response: noContentSchema,
  }),
  /** Chooses the caller's current client and product; answers the caller as now. */
  selectProduct: defineEndpoint({
    method: 'PUT',
    path: 'client/set-currentUser-productId',
    params: noParamsSchema,
    body: selectionSchema,
    response: currentUserSchema,
    access: 'authenticated',
  }),
};
