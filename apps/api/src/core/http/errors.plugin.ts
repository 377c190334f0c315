import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, fieldErrors, localizeValidationMessage, resolveLocale, type ErrorCode } from '@armature/domain';
import type { z } from 'zod';
import { AppError, errorBody } from './app-error.ts';
import { isDatabaseTimeout, isDatabaseUnavailable, sqlStateOf } from '../db/db-errors.ts';
import { sendStoredAnswer, StoredAnswer } from './idempotency.plugin.ts';

type ValidationEntry = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

/** Rebuilds the zod issues the type provider flattened into Fastify's validation entries. */
function toIssues(entries: readonly ValidationEntry[]): z.core.$ZodIssue[] {
  return entries.map((entry) => {
    const path = entry.instancePath.split('/').filter(Boolean);
    const keys = Array.isArray(entry.params.keys) ? (entry.params.keys as string[]) : [];
    return entry.keyword === 'unrecognized_keys'
      ? ({ code: 'unrecognized_keys', path, keys, message: entry.message ?? '', input: undefined } as z.core.$ZodIssue)
      : ({ code: 'custom', path, message: entry.message ?? 'invalid', input: undefined } as z.core.$ZodIssue);
  });
}

/** Fastify's own client errors (malformed JSON, wrong content type, body too large) stay 4xx. */
function frameworkClientError(error: FastifyError): ErrorCode | undefined {
  const status = error.statusCode ?? 500;
  if (status === 429) return 'rate_limited';
  if (status === 413) return 'payload_too_large';
  if (status === 414) return 'uri_too_long';
  if (status === 415) return 'unsupported_media_type';
  if (status >= 400 && status < 500) return 'bad_request';
  return undefined;
}

/**
 * What the database refused that is the caller's doing, not a server fault: a reference that
 * vanished or appeared under a concurrent write (23503), a unique clash no route anticipated
 * (23505), text PostgreSQL cannot store (22021, 22P05, 54000) or a value out of its range (22003,
 * 22007, 22008), a serialisation failure or deadlock between concurrent writes (40001, 40P01). Routes
 * answer the precise error where they can; this keeps the rest from ever being a 500.
 */
export function databaseClientError(error: unknown): AppError | undefined {
  switch (sqlStateOf(error)) {
    case '22021':
    case '22P05':
    case '54000':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
      return new AppError('bad_request');
    case '23503':
    case '23505':
    case '40001':
    case '40P01':
    case '55P03':
      return new AppError('conflict');
    default:
      return undefined;
  }
}

export function localeOf(request: FastifyRequest) {
  return resolveLocale(request.headers['accept-language']);
}

/** AppError details hold validation message keys (`invalid`, `minLength:3`), localized here. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const locale = localeOf(request);
  const details = error.details
    ? Object.fromEntries(
        Object.entries(error.details).map(([field, keys]) => [
          field,
          keys.map((key) => localizeValidationMessage(key, locale)),
        ]),
      )
    : undefined;
  return reply.code(error.status).send(errorBody(error.code, locale, error.params, details));
}

/**
 * What a 503 `database_unavailable` asks the client to wait before trying again: about what a
 * PostgreSQL restart takes, and what the pool's connection timeout lets a request wait.
 */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** One error shape for the whole API: `{ error: { code, message, details? } }`, localized. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request);
    if (error instanceof StoredAnswer) return sendStoredAnswer(reply, error);
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(errorBody('validation_failed', locale, {}, fieldErrors(toIssues(error.validation), locale)));
    }
    // Before the conflicts: a lock timeout shares its SQLSTATE with a NOWAIT refusal.
    if (isDatabaseTimeout(error)) {
      request.log.warn({ err: error, requestId: request.id }, 'database timeout');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody('database_timeout', locale));
    }
    const refused = databaseClientError(error);
    if (refused) {
      request.log.warn({ err: error, requestId: request.id }, 'refused by the database');
      return sendError(request, reply, refused);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, requestId: request.id }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody('database_unavailable', locale));
    }
    const clientCode = frameworkClientError(error);
    if (clientCode) {
      request.log.info({ err: error }, 'client error');
      return reply.code(ERRORS[clientCode].status).send(errorBody(clientCode, locale));
    }
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', locale));
  });
});
