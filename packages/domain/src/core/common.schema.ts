import { z } from 'zod';

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });
/** The path parameters of a route that has none. */
export const noParamsSchema = z.object({});

/** Tables show 20 rows by default, with 20, 50, 100 and 999 (= all). */
export const PAGE_SIZES = [20, 50, 100, 999] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

/** List query of every paged endpoint: `?skipCount&maxResultCount&sorting&filter`. */
export const listQuerySchema = z.object({
  skipCount: z.coerce.number().int().min(0).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** `field` or `field asc|desc`; the endpoint lists which fields sort. */
  sorting: plainText().trim().max(64).optional(),
  /** Keyword matched against the endpoint's searchable fields. */
  filter: plainText().trim().max(128).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalCount: z.number().int() });
}
export type PagedResult<T> = { items: T[]; totalCount: number };

/** Audit columns every record carries (ISO-8601 UTC strings). */
export const auditSchema = z.object({
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});

/**
 * The optimistic-concurrency token a PUT may carry: `lastModificationTime` as GET returned it. When the
 * record changed since, the write answers 409 `stale_update`.
 */
export const concurrencyTokenSchema = z.string().max(64).nullish();

export const recordStatusSchema = z.enum(['active', 'disabled']);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

/**
 * Control characters make no sense in any text the API takes: NUL (which PostgreSQL refuses in text)
 * and the other C0 codes and DEL. Tab, line feed and carriage return are allowed (multi-line text).
 * The one rule: the shared string schemas refine with it, and the API applies it to every string of
 * every body, query and path before validation (message key `controlCharacters`).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A string without control characters (see `CONTROL_CHARACTERS`). */
export function plainText() {
  return z.string().refine((value) => !hasControlCharacters(value), 'controlCharacters');
}

/** Optional free text: empty strings become null so "cleared" and "absent" mean the same. */
export function optionalText(max: number) {
  return plainText()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const codeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'invalid');
export const telephoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{5,19}$/, 'telephone')
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((value) => value || null);
export const emailSchema = z
  .email()
  .max(128)
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((value) => value || null);
