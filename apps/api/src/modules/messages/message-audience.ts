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
 * answer the maker. A user the caller may not write to answers exactly as a missing or disabled one,
 * `message_recipient_unknown` naming nobody, so the answer never tells who exists in another client.
 */
export async function checkRecipients(
  tx: Db | Tx,
  caller: Principal,
  recipientIds: readonly string[],
  replySenderId: string | null,
): Promise<void> {
  if (recipientIds.includes(caller.userId)) throw invalidFields({ recipientIds: ['invalid'] });
  const allowed = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...recipientIds]),
        eq(users.status, 'active'),
        or(writableUsers(caller), replySenderId ? eq(users.id, replySenderId) : undefined),
      ),
    );
  if (allowed.length !== recipientIds.length) throw new AppError('message_recipient_unknown');
}
