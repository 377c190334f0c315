import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from './idempotency.table.ts';
import { AppError } from './app-error.ts';
import { isoNow } from '../db/time.ts';
import { sha256 } from '../auth/tokens.ts';

const HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 128;
/** How long a stored answer is replayed; older keys are forgotten (as payment APIs do, 24 h). */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** The key a request carries, and the hash of what it asks (method, url, validated body). */
type Claim = { userId: string; key: string; method: string; url: string; requestHash: string };
type StoredKey = typeof idempotencyKeys.$inferSelect;

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

/** Thrown out of a write's transaction when its key was already answered: the stored answer is sent instead. */
export class StoredAnswer extends Error {
  constructor(readonly stored: StoredKey) {
    super('idempotent replay');
  }
}

/** The stored answer of a key, or 409 / 422 when the key was used for another request. */
function answerOf(stored: StoredKey, claim: Claim): StoredAnswer {
  if (stored.method !== claim.method || stored.url !== claim.url) throw new AppError('idempotency_key_reused');
  if (stored.requestHash !== null && stored.requestHash !== claim.requestHash)
    throw new AppError('idempotency_key_mismatch');
  return new StoredAnswer(stored);
}

export function sendStoredAnswer(reply: FastifyReply, answer: StoredAnswer) {
  const { status, body } = answer.stored;
  reply.header('idempotent-replayed', 'true');
  return status === 204 || status === null ? reply.code(204).send() : reply.code(status).send(body);
}

async function storedKey(db: Db | Tx, claim: Claim): Promise<StoredKey | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
  return row;
}

/**
 * `Idempotency-Key` on a signed-in write. A key is taken inside the write's own transaction
 * (`runWrite`), together with its answer: a write that never commits (it failed, or its process died
 * with the connection) leaves nothing behind, so its key is free again at once. A concurrent request
 * with the same key waits on the key's unique index for the first to end, then replays its answer.
 * A retry replays the stored status and body; the same key for another route answers 409
 * `idempotency_key_reused`, for another body 422 `idempotency_key_mismatch`.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('tx', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (!key || request.method === 'GET' || request.method === 'HEAD' || !request.principal) return;
    if (key.length > MAX_KEY_LENGTH) throw new AppError('bad_request');
    const claim: Claim = {
      userId: request.principal.userId,
      key,
      method: request.method,
      url: request.url,
      requestHash: sha256(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`),
    };
    const stored = await storedKey(app.db, claim);
    if (stored?.status != null) return sendStoredAnswer(reply, answerOf(stored, claim));
    // A claim without an answer was left by a version that claimed keys outside the write: abandoned.
    if (stored)
      await app.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.id, stored.id), isNull(idempotencyKeys.status)));
    request.idempotencyClaim = claim;
  });
});

/**
 * Runs one write as one transaction. The handler sets the status (`reply.code(201)`) before or
 * inside `work`; with an Idempotency-Key the key is taken first and the answer recorded last, in that
 * same transaction.
 */
export async function runWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const claim = request.idempotencyClaim;
  return request.server.db.transaction(async (tx) => {
    let keyId: string | undefined;
    if (claim) {
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, claim.userId), lt(idempotencyKeys.creationTime, isoNow(-KEPT_MS))));
      // Waits while another transaction holds the same key; once it commits, the key is taken.
      const [taken] = await tx
        .insert(idempotencyKeys)
        .values({ ...claim, creatorId: claim.userId, creationTime: isoNow() })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (!taken) {
        const stored = await storedKey(tx, claim);
        if (stored?.status == null) throw new AppError('idempotency_in_flight');
        throw answerOf(stored, claim);
      }
      keyId = taken.id;
    }
    request.tx = tx;
    const body = await work(tx).finally(() => {
      request.tx = null;
    });
    if (keyId) {
      await tx
        .update(idempotencyKeys)
        .set({
          status: reply.statusCode,
          body: body === undefined ? null : (body as object),
          lastModificationTime: isoNow(),
        })
        .where(eq(idempotencyKeys.id, keyId));
    }
    return body;
  });
}
