import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  composeMessageSchema,
  idParamsSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageRecipientQuerySchema,
  messageRecipientSchema,
  messageSchema,
  unreadCountSchema,
} from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
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
  const tags = ['messages'];
  const access = 'authenticated';

  app.get(
    '',
    { config: { access }, schema: { tags, querystring: messageListQuerySchema, response: { 200: messagePageSchema } } },
    async (request) => listMessages(app.db, requirePrincipal(request).userId, request.query),
  );

  app.get(
    '/unread-count',
    { config: { access }, schema: { tags, response: { 200: unreadCountSchema } } },
    async (request) => {
      const { userId } = requirePrincipal(request);
      return { count: (await unreadMessageCounts(app.db, [userId])).get(userId) ?? 0 };
    },
  );

  app.get(
    '/recipients',
    {
      config: { access },
      schema: { tags, querystring: messageRecipientQuerySchema, response: { 200: messageRecipientSchema.array() } },
    },
    async (request) => recipientChoices(app.db, requirePrincipal(request), request.query.filter),
  );

  app.get(
    '/:id',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => messageOf(app.db, requirePrincipal(request).userId, request.params.id),
  );

  app.post(
    '',
    { config: { access }, schema: { tags, body: composeMessageSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, (tx) => sendMessage(tx, requirePrincipal(request), request.body));
    },
  );

  app.post(
    '/:id/read',
    { config: { access }, schema: { tags, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request, reply) =>
      runWrite(request, reply, (tx) => markMessageRead(tx, requirePrincipal(request), request.params.id)),
  );
};
