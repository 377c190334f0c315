import { and, eq, isNull } from 'drizzle-orm';
import type { ComposeMessage, Message } from '@armature/domain';
import type { Principal } from '../../core/auth/principal.ts';
import type { Tx } from '../../core/db/client.ts';
import { publishEvent } from '../../core/events/event-bus.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import { MESSAGES_EVENT, messageRecipients, messages, unreadMessageCounts, userChannel } from '../inbox/index.ts';
import { checkRecipients } from './message-audience.ts';
import { messageOf } from './message.query.ts';

/**
 * Tells each user's open screens their new unread-message count, on the live channel the inbox's
 * stream follows for them. Published inside the write's transaction, so it goes out only if the write
 * commits.
 */
async function announceUnread(tx: Tx, userIds: readonly string[]): Promise<void> {
  const counts = await unreadMessageCounts(tx, userIds);
  for (const [userId, count] of counts) await publishEvent(tx, userChannel(userId), MESSAGES_EVENT, { count });
}

/**
 * The sender of the message a reply answers, when the caller received it (they may always answer
 * them); null when the caller only sent it. A message the caller never saw is an invalid `replyToId`.
 */
async function replySender(tx: Tx, caller: Principal, replyToId: string | undefined): Promise<string | null> {
  if (!replyToId) return null;
  const answered = await messageOf(tx, caller.userId, replyToId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') throw invalidFields({ replyToId: ['invalid'] });
    throw error;
  });
  // Not its sender, so one of its recipients (a message is only ever shown to those).
  return answered.sender.id === caller.userId ? null : answered.sender.id;
}

/** `POST /api/messages`: checks every recipient first, then writes the message and its recipients. */
export async function sendMessage(tx: Tx, caller: Principal, input: ComposeMessage): Promise<Message> {
  const recipientIds = [...new Set(input.recipientIds)];
  await checkRecipients(tx, caller, recipientIds, await replySender(tx, caller, input.replyToId));
  const now = isoNow();
  const audit = { creatorId: caller.userId, creationTime: now };
  const [message] = await tx
    .insert(messages)
    .values({
      senderId: caller.userId,
      subject: input.subject,
      body: input.body,
      replyToId: input.replyToId ?? null,
      ...audit,
    })
    .returning({ id: messages.id });
  if (!message) throw new Error('message insert returned no row');
  await tx
    .insert(messageRecipients)
    .values(recipientIds.map((userId) => ({ messageId: message.id, userId, ...audit })));
  await announceUnread(tx, recipientIds);
  return messageOf(tx, caller.userId, message.id);
}

/** `POST /api/messages/{id}/read`: a recipient marks it read (again: nothing changes); others see it unchanged. */
export async function markMessageRead(tx: Tx, caller: Principal, id: string): Promise<Message> {
  const message = await messageOf(tx, caller.userId, id);
  const marked = await tx
    .update(messageRecipients)
    .set({ readTime: isoNow(), lastModifierId: caller.userId, lastModificationTime: isoNow() })
    .where(
      and(
        eq(messageRecipients.messageId, id),
        eq(messageRecipients.userId, caller.userId),
        isNull(messageRecipients.readTime),
      ),
    )
    .returning({ id: messageRecipients.id });
  if (marked.length === 0) return message;
  await announceUnread(tx, [caller.userId]);
  return messageOf(tx, caller.userId, id);
}
