import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  PERMISSION_ENDPOINTS,
  productResource,
  ROLE_ENDPOINTS,
  USER_ACCOUNT_ENDPOINTS,
  USER_ENDPOINTS,
  type PermissionUpdate,
  type User,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';
import { resourceCrud } from '../../components/resource/resource-endpoint.ts';

/** API paths, which are also the first element of every query key of the resource. */
export const USERS = USER_ENDPOINTS.list.path;
export const ROLES = ROLE_ENDPOINTS.list.path;

const ROLE_PROVIDER = 'R';

/** Every query key of personnel and roles. */
export const usersKeys = {
  users: () => resourceKeys.root(USERS),
  roles: () => resourceKeys.root(ROLES),
  /** The catalogue's texts come localized by Accept-Language, so the language is part of the key. */
  permissionCatalogue: (language: string) => ['permissions', 'base', language] as const,
  roleGrants: (roleId: string) => ['permissions', ROLE_PROVIDER, roleId] as const,
};

/** The paged lists (the generic list machinery reads them). */
export const usersLists = {
  users: USER_ENDPOINTS.list,
  roles: ROLE_ENDPOINTS.list,
};

export const usersQueries = {
  allRoles: () => resourceQueries.all(ROLE_ENDPOINTS.all),
  /** The same cache entry as the product selects of the resource screens. */
  allProducts: () => resourceQueries.all(resourceCrud(productResource).all),
  permissionCatalogue: (language: string) =>
    queryOptions({
      queryKey: usersKeys.permissionCatalogue(language),
      queryFn: ({ signal }) => api.call(PERMISSION_ENDPOINTS.grantable, { params: {}, signal }),
      staleTime: Infinity,
    }),
  /** A role's grants, asked by the role's id (names repeat across clients). */
  roleGrants: (roleId: string) =>
    queryOptions({
      queryKey: usersKeys.roleGrants(roleId),
      queryFn: ({ signal }) =>
        api.call(PERMISSION_ENDPOINTS.grants, {
          params: {},
          query: { providerName: ROLE_PROVIDER, providerKey: roleId },
          signal,
        }),
    }),
};

export const usersMutations = {
  /** Answers the role's grants as stored. */
  saveRoleGrants: (roleId: string) =>
    mutationOptions({
      mutationFn: (body: PermissionUpdate) =>
        api.call(PERMISSION_ENDPOINTS.saveGrants, {
          params: {},
          query: { providerName: ROLE_PROVIDER, providerKey: roleId },
          body,
        }),
    }),
  /** PUT takes the record as GET returned it, so only the status changes. */
  activate: () =>
    mutationOptions({
      mutationFn: (user: User) =>
        api.call(USER_ENDPOINTS.update, { params: { id: user.id }, body: { ...user, status: 'active' } }),
    }),
  /** A one-time password-reset token; the server keeps only its hash. */
  issueResetToken: () =>
    mutationOptions({
      mutationFn: (user: User) => api.call(USER_ACCOUNT_ENDPOINTS.resetToken, { params: { id: user.id } }),
    }),
  /** An administrator sets another user's password (no current password needed). */
  setPassword: () =>
    mutationOptions({
      mutationFn: ({ userId, newPassword }: { userId: string; newPassword: string }) =>
        api.call(USER_ACCOUNT_ENDPOINTS.changePassword, { params: { id: userId }, body: { newPassword } }),
    }),
};
