import { z } from 'zod';
import { emailSchema, idSchema, optionalText, telephoneSchema } from '../core/common.schema.ts';

/** The web app is a public OAuth-style client: a browser cannot keep a secret. */
export const WEB_CLIENT_ID = 'armature-web';

export const userNameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/, 'userName');
export const passwordSchema = z
  .string()
  .min(8)
  .max(128)
  .regex(/^(?=.*[A-Za-z])(?=.*\d)/, 'passwordStrength');

export const loginSchema = z.object({
  userName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshSchema = z.object({
  clientId: z.string().min(1).max(64),
  clientSecret: z.string().max(256).optional(),
  refreshToken: z.string().min(1).max(256),
});
export type RefreshInput = z.infer<typeof refreshSchema>;

export const logoutSchema = z.object({ refreshToken: z.string().max(256).optional() });

export const selectionSchema = z.object({ clientId: idSchema, productId: idSchema });
export type SelectionInput = z.infer<typeof selectionSchema>;

export const currentUserSchema = z.object({
  id: idSchema,
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  roles: z.array(z.string()),
  /** True when the roles include `admin`, the static role that holds every permission. */
  isAdmin: z.boolean(),
  currentClient: z.object({ id: idSchema, companyName: z.string() }).nullable(),
  currentProduct: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** True while the seeded admin still signs in with the documented demo password. */
  usesDemoPassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1).max(64),
  email: emailSchema,
  telephone: telephoneSchema,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const changePasswordSchema = z.object({
  /** Required when changing one's own password. */
  currentPassword: z.string().max(128).optional(),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Self-registration creates a disabled account that an administrator activates. */
export const registerSchema = z.object({
  userName: userNameSchema,
  name: z.string().trim().min(1).max(64),
  email: emailSchema,
  telephone: telephoneSchema,
  password: passwordSchema,
  remark: optionalText(256),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ userName: z.string().trim().min(1).max(64) });

/** Reset with the one-time token an administrator issued. */
export const resetPasswordSchema = z.object({
  userName: z.string().trim().min(1).max(64),
  token: z.string().trim().min(1).max(128),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetTokenResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
