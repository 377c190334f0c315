import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGE_ENDPOINTS, UNREAD_COUNT_ENDPOINTS } from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { markMessageRead, sendMessage } from './message.command.ts';
import { unreadMessageCounts } from '../inbox/index.ts';
import { listMessages, messageOf, recipientChoices } from './message.query.ts';

/**
 * Messages between people, for any signed-in user, under `/api/messages`:
 *
 * - `GET /?box=inbox|sent&unread&filter&skipCount&maxResultCount`: the caller's inbox or sent box,
 *   newest first; `filter` searches subject, body, sender and recipient names.
 * - `GET /unread-count`: `{ count }` of the caller's unread messages.
 * - `GET /recipients?filter`: up to 50 people the caller may write to (a plant user: their own client's).
 * - `GET /{id}`: a message the caller sent or received; 404 otherwise.
 * - `POST /`: sends a message (201). A plant user writes to their own client's active users, or answers
 *   the sender of a message they received; anyone else, and a missing or disabled user, 400
 *   `message_recipient_unknown` (naming nobody).
 * - `POST /{id}/read`: the caller marks a message they received read (idempotent).
 *
 * Sending and reading push each affected recipient's unread count live (`messages` on `user:<id>`).
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['messages'] };

  endpointRoute(
    app,
    MESSAGE_ENDPOINTS.list,
    async (request) => listMessages(app.db, requirePrincipal(request).userId, request.query),
    options,
  );

  endpointRoute(
    app,
    UNREAD_COUNT_ENDPOINTS.messages,
    async (request) => {
      const { userId } = requirePrincipal(request);
      return { count: (await unreadMessageCounts(app.db, [userId])).get(userId) ?? 0 };
    },
    options,
  );

  endpointRoute(
    app,
    MESSAGE_ENDPOINTS.recipients,
    async (request) => recipientChoices(app.db, requirePrincipal(request), request.query.filter),
    options,
  );

  endpointRoute(
    app,
    MESSAGE_ENDPOINTS.get,
    async (request) => messageOf(app.db, requirePrincipal(request).userId, request.params.id),
    options,
  );

  endpointRoute(
    app,
    MESSAGE_ENDPOINTS.send,
    async (request, reply) =>
      runWrite(request, reply, (tx) => sendMessage(tx, requirePrincipal(request), request.body)),
    options,
  );

  endpointRoute(
    app,
    MESSAGE_ENDPOINTS.read,
    async (request, reply) =>
      runWrite(request, reply, (tx) => markMessageRead(tx, requirePrincipal(request), request.params.id)),
    options,
  );
};
