import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
  readAllInputSchema,
  readAllResultSchema,
  unreadCountSchema,
} from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { openEventStream } from '../../core/events/sse.ts';
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

  app.get(
    '',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } },
    },
    async (request) => listNotifications(app.db, requirePrincipal(request).userId, request.query),
  );

  app.get(
    '/unread-count',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: unreadCountSchema } } },
    async (request) => ({ count: await unreadNotificationCount(app.db, requirePrincipal(request).userId) }),
  );

  app.post(
    '/:id/read',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParamsSchema, response: { 200: notificationSchema } },
    },
    async (request, reply) => {
      const { userId } = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await findNotification(tx, userId, request.params.id);
        await markNotificationRead(tx, userId, request.params.id);
        return findNotification(tx, userId, request.params.id);
      });
    },
  );

  app.post(
    '/read-all',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: readAllInputSchema, response: { 200: readAllResultSchema } },
    },
    async (request, reply) => {
      const { userId } = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => ({
        marked: await markAllNotificationsRead(tx, userId, request.body.kind),
      }));
    },
  );

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
