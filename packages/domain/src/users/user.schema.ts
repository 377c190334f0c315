import { z } from 'zod';
import { passwordSchema, userNameSchema } from '../account/index.ts';
import {
  auditSchema,
  concurrencyTokenSchema,
  emailSchema,
  idSchema,
  listQuerySchema,
  telephoneSchema,
} from '../core/common.schema.ts';

export const userStatusSchema = z.enum(['active', 'disabled']);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A user (personnel) as the API returns it: never a hash, token or secret. */
export const userSchema = z
  .object({
    id: idSchema,
    userName: z.string(),
    name: z.string(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    status: userStatusSchema,
    roleNames: z.array(z.string()),
    /** Products (plants) the user may work in; admins may use every product. */
    productIds: z.array(idSchema),
    /** The client (company) the user belongs to; null for the equipment maker's staff. */
    clientId: idSchema.nullable(),
    clientName: z.string().nullable(),
    /** The user asked for a password reset on the "forgot password" page. */
    passwordResetRequested: z.boolean(),
    /** Set while failed sign-ins keep the account locked. */
    lockedUntil: z.string().nullable(),
  })
  .extend(auditSchema.shape);
export type User = z.infer<typeof userSchema>;

const userFields = {
  userName: userNameSchema,
  name: z.string().trim().min(1).max(64),
  telephone: telephoneSchema,
  email: emailSchema,
  status: userStatusSchema.default('active'),
  roleNames: z.array(z.string().min(1).max(32)).max(50).default([]),
  productIds: z.array(idSchema).max(500).default([]),
  /**
   * The client the user belongs to, null for the equipment maker's staff. Only admins choose it (absent:
   * the one client of `productIds`, else maker staff); a non-admin manager's users belong to their client.
   */
  clientId: idSchema.nullish(),
};

export const userCreateSchema = z.object({ ...userFields, password: passwordSchema });
export type UserCreate = z.input<typeof userCreateSchema>;

/** PUT accepts the record as GET returned it; read-only fields are ignored. */
export const userUpdateSchema = z.object({ ...userFields, lastModificationTime: concurrencyTokenSchema });
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const userListQuerySchema = listQuerySchema.extend({
  status: userStatusSchema.optional(),
  roleName: z.string().max(32).optional(),
  clientId: idSchema.optional(),
});

/** Products the current user may choose, with their client (the client-and-product chooser). */
export const userProductSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  clientId: idSchema,
  clientName: z.string(),
  /** The plant's IANA time zone: the screens show every time on the plant's clock. */
  timeZone: z.string(),
});
export type UserProduct = z.infer<typeof userProductSchema>;
