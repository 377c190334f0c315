import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  menuTreeSchema,
  permissionGrantsSchema,
  productResource,
  resetTokenResponseSchema,
  ROLE_ENDPOINTS,
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
      queryFn: ({ signal }) => api.get('permissions/base', menuTreeSchema, undefined, { signal }),
      staleTime: Infinity,
    }),
  /** A role's grants, asked by the role's id (names repeat across clients). */
  roleGrants: (roleId: string) =>
    queryOptions({
      queryKey: usersKeys.roleGrants(roleId),
      queryFn: ({ signal }) =>
        api.get(
          'permissions',
          permissionGrantsSchema,
          { providerName: ROLE_PROVIDER, providerKey: roleId },
          { signal },
        ),
    }),
};

export const usersMutations = {
  /** Answers the role's grants as stored. */
  saveRoleGrants: (roleId: string) =>
    mutationOptions({
      mutationFn: (body: PermissionUpdate) =>
        api.put('permissions', body, {
          query: { providerName: ROLE_PROVIDER, providerKey: roleId },
          schema: permissionGrantsSchema,
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
      mutationFn: (user: User) =>
        api.post(`${USERS}/${user.id}/reset-token`, undefined, { schema: resetTokenResponseSchema }),
    }),
  /** An administrator sets another user's password (no current password needed). */
  setPassword: (userId: string | undefined) =>
    mutationOptions({
      mutationFn: ({ newPassword }: { newPassword: string }) =>
        api.put(`${USERS}/${userId}/change-password`, { newPassword }),
    }),
};
