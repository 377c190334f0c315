import { queryOptions } from '@tanstack/react-query';
import type { PermissionGrants, PermissionUpdate, Role, SystemNode, Product } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

/** API paths, which are also the first element of every query key of the resource. */
export const USERS = 'users';
export const ROLES = 'roles';

const ROLE_PROVIDER = 'R';

export const allRolesQuery = () =>
  queryOptions({
    queryKey: [ROLES, 'all'],
    queryFn: ({ signal }) => api.get<Role[]>('roles/all', undefined, { signal }),
  });

export const allProductsQuery = () =>
  queryOptions({
    queryKey: ['product', 'all'],
    queryFn: ({ signal }) => api.get<Product[]>('product/all', undefined, { signal }),
  });

/** The catalogue's texts come localized by Accept-Language, so the language is part of the key. */
export const permissionCatalogueQuery = (language: string) =>
  queryOptions({
    queryKey: ['permissions', 'base', language],
    queryFn: ({ signal }) => api.get<SystemNode[]>('permissions/base', undefined, { signal }),
    staleTime: Infinity,
  });

export const roleGrantsQuery = (roleName: string) =>
  queryOptions({
    queryKey: ['permissions', ROLE_PROVIDER, roleName],
    queryFn: ({ signal }) =>
      api.get<PermissionGrants>('permissions', { providerName: ROLE_PROVIDER, providerKey: roleName }, { signal }),
  });

export function saveRoleGrants(roleName: string, body: PermissionUpdate): Promise<PermissionGrants> {
  return api.put('permissions', body, { query: { providerName: ROLE_PROVIDER, providerKey: roleName } });
}
