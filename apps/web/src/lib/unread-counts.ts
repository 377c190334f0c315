import { queryOptions } from '@tanstack/react-query';
import { UNREAD_COUNT_ENDPOINTS } from '@armature/domain';
import { api } from './api-client.ts';

/**
 * The signed-in user's unread notifications and messages. Here (lib/) because two
 * features share them: the inbox's header indicators show them and put the live stream's pushes in
 * their cache, the messages page shows the inbox's count on its tab. Each key sits under its API
 * path, so a feature refreshing everything under `notifications` or `messages` refreshes its count.
 */
export const NOTIFICATIONS_API = 'notifications';
export const MESSAGES_API = 'messages';

export const unreadCountKeys = {
  notifications: () => [NOTIFICATIONS_API, 'unread-count'] as const,
  messages: () => [MESSAGES_API, 'unread-count'] as const,
};

const unreadCount = (
  endpoint: (typeof UNREAD_COUNT_ENDPOINTS)[keyof typeof UNREAD_COUNT_ENDPOINTS],
  queryKey: readonly string[],
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.call(endpoint, { params: {}, signal }),
    select: (answer) => answer.count,
  });

export const unreadCountQueries = {
  notifications: () => unreadCount(UNREAD_COUNT_ENDPOINTS.notifications, unreadCountKeys.notifications()),
  messages: () => unreadCount(UNREAD_COUNT_ENDPOINTS.messages, unreadCountKeys.messages()),
};
