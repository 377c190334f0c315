import type { FastifyRequest } from 'fastify';
import type { Locale } from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';

/** Who changes a task, in which product: copied into its events and into the records it moves. */
export type TaskWriter = {
  scope: Pick<Scope, 'clientId' | 'productId'>;
  user: { id: string | null; name: string | null };
  locale: Locale;
};

/** The signed-in caller of a task write, in their current product (read through the write's transaction). */
export async function writerOf(request: FastifyRequest): Promise<TaskWriter> {
  const { userId, name } = requirePrincipal(request);
  const { clientId, productId } = await request.scope();
  return { scope: { clientId, productId }, user: { id: userId, name }, locale: localeOf(request) };
}
