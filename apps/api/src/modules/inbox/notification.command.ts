import { and, eq, isNull } from 'drizzle-orm';
import type { NotificationKind } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { notifications } from './inbox.table.ts';
import { publishUnreadCounts } from './notify.ts';

/**
 * Marks one of the user's notifications read (again is a no-op: the first read time stays) and sends
 * their new unread count. The caller has checked the notification is theirs.
 */
export async function markNotificationRead(tx: Tx, userId: string, id: string): Promise<void> {
  const changed = await tx
    .update(notifications)
    .set({ readTime: isoNow(), lastModifierId: userId, lastModificationTime: isoNow() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readTime)))
    .returning({ id: notifications.id });
  if (changed.length) await publishUnreadCounts(tx, [userId]);
}

/** Marks every unread notification of the user (of one kind, when given) read; how many were. */
export async function markAllNotificationsRead(tx: Tx, userId: string, kind?: NotificationKind): Promise<number> {
  const changed = await tx
    .update(notifications)
    .set({ readTime: isoNow(), lastModifierId: userId, lastModificationTime: isoNow() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readTime),
        kind ? eq(notifications.kind, kind) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  if (changed.length) await publishUnreadCounts(tx, [userId]);
  return changed.length;
}
