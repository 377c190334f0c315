import { z } from 'zod';
import { idSchema, listQuerySchema, pagedResultSchema, plainText } from '../core/common.schema.ts';

/**
 * Messages between people: within one client, or from the maker's staff to anyone. A reply
 * always reaches the sender, so a plant user can answer the maker.
 */
export const MESSAGE_MAX_RECIPIENTS = 50;

export const composeMessageSchema = z.object({
  recipientIds: z.array(idSchema).min(1).max(MESSAGE_MAX_RECIPIENTS),
  subject: plainText().trim().min(1).max(120),
  body: z.string().trim().min(1).max(5000),
  /** The message this one answers: its sender may always be among the recipients. */
  replyToId: idSchema.optional(),
});
export type ComposeMessage = z.infer<typeof composeMessageSchema>;

export const messagePersonSchema = z.object({ id: idSchema, userName: z.string(), name: z.string() });
export type MessagePerson = z.infer<typeof messagePersonSchema>;

export const messageSchema = z.object({
  id: idSchema,
  subject: z.string(),
  body: z.string(),
  sender: messagePersonSchema,
  recipients: z.array(messagePersonSchema.extend({ readTime: z.string().nullable() })),
  replyToId: idSchema.nullable(),
  /** The reader's own read time: null while unread (always the creation time for the sender). */
  readTime: z.string().nullable(),
  creationTime: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const MESSAGE_BOXES = ['inbox', 'sent'] as const;
export const messageBoxSchema = z.enum(MESSAGE_BOXES);
export type MessageBox = z.infer<typeof messageBoxSchema>;

/** `GET /api/messages?box=inbox|sent&unread&filter`: newest first; `filter` searches subject, body and names. */
export const messageListQuerySchema = listQuerySchema.omit({ sorting: true }).extend({
  box: messageBoxSchema.default('inbox'),
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;
export const messagePageSchema = pagedResultSchema(messageSchema);

/** `GET /api/messages/recipients?filter`: the people the caller may write to. */
export const messageRecipientQuerySchema = z.object({ filter: plainText().trim().max(64).optional() });
export const messageRecipientSchema = messagePersonSchema.extend({ clientName: z.string().nullable() });
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;
