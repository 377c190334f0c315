import { z } from 'zod';

/** docs/spec.md §1.6 Languages and themes: light (the default) or dark. */
export const THEME_MODES = ['light', 'dark'] as const;
export const themeModeSchema = z.enum(THEME_MODES);
export type ThemeMode = z.infer<typeof themeModeSchema>;

/** A user's theme and density until they choose: light, compact (what the web shows before sign-in too). */
export const DEFAULT_APPEARANCE: { readonly theme: ThemeMode; readonly compact: boolean } = {
  theme: 'light',
  compact: true,
};

/**
 * What a user chose for themselves, kept on the server so it follows them to any browser: the theme,
 * compact density, and the notification kinds they do not want (the kinds the areas raise, which the
 * catalogue passes in).
 */
export function userPreferencesContracts<K extends z.ZodType<string>>(notificationKindSchema: K) {
  const preferenceFields = {
    theme: themeModeSchema,
    compact: z.boolean(),
    mutedKinds: z.array(notificationKindSchema).max(20),
  };
  const userPreferencesSchema = z.object({
    theme: preferenceFields.theme.default(DEFAULT_APPEARANCE.theme),
    compact: preferenceFields.compact.default(DEFAULT_APPEARANCE.compact),
    mutedKinds: preferenceFields.mutedKinds.default([]),
  });
  return {
    userPreferencesSchema,
    /** `PUT /api/account/preferences`: any subset (no defaults filled in); the rest stays as it was. */
    userPreferencesUpdateSchema: z.object(preferenceFields).partial(),
    DEFAULT_USER_PREFERENCES: userPreferencesSchema.parse({}),
  };
}
