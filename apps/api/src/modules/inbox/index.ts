import type { Area } from '../../core/area.ts';
import { notificationRoutes } from './notification.routes.ts';

export * from './inbox.table.ts';
export {
  notify,
  userChannel,
  publishUnreadCounts,
  MESSAGES_EVENT,
  NOTIFICATIONS_EVENT,
  type NotificationEvent,
} from './notify.ts';
export { unreadMessageCounts } from './unread-messages.query.ts';

/**
 * Notifications: the areas raise them with `notify` inside their own transaction; people
 * read them under `/api/notifications`, with a live stream of their unread counts.
 */
export const inboxArea: Area = {
  name: 'inbox',
  routes: async (app) => {
    await app.register(notificationRoutes, { prefix: '/notifications' });
  },
};
