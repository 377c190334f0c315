import { z } from 'zod';
import { auditSchema, concurrencyTokenSchema, idSchema, listQuerySchema, optionalText } from '../core/common.schema.ts';
import { crudEndpoints } from '../core/crud-endpoints.ts';

/** The static role that always holds every permission: holding it is what makes a user an admin. */
export const ADMIN_ROLE = 'admin';

export const roleSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    isStatic: z.boolean(),
    /** The client whose role it is; null for the maker's roles, templates every client may assign. */
    clientId: idSchema.nullable(),
    clientName: z.string().nullable(),
    /** Users holding it, of the caller's client only (the maker's admin: all). */
    userCount: z.number().int(),
  })
  .extend(auditSchema.shape);
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2)
    .max(32)
    .regex(/^[\p{L}\p{N}._-]+$/u, 'invalid'),
  description: optionalText(256),
  /**
   * The client whose role it is, chosen by the maker's admin only (absent or null: a template); a
   * client's manager's roles are their client's. Kept on update when absent.
   */
  clientId: idSchema.nullish(),
  lastModificationTime: concurrencyTokenSchema,
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleListQuerySchema = listQuerySchema;

/** The roles' list, options, detail and writes (`/api/roles`), guarded by the roles page. */
export const ROLE_ENDPOINTS = crudEndpoints({
  path: 'roles',
  page: 'basicConfig.user.roles',
  item: roleSchema,
  input: roleInputSchema,
  listQuery: roleListQuerySchema,
});
