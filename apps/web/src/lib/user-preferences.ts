import { mutationOptions } from '@tanstack/react-query';
import type { UserPreferences, UserPreferencesUpdate } from '@armature/domain';
import { api } from './api-client.ts';

/** `/api/account/preferences` (the inbox's muted kinds live there too). */
export const PREFERENCES_API = 'account/preferences';

/**
 * The endpoints' schemas list every area's notification kinds (and so reaches their menus): it loads with the first
 * read, after sign-in, not with the login page.
 */
const preferenceEndpoints = async () => (await import('@armature/domain/notifications')).PREFERENCE_ENDPOINTS;

/**
 * The signed-in user's preferences. A plain request, not a cached query: it is read when a
 * user signs in, the very moment the sign-in empties the query cache for the new user.
 */
export const fetchUserPreferences = async (signal?: AbortSignal): Promise<UserPreferences> =>
  api.call((await preferenceEndpoints()).get, { params: {}, signal });

/** Saves the keys given; the server answers the whole preferences. */
export const saveUserPreferences = () =>
  mutationOptions({
    mutationFn: async (change: UserPreferencesUpdate) =>
      api.call((await preferenceEndpoints()).update, { params: {}, body: change }),
  });
