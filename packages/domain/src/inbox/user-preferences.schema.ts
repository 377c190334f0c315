import { z } from 'zod';
import { notificationKindSchema } from './notification.schema.ts';

/** docs/spec.md §1.6 Languages and themes: light (the default) or dark. */
export const THEME_MODES = ['light', 'dark'] as const;
export const themeModeSchema = z.enum(THEME_MODES);
export type ThemeMode = z.infer<typeof themeModeSchema>;

/**
 * What a user chose for themselves, kept on the server so it follows them to any browser (issue #17):
 * the theme, compact density, and the notification kinds they do not want.
 */
const preferenceFields = {
  theme: themeModeSchema,
  compact: z.boolean(),
  mutedKinds: z.array(notificationKindSchema).max(20),
};

export const userPreferencesSchema = z.object({
  theme: preferenceFields.theme.default('light'),
  compact: preferenceFields.compact.default(true),
  mutedKinds: preferenceFields.mutedKinds.default([]),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** `PUT /api/account/preferences`: any subset (no defaults filled in); the rest stays as it was. */
export const userPreferencesUpdateSchema = z.object(preferenceFields).partial();
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdateSchema>;

export const DEFAULT_USER_PREFERENCES: UserPreferences = userPreferencesSchema.parse({});
