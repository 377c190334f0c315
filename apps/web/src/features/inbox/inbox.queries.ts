import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_ENDPOINTS, type NotificationKind } from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { MESSAGES_API, NOTIFICATIONS_API, unreadCountKeys, unreadCountQueries } from '../../lib/unread-counts.ts';
import { PREFERENCES_API, fetchUserPreferences } from '../../lib/user-preferences.ts';
import { resourceKeys } from '../../components/resource/resource.queries.ts';

/** The API paths (`/api/notifications`…), also the roots of their query keys. */
export const NOTIFICATIONS = NOTIFICATIONS_API;
export const MESSAGES = MESSAGES_API;

/** How many unread notifications the bell's popover shows. */
export const LATEST_UNREAD = 8;

export const inboxKeys = {
  notifications: () => resourceKeys.root(NOTIFICATIONS),
  unreadNotifications: unreadCountKeys.notifications,
  unreadMessages: unreadCountKeys.messages,
  preferences: () => [PREFERENCES_API] as const,
};

/** The notifications page's list (the generic paged-list machinery reads it). */
export const inboxLists = { notifications: NOTIFICATION_ENDPOINTS.list };

export const inboxQueries = {
  unreadNotifications: unreadCountQueries.notifications,
  unreadMessages: unreadCountQueries.messages,
  /** The newest unread ones, for the bell's popover (read when it opens). */
  latestUnread: () =>
    queryOptions({
      queryKey: [NOTIFICATIONS, 'latest-unread'] as const,
      queryFn: ({ signal }) =>
        api.call(NOTIFICATION_ENDPOINTS.list, {
          params: {},
          query: { unread: true, skipCount: 0, maxResultCount: LATEST_UNREAD },
          signal,
        }),
      staleTime: 0,
    }),
  preferences: () =>
    queryOptions({
      queryKey: inboxKeys.preferences(),
      queryFn: ({ signal }) => fetchUserPreferences(signal),
    }),
};

export const inboxMutations = {
  markRead: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(NOTIFICATION_ENDPOINTS.read, { params: { id } }),
    }),
  readAll: () =>
    mutationOptions({
      /** All unread, or those of one kind (the page's kind filter). */
      mutationFn: (kind?: NotificationKind) =>
        api.call(NOTIFICATION_ENDPOINTS.readAll, { params: {}, body: kind ? { kind } : {} }),
    }),
};

/** After a notification was marked read: the lists, the popover and the bell's count. */
export async function refreshNotifications(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: inboxKeys.notifications() });
}
