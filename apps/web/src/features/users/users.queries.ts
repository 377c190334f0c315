import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  menuTreeSchema,
  pagedResultSchema,
  permissionGrantsSchema,
  productResource,
  resetTokenResponseSchema,
  roleSchema,
  userSchema,
  type PermissionUpdate,
  type User,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { itemSchemaOf, resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';

/** API paths, which are also the first element of every query key of the resource. */
export const USERS = 'users';
export const ROLES = 'roles';

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
  users: { path: USERS, schema: pagedResultSchema(userSchema) },
  roles: { path: ROLES, schema: pagedResultSchema(roleSchema) },
};

export const usersQueries = {
  allRoles: () => resourceQueries.all(ROLES, roleSchema),
  /** The same cache entry as the product selects of the resource screens. */
  allProducts: () => resourceQueries.all(productResource.path, itemSchemaOf(productResource)),
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
      mutationFn: (user: User) => api.put(`${USERS}/${user.id}`, { ...user, status: 'active' }),
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
