import { mutationOptions } from '@tanstack/react-query';
import { userPreferencesSchema, type UserPreferences, type UserPreferencesUpdate } from '@armature/domain';
import { api } from './api-client.ts';

/** `/api/account/preferences` (the inbox's muted kinds live there too). */
export const PREFERENCES_API = 'account/preferences';

/**
 * The signed-in user's preferences. A plain request, not a cached query: it is read when a
 * user signs in, the very moment the sign-in empties the query cache for the new user.
 */
export const fetchUserPreferences = (signal?: AbortSignal): Promise<UserPreferences> =>
  api.get(PREFERENCES_API, userPreferencesSchema, undefined, { signal });

/** Saves the keys given; the server answers the whole preferences. */
export const saveUserPreferences = () =>
  mutationOptions({
    mutationFn: (change: UserPreferencesUpdate) => api.put(PREFERENCES_API, change, { schema: userPreferencesSchema }),
  });
