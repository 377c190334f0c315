import type { Localized } from '@armature/domain';
import { LOCALES } from '@armature/domain';
import { AppError } from '../http/app-error.ts';
import { LABELS, type LabelKey } from '../http/labels.ts';

type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The Postgres error under what either driver threw (drizzle wraps it as `cause`). */
function postgresError(error: unknown): DriverError | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as DriverError).cause) {
    const code = (current as DriverError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DriverError;
  }
  return undefined;
}

/** The SQLSTATE of a PostgreSQL error under what either driver threw, if it is one. */
export const sqlStateOf = (error: unknown) => postgresError(error)?.code;

/** A field of a unique set, as messages name it. */
export type UniqueField = { name: string; label: Localized; value: unknown };

/**
 * 409 `duplicate` naming the fields of the clashing unique set and their values (`牌号 / 直径 “HRB400E / 12”`),
 * with `duplicate` in `details` on each field so a form can mark them.
 */
export function duplicateError(fields: readonly UniqueField[]): AppError {
  const field = Object.fromEntries(
    LOCALES.map((locale) => [locale, fields.map((each) => each.label[locale]).join(' / ')]),
  ) as Localized;
  const value = fields.map((each) => String(each.value ?? '')).join(' / ');
  return new AppError(
    'duplicate',
    { field, value },
    Object.fromEntries(fields.map((each) => [each.name, ['duplicate']])),
  );
}

/**
 * `.catch(onUniqueViolation(clash))` on an insert or update: the unique index is the one race-free
 * uniqueness check; `clash` turns the violated index's name into the 409 to answer.
 */
export function onUniqueViolation(clash: (constraint: string | undefined) => AppError) {
  return (error: unknown): never => {
    const cause = postgresError(error);
    if (cause?.code !== '23505') throw error;
    throw clash(typeof cause.constraint === 'string' ? cause.constraint : undefined);
  };
}

/** `.catch(duplicateOf('code', value))` where one field is unique. */
export function duplicateOf(field: LabelKey, value: string) {
  return onUniqueViolation(() => duplicateError([{ name: field, label: LABELS[field], value }]));
}

/**
 * `.catch(stillReferenced)` on a delete: a foreign key refused it because a reference appeared after
 * the in-use check (a concurrent write), so it is 409 `in_use` rather than a server error.
 */
export function stillReferenced(error: unknown): never {
  throw sqlStateOf(error) === '23503' ? new AppError('in_use', { referrers: LABELS.otherRecords }) : error;
}
