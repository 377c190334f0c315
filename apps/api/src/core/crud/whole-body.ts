import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidFields } from '../http/app-error.ts';

/** Version stamps a body may leave out: without one, a write is not checked for concurrent edits. */
const CONCURRENCY_TOKENS = new Set(['lastModificationTime', 'concurrencyStamp']);

/**
 * A `PUT` replaces the record, so its body gives every field: an absent field would otherwise be
 * stored as empty (or its default) and silently wipe what the record held. A `preValidation` hook
 * refusing such a body with 400 naming each missing field `required`; `null` still clears an
 * optional field. Bodies that are not objects are left to the schema's own answer.
 */
export function requireEveryField(schema: z.ZodType) {
  const fields =
    schema instanceof z.ZodObject ? Object.keys(schema.shape).filter((key) => !CONCURRENCY_TOKENS.has(key)) : [];
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const missing = fields.filter((field) => !Object.hasOwn(body, field));
    if (missing.length) throw invalidFields(Object.fromEntries(missing.map((field) => [field, ['required']])));
  };
}
