import { AppError } from './app-error.ts';
import { LABELS, type LabelKey } from './labels.ts';

/** Postgres SQLSTATE of an error thrown by either driver (drizzle wraps it as `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * `.catch(duplicateOf('code', value))` on an insert or update: the unique index is the one
 * race-free uniqueness check, and its violation becomes 409 `duplicate` naming the field (in the
 * message, and in `details` so a form can mark it).
 */
export function duplicateOf(field: LabelKey, value: string) {
  return (error: unknown): never => {
    throw sqlState(error) === '23505'
      ? new AppError('duplicate', { field: LABELS[field], value }, { [field]: ['duplicate'] })
      : error;
  };
}

/**
 * `.catch(stillReferenced)` on a delete: a foreign key refused it because a reference appeared after
 * the in-use check (a concurrent write), so it is 409 `in_use` rather than a server error.
 */
export function stillReferenced(error: unknown): never {
  throw sqlState(error) === '23503' ? new AppError('in_use', { referrers: LABELS.otherRecords }) : error;
}
