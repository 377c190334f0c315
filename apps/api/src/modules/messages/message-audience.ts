import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Principal } from '../../core/auth/principal.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';

/**
 * Who a caller may write to: the maker's staff (no client) anyone active; a plant user only the active
 * users of their own client, so messages never cross clients. The caller is never among them.
 */
export function writableUsers(caller: Principal): SQL | undefined {
  return and(
    eq(users.status, 'active'),
    ne(users.id, caller.userId),
    caller.clientId ? eq(users.clientId, caller.clientId) : undefined,
  );
}

/**
 * Checks a message's recipients before anything is written. `replySenderId` (the sender of the message
 * being answered, when the caller received it) is allowed whatever their client, so a plant user can
 * answer the maker. Missing or disabled users answer `message_recipient_unknown`; existing users the
 * caller may not write to `message_recipient_out_of_scope`, naming them.
 */
export async function checkRecipients(
  tx: Db | Tx,
  caller: Principal,
  recipientIds: readonly string[],
  replySenderId: string | null,
): Promise<void> {
  if (recipientIds.includes(caller.userId)) throw invalidFields({ recipientIds: ['invalid'] });
  const found = await tx
    .select({ id: users.id, userName: users.userName, status: users.status })
    .from(users)
    .where(inArray(users.id, [...recipientIds]));
  if (found.length !== recipientIds.length || found.some((user) => user.status !== 'active'))
    throw new AppError('message_recipient_unknown');
  const allowed = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...recipientIds]),
        or(writableUsers(caller), replySenderId ? eq(users.id, replySenderId) : undefined),
      ),
    );
  const allowedIds = new Set(allowed.map((user) => user.id));
  const refused = found.filter((user) => !allowedIds.has(user.id)).map((user) => user.userName);
  if (refused.length > 0) throw new AppError('message_recipient_out_of_scope', { names: refused.sort().join(', ') });
}
