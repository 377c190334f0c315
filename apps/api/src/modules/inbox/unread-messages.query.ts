import { and, count, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.ts';
import { messageRecipients } from './inbox.table.ts';

/**
 * Each user's unread messages: for the live stream's snapshot here and for the messages area's count
 * and announcements (the inbox owns the tables; the messages area imports it, not the other way).
 */
export async function unreadMessageCounts(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((userId) => [userId, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: messageRecipients.userId, value: count() })
    .from(messageRecipients)
    .where(and(inArray(messageRecipients.userId, [...userIds]), isNull(messageRecipients.readTime)))
    .groupBy(messageRecipients.userId);
  for (const row of rows) counts.set(row.userId, Number(row.value));
  return counts;
}
