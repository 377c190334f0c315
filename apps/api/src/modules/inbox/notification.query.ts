import { and, count, desc, eq, gte, isNull, isNotNull, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Notification, NotificationListQuery, PagedResult } from '@armature/domain';
import { clients, products } from '../../core/crud/resources.table.ts';
import { users } from '../../core/auth/users.table.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { notifications } from './inbox.table.ts';

const actors = alias(users, 'actor');

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  params: notifications.params,
  subjectPage: notifications.subjectPage,
  subjectId: notifications.subjectId,
  subjectView: notifications.subjectView,
  productId: notifications.productId,
  productName: products.name,
  clientName: clients.companyName,
  actorName: actors.name,
  readTime: notifications.readTime,
  creationTime: notifications.creationTime,
};

type Row = Awaited<ReturnType<typeof selectNotifications>>[number];

function toNotification(row: Row): Notification {
  const { subjectPage, subjectId, subjectView, ...rest } = row;
  return {
    ...rest,
    subject: { page: subjectPage, id: subjectId, ...(subjectView ? { view: subjectView } : {}) },
    readTime: toIso(row.readTime),
    creationTime: toIso(row.creationTime),
  };
}

/** Notifications with the names a reader working in several plants needs (product, client, actor; each may be gone). */
function selectNotifications(db: Db | Tx) {
  return db
    .select(columns)
    .from(notifications)
    .leftJoin(products, eq(products.id, notifications.productId))
    .leftJoin(clients, eq(clients.id, notifications.clientId))
    .leftJoin(actors, eq(actors.id, notifications.actorId));
}

/** A date alone (`2026-11-23`) bounds the whole day: `to` is inclusive, so it ends at the next midnight. */
function upperBound(to: string): SQL {
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return lt(notifications.creationTime, next.toISOString());
  }
  return lt(notifications.creationTime, new Date(Date.parse(to) + 1).toISOString());
}

/** The caller's own notifications, newest first, by kind, unread only, and creation dates (inclusive). */
export async function listNotifications(
  db: Db,
  userId: string,
  query: NotificationListQuery,
): Promise<PagedResult<Notification>> {
  const where = and(
    eq(notifications.userId, userId),
    query.kind ? eq(notifications.kind, query.kind) : undefined,
    query.unread === undefined
      ? undefined
      : query.unread
        ? isNull(notifications.readTime)
        : isNotNull(notifications.readTime),
    query.from ? gte(notifications.creationTime, new Date(query.from).toISOString()) : undefined,
    query.to ? upperBound(query.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectNotifications(db)
      .where(where)
      .orderBy(desc(notifications.creationTime), desc(notifications.id))
      .limit(query.maxResultCount)
      .offset(query.skipCount),
    db.select({ value: count() }).from(notifications).where(where),
  ]);
  return { items: rows.map(toNotification), totalCount: Number(total?.value ?? 0) };
}

/** One of the caller's notifications; 404 when it is someone else's (or gone). */
export async function findNotification(db: Db | Tx, userId: string, id: string): Promise<Notification> {
  const [row] = await selectNotifications(db).where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) throw new AppError('not_found');
  return toNotification(row);
}
