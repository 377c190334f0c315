import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldErrors, localizeValidationMessage, resolveLocale, type ErrorCode } from '@armature/domain';
import type { z } from 'zod';
import { AppError, errorBody } from './app-error.ts';

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
  if (status >= 400 && status < 500) return 'bad_request';
  return undefined;
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

/** One error shape for the whole API: `{ error: { code, message, details? } }`, localized. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(errorBody('validation_failed', locale, {}, fieldErrors(toIssues(error.validation), locale)));
    }
    const clientCode = frameworkClientError(error);
    if (clientCode) {
      request.log.info({ err: error }, 'client error');
      return reply.code(clientCode === 'rate_limited' ? 429 : 400).send(errorBody(clientCode, locale));
    }
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', locale));
  });
});
