import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Locale } from '@armature/domain';
import { requirePrincipal } from '../auth/access.plugin.ts';
import { users } from '../auth/users.table.ts';
import type { Tx } from '../db/client.ts';
import { localeOf } from '../http/errors.plugin.ts';
import type { Scope } from './tenancy.ts';

/** Who acted, as records keep them: the id and the name are copied, so a history reads the same after a rename. */
export type Author = { id: string | null; name: string | null };

/** The demo seed's records have no author. */
export const SEED_AUTHOR: Author = { id: null, name: null };

/**
 * The caller of a write on plant data: in which client and product, who (copied into histories,
 * ledgers and events) and in which language the problems of a body are told.
 */
export type Actor = {
  scope: Pick<Scope, 'clientId' | 'productId'>;
  user: Author;
  locale: Locale;
};

/** The signed-in caller as an author (a signed-in caller has both): what writes to the maker's global data record. */
export function authorOf(request: FastifyRequest): { id: string; name: string } {
  const { userId, name } = requirePrincipal(request);
  return { id: userId, name };
}

/** The signed-in caller in their current product (the scope is read through the write's transaction). */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const { clientId, productId } = await request.scope();
  return { scope: { clientId, productId }, user: authorOf(request), locale: localeOf(request) };
}

/**
 * A demo user acting in a product, for the seed: the user is found by user name (no one when the
 * seed has not made them), and problems are told in Chinese.
 */
export async function seedActor(tx: Tx, userName: string, product: { id: string; clientId: string }): Promise<Actor> {
  const [user] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.userName, userName));
  return {
    scope: { clientId: product.clientId, productId: product.id },
    user: { id: user?.id ?? null, name: user?.name ?? null },
    locale: 'zh-CN',
  };
}
