import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys } from './idempotency.table.ts';
import { AppError } from './app-error.ts';
import { isoNow } from '../db/time.ts';

const HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 128;
/** A claim left behind by a crashed instance is given up after this long. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
/** How long a stored answer is replayed; older keys are forgotten (as payment APIs do, 24 h). */
const KEPT_MS = 24 * 60 * 60 * 1000;

type Claim = { id: string; completed: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
    /** The transaction of the request's write while `runWrite` runs it. */
    tx: Tx | null;
  }
}

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * `Idempotency-Key` on a signed-in non-GET request: the first request claims the key (a committed
 * row without status, so another instance sees it in flight and answers 409); `runWrite` stores
 * status and body in the write's own transaction; a retry replays them. A failed write releases the
 * claim so the client may try again.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('tx', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (!key || request.method === 'GET' || request.method === 'HEAD' || !request.principal) return;
    if (key.length > MAX_KEY_LENGTH) throw new AppError('bad_request');
    const userId = request.principal.userId;
    await app.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.creationTime, isoNow(-KEPT_MS))));
    const [claimed] = await app.db
      .insert(idempotencyKeys)
      .values({ userId, key, method: request.method, url: request.url, creatorId: userId, creationTime: isoNow() })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed) {
      request.idempotencyClaim = { id: claimed.id, completed: false };
      return;
    }
    const [existing] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!existing) throw new AppError('idempotency_in_flight');
    if (existing.method !== request.method || existing.url !== request.url)
      throw new AppError('idempotency_key_reused');
    if (existing.status === null) {
      // Take over a claim whose request died with its instance; otherwise it is still running.
      const [taken] = await app.db
        .update(idempotencyKeys)
        .set({ creationTime: isoNow() })
        .where(
          and(
            eq(idempotencyKeys.id, existing.id),
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.creationTime, isoNow(-ABANDONED_AFTER_MS)),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      if (!taken) throw new AppError('idempotency_in_flight');
      request.idempotencyClaim = { id: taken.id, completed: false };
      return;
    }
    reply.header('idempotent-replayed', 'true');
    return existing.status === 204 ? reply.code(204).send() : reply.code(existing.status).send(existing.body);
  });

  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.completed) return;
    await app.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, claim.id), isNull(idempotencyKeys.status)));
  });
});

/**
 * Runs one write as one transaction. The handler sets the status (`reply.code(201)`) before or
 * inside `work`; the answer is recorded for the request's Idempotency-Key in the same transaction.
 */
export async function runWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const claim = request.idempotencyClaim;
  const result = await request.server.db.transaction(async (tx) => {
    request.tx = tx;
    const body = await work(tx).finally(() => {
      request.tx = null;
    });
    if (claim) {
      await tx
        .update(idempotencyKeys)
        .set({
          status: reply.statusCode,
          body: body === undefined ? null : (body as object),
          lastModificationTime: isoNow(),
        })
        .where(eq(idempotencyKeys.id, claim.id));
    }
    return body;
  });
  if (claim) claim.completed = true;
  return result;
}
