import { z } from 'zod';
import { auditSchema, concurrencyTokenSchema, idSchema, listQuerySchema, optionalText } from '../core/common.schema.ts';

/** The static role that always holds every permission (docs/spec.md §2.2 Roles: it marks an admin user). */
export const ADMIN_ROLE = 'admin';

export const roleSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    isStatic: z.boolean(),
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
  lastModificationTime: concurrencyTokenSchema,
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleListQuerySchema = listQuerySchema;
