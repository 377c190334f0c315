import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_ENDPOINTS, UNREAD_COUNT_ENDPOINTS } from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { openEventStream } from '../../core/events/sse.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { markAllNotificationsRead, markNotificationRead } from './notification.command.ts';
import { findNotification, listNotifications } from './notification.query.ts';
import { MESSAGES_EVENT, NOTIFICATIONS_EVENT, unreadNotificationCount, userChannel } from './notify.ts';
import { unreadMessageCounts } from './unread-messages.query.ts';

/**
 * `/api/notifications`: each signed-in user's own notifications (whatever their permissions: what they
 * were told is theirs to read), and a live stream of their unread notification and message counts.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  endpointRoute(
    app,
    NOTIFICATION_ENDPOINTS.list,
    async (request) => listNotifications(app.db, requirePrincipal(request).userId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    UNREAD_COUNT_ENDPOINTS.notifications,
    async (request) => ({ count: await unreadNotificationCount(app.db, requirePrincipal(request).userId) }),
    { tags },
  );

  endpointRoute(
    app,
    NOTIFICATION_ENDPOINTS.read,
    async (request, reply) => {
      const { userId } = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await findNotification(tx, userId, request.params.id);
        await markNotificationRead(tx, userId, request.params.id);
        return findNotification(tx, userId, request.params.id);
      });
    },
    { tags },
  );

  endpointRoute(
    app,
    NOTIFICATION_ENDPOINTS.readAll,
    async (request, reply) => {
      const { userId } = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => ({
        marked: await markAllNotificationsRead(tx, userId, request.body.kind),
      }));
    },
    { tags },
  );

  // A live stream, not one answer: registered by hand.
  app.get(
    '/events',
    { config: { access: 'authenticated' }, schema: { tags, produces: ['text/event-stream'] } },
    async (request, reply) => {
      const { userId } = requirePrincipal(request);
      return openEventStream(request, reply, {
        channels: [userChannel(userId)],
        snapshot: async () => [
          { event: NOTIFICATIONS_EVENT, data: { count: await unreadNotificationCount(app.db, userId) } },
          { event: MESSAGES_EVENT, data: { count: (await unreadMessageCounts(app.db, [userId])).get(userId) } },
        ],
      });
    },
  );
};
