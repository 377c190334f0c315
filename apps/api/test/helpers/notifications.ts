import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/core/db/client.ts';
import { users } from '../../src/core/auth/users.table.ts';
import { notifications } from '../../src/modules/inbox/index.ts';

/** The parameters of every notification of `kind` a user (by user name) has received, in the inbox's table. */
export async function notificationParams(db: Db, userName: string, kind: (typeof notifications.$inferSelect)['kind']) {
  return db
    .select({ params: notifications.params })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(eq(users.userName, userName), eq(notifications.kind, kind)));
}
