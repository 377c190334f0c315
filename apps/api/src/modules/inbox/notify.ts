import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_ROLE,
  NOTIFICATION_AUDIENCE,
  type NotificationKind,
  type NotificationParams,
  type NotificationSubject,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { publishEvent } from '../../core/events/event-bus.ts';
import { notifications } from './inbox.table.ts';

/** Something an area tells people about: one row per recipient is written in the area's transaction. */
export type NotificationEvent = {
  kind: NotificationKind;
  clientId: string | null;
  productId: string;
  subject: NotificationSubject;
  params: NotificationParams;
  /** The user who started the action: told whatever their grants (null for telemetry and scheduled checks). */
  actorId?: string | null;
  /** Tells each user once per key (`orderDue:<order>:<date>`): a repeat for the same user is dropped. */
  dedupeKey?: string;
};

/** The live channel of one user (their notification and message counts): `user:<id>`. */
export function userChannel(userId: string): string {
  return `user:${userId}`;
}

/** The live event carrying a user's unread notification count. */
export const NOTIFICATIONS_EVENT = 'notifications';

/** The live event carrying a user's unread message count (published by the messages area). */
export const MESSAGES_EVENT = 'messages';

/**
 * Writes `event` for everyone concerned, in the caller's transaction (a write that rolls back tells
 * nobody) and in one statement, however many recipients: the active users of the product holding the
 * kind's audience permission by a role or by a grant of their own, except maker staff (`admin` role),
 * who work across every plant and are told only of what they started themselves; plus the actor; minus
 * whoever muted the kind. Each recipient's new unread count goes out on their live channel at commit.
 * Returns the ids of the users told (none for a deduplicated repeat).
 */
export async function notify(tx: Tx, event: NotificationEvent): Promise<string[]> {
  const permission = NOTIFICATION_AUDIENCE[event.kind];
  const actorId = event.actorId ?? null;
  const inserted = (await tx.execute(sql`
    insert into notification
      (user_id, kind, params, subject_page, subject_id, subject_view, client_id, product_id, actor_id, dedupe_key,
        creator_id)
    select u.id, ${event.kind}, ${JSON.stringify(event.params)}::jsonb, ${event.subject.page},
      ${event.subject.id}::uuid, ${event.subject.view ?? null}, ${event.clientId}::uuid, ${event.productId}::uuid, ${actorId}::uuid,
      ${event.dedupeKey ?? null}, ${actorId}::uuid
    from users u
    where u.status = 'active'
      and not (coalesce(u.preferences -> 'mutedKinds', '[]'::jsonb) @> jsonb_build_array(${event.kind}::text))
      and (
        u.id = ${actorId}::uuid
        or (
          exists (select 1 from user_products up where up.user_id = u.id and up.product_id = ${event.productId}::uuid)
          and not exists (
            select 1 from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = u.id and r.name = ${ADMIN_ROLE}
          )
          and (
            exists (
              select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
              where ur.user_id = u.id and rp.name = ${permission}
            )
            or exists (select 1 from user_permissions p where p.user_id = u.id and p.name = ${permission})
          )
        )
      )
    on conflict (user_id, dedupe_key) do nothing
    returning user_id`)) as unknown as { rows: { user_id: string }[] };
  const recipients = inserted.rows.map((row) => row.user_id);
  await publishUnreadCounts(tx, recipients);
  return recipients;
}

/** Unread notifications of each of these users (0 for those without any). */
export async function unreadNotificationCounts(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, value: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readTime)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, Number(row.value));
  return counts;
}

export async function unreadNotificationCount(db: Db | Tx, userId: string): Promise<number> {
  return (await unreadNotificationCounts(db, [userId])).get(userId) ?? 0;
}

/** Sends each user their unread count on their live channel (at commit when `db` is a transaction). */
export async function publishUnreadCounts(db: Db | Tx, userIds: readonly string[]): Promise<void> {
  const counts = await unreadNotificationCounts(db, userIds);
  for (const [userId, value] of counts)
    await publishEvent(db, userChannel(userId), NOTIFICATIONS_EVENT, { count: value });
}

/** Whether a notification row belongs to `userId` (used by the routes' 404). */
export const ownedBy = (userId: string) => eq(notifications.userId, userId);
