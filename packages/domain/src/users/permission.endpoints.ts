import { defineEndpoint } from '../core/endpoint.ts';
import { noParamsSchema } from '../core/common.schema.ts';
import { menuTreeSchema } from '../core/menu/menu.schema.ts';
import {
  permissionGrantsSchema,
  permissionProviderQuerySchema,
  permissionUpdateSchema,
  userPermissionsSchema,
} from './permission.schema.ts';

/** The menu tree, localized by Accept-Language. */
const menuTree = (path: string) =>
  defineEndpoint({ method: 'GET', path, params: noParamsSchema, response: menuTreeSchema, access: 'authenticated' });

/**
 * Permissions (`/api/permissions`): what the caller may grant, what they hold, their menus, and a role's
 * or a user's grants read and changed.
 */
export const PERMISSION_ENDPOINTS = {
  /** What the caller may grant: what they hold, admin-only permissions never. */
  grantable: menuTree('permissions/base'),
  held: defineEndpoint({
    method: 'GET',
    path: 'permissions/userbase',
    params: noParamsSchema,
    response: userPermissionsSchema,
    access: 'authenticated',
  }),
  /** The caller's menus: the pages and buttons they hold. */
  menus: menuTree('permissions/usermenus'),
  grants: defineEndpoint({
    method: 'GET',
    path: 'permissions',
    params: noParamsSchema,
    query: permissionProviderQuerySchema,
    response: permissionGrantsSchema,
    access: 'basicConfig.user.roles',
  }),
  /** Answers the grants as stored; 400 for an unknown or admin-only permission, 403 `own_grants` for one's own. */
  saveGrants: defineEndpoint({
    method: 'PUT',
    path: 'permissions',
    params: noParamsSchema,
    query: permissionProviderQuerySchema,
    body: permissionUpdateSchema,
    response: permissionGrantsSchema,
    access: 'basicConfig.user.roles.permission',
  }),
};
