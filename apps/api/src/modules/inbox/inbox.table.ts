import { index, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { NotificationKind, NotificationParams } from '@armature/domain';
import { auditColumns, idColumn, instant } from '../../core/db/audit-columns.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { ownerUserId, users } from '../../core/auth/users.table.ts';

/**
 * One notification for one user: an event of an area fanned out to the users concerned.
 * Its text is worded by the reader's screen from `kind` and `params`.
 */
export const notifications = pgTable(
  'notification',
  {
    ...idColumn,
    userId: ownerUserId(),
    kind: varchar({ length: 32 }).$type<NotificationKind>().notNull(),
    params: jsonb().$type<NotificationParams>().notNull().default({}),
    /** The record it is about: a menu page id and the record's id (null: the page itself). */
    subjectPage: varchar({ length: 128 }).notNull(),
    subjectId: uuid(),
    /** What the link opens on the record's page (`replan`: a machine's re-plan proposal), as `?view=`. */
    subjectView: varchar({ length: 32 }),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    productId: uuid().references(() => products.id, { onDelete: 'cascade' }),
    /** Who started the action (null: telemetry, a scheduled check). */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Makes a repeated event tell each user once (`orderDue:<order>:<date>`, `lowStock:<spec>:<episode>`):
     * unique per user when set.
     */
    dedupeKey: varchar({ length: 200 }),
    readTime: instant(),
    ...auditColumns,
  },
  (table) => [
    index('notification_user_time_idx').on(table.userId, table.creationTime),
    index('notification_user_unread_idx').on(table.userId, table.readTime),
    uniqueIndex('notification_user_dedupe_key').on(table.userId, table.dedupeKey),
  ],
);

/** A message between people; its recipients are rows of `message_recipient`. */
export const messages = pgTable(
  'message',
  {
    ...idColumn,
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: varchar({ length: 120 }).notNull(),
    body: varchar({ length: 5000 }).notNull(),
    replyToId: uuid(),
    ...auditColumns,
  },
  (table) => [index('message_sender_time_idx').on(table.senderId, table.creationTime)],
);

export const messageRecipients = pgTable(
  'message_recipient',
  {
    ...idColumn,
    messageId: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    readTime: instant(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('message_recipient_message_user_key').on(table.messageId, table.userId),
    index('message_recipient_user_read_idx').on(table.userId, table.readTime),
  ],
);
