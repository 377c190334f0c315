import { z } from 'zod';

/** Who holds a grant: `R` a role (key = role name), `U` a user (key = user id). */
export const providerNameSchema = z.enum(['R', 'U']);
export type ProviderName = z.infer<typeof providerNameSchema>;

export const permissionProviderQuerySchema = z.object({
  providerName: providerNameSchema,
  providerKey: z.string().trim().min(1).max(64),
});

export const permissionGrantsSchema = z.object({
  providerName: providerNameSchema,
  providerKey: z.string(),
  /** Granted page and button permissions. */
  granted: z.array(z.string()),
});
export type PermissionGrants = z.infer<typeof permissionGrantsSchema>;

/** PUT permissions body: a partial change, each name granted or revoked. */
export const permissionUpdateSchema = z.object({
  permissions: z.array(z.object({ name: z.string().min(1).max(128), isGranted: z.boolean() })).max(2000),
});
export type PermissionUpdate = z.infer<typeof permissionUpdateSchema>;

/** The caller's own effective permissions. */
export const userPermissionsSchema = z.object({ isAdmin: z.boolean(), granted: z.array(z.string()) });
export type UserPermissions = z.infer<typeof userPermissionsSchema>;
