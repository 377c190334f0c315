import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message, MessageListQuery, MessageRecipient, PagedResult } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { users } from '../../core/auth/users.table.ts';
import { clients } from '../../core/crud/resources.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { fetchPage, keywordCondition } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import type { Principal } from '../../core/auth/principal.ts';
import { messageRecipients, messages } from '../inbox/index.ts';
import { writableUsers } from './message-audience.ts';

const sender = alias(users, 'sender');
/** The caller's own recipient row of a message (absent for the sender). */
const mine = alias(messageRecipients, 'mine');

/** The recipients' names of a message as one text, so the keyword finds a sent message by its addressees. */
const recipientNames = sql`(select string_agg(${users.name} || ' ' || ${users.userName}, ' ')
  from ${messageRecipients} inner join ${users} on ${users.id} = ${messageRecipients.userId}
  where ${messageRecipients.messageId} = ${messages.id})`;

const messageColumns = {
  id: messages.id,
  subject: messages.subject,
  body: messages.body,
  replyToId: messages.replyToId,
  creationTime: messages.creationTime,
  senderId: sender.id,
  senderUserName: sender.userName,
  senderName: sender.name,
  /** The caller's read time when they are a recipient. */
  readTime: mine.readTime,
};

/** Messages joined to their sender and to the caller's own recipient row. */
function messagesOf(db: Db | Tx, userId: string) {
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(mine, and(eq(mine.messageId, messages.id), eq(mine.userId, userId)));
}
type MessageRow = Awaited<ReturnType<typeof messagesOf>>[number];

/** Rows to the API shape, with every message's recipients read in one query. */
async function toMessages(db: Db | Tx, userId: string, rows: readonly MessageRow[]): Promise<Message[]> {
  if (rows.length === 0) return [];
  const recipients = await db
    .select({
      messageId: messageRecipients.messageId,
      id: users.id,
      userName: users.userName,
      name: users.name,
      readTime: messageRecipients.readTime,
    })
    .from(messageRecipients)
    .innerJoin(users, eq(users.id, messageRecipients.userId))
    .where(
      inArray(
        messageRecipients.messageId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(users.name));
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    body: row.body,
    sender: { id: row.senderId, userName: row.senderUserName, name: row.senderName },
    recipients: recipients
      .filter((recipient) => recipient.messageId === row.id)
      .map(({ id, userName, name, readTime }) => ({ id, userName, name, readTime: toIso(readTime) })),
    replyToId: row.replyToId,
    // The sender has read what they wrote; a recipient's own read time otherwise.
    readTime: row.senderId === userId ? toIso(row.creationTime) : toIso(row.readTime),
    creationTime: toIso(row.creationTime),
  }));
}

/**
 * Which messages a box holds: the inbox those the caller received (`unread`: by their own read time),
 * the sent box those they wrote — all read, since a sender has read what they wrote.
 */
function boxConditions(userId: string, query: MessageListQuery): (SQL | undefined)[] {
  if (query.box === 'sent') return [eq(messages.senderId, userId), query.unread ? sql`false` : undefined];
  const readCondition = query.unread ? isNull(mine.readTime) : isNotNull(mine.readTime);
  return [isNotNull(mine.id), query.unread === undefined ? undefined : readCondition];
}

/** `GET /api/messages`: the caller's inbox or sent box, newest first. */
export async function listMessages(db: Db, userId: string, query: MessageListQuery): Promise<PagedResult<Message>> {
  const where = and(
    keywordCondition(query.filter, [messages.subject, messages.body, sender.name, sender.userName, recipientNames]),
    ...boxConditions(userId, query),
  );
  const total = db
    .select({ value: count() })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(mine, and(eq(mine.messageId, messages.id), eq(mine.userId, userId)))
    .$dynamic();
  const page = await fetchPage(messagesOf(db, userId).$dynamic(), total, {
    where,
    orderBy: [desc(messages.creationTime), desc(messages.id)],
    limit: query.maxResultCount,
    offset: query.skipCount,
  });
  return { items: await toMessages(db, userId, page.items), totalCount: page.totalCount };
}

/** One message of the caller's, as sender or recipient; 404 otherwise (another client's messages included). */
export async function messageOf(db: Db | Tx, userId: string, id: string): Promise<Message> {
  const [row] = await messagesOf(db, userId).where(
    and(eq(messages.id, id), or(eq(messages.senderId, userId), isNotNull(mine.id))),
  );
  if (!row) throw new AppError('not_found');
  const [message] = await toMessages(db, userId, [row]);
  if (!message) throw new AppError('not_found');
  return message;
}

/** At most this many people in the compose form's picker: it narrows by typing. */
const RECIPIENT_CHOICES = 50;

/** `GET /api/messages/recipients`: the people the caller may write to, by name. */
export async function recipientChoices(
  db: Db,
  caller: Principal,
  filter: string | undefined,
): Promise<MessageRecipient[]> {
  return db
    .select({ id: users.id, userName: users.userName, name: users.name, clientName: clients.companyName })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(and(writableUsers(caller), keywordCondition(filter, [users.name, users.userName])))
    .orderBy(asc(users.name), asc(users.userName))
    .limit(RECIPIENT_CHOICES);
}
