import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { userPreferencesSchema, type UserPreferencesUpdate } from '@armature/domain';
import { api } from './api-client.ts';

/** `/api/account/preferences`, also the root of its query keys (the inbox's muted kinds share it). */
export const PREFERENCES_API = 'account/preferences';

/**
 * The signed-in user's preferences (issue #17), per user so the next one signing in on this browser never
 * sees the previous one's. Read once per sign-in: the browser changes them only through `save`.
 */
export const userPreferencesQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [PREFERENCES_API, userId] as const,
    queryFn: ({ signal }) => api.get(PREFERENCES_API, userPreferencesSchema, undefined, { signal }),
    enabled: userId !== undefined,
    staleTime: Infinity,
    // The cached appearance stays on screen if they cannot be read: nothing to tell the user then.
    meta: { silent: true },
  });

/** Saves the keys given; the server answers the whole preferences. */
export const saveUserPreferences = () =>
  mutationOptions({
    mutationFn: (change: UserPreferencesUpdate) => api.put(PREFERENCES_API, change, { schema: userPreferencesSchema }),
  });
