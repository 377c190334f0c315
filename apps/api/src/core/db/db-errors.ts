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

/**
 * SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), the server shutting
 * down or starting up, or terminating our session (57P01…57P03), no connection slot left (53300).
 */
const UNAVAILABLE_STATES = /^(08\w{3}|57P0[123]|53300)$/;
/** Socket errors of a server that is down or unreachable. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * What node-postgres and its pool say of a connection that broke or never opened (no code of their
 * own), and what PostgreSQL answers for a database closed to connections (`ALLOW_CONNECTIONS false`:
 * 55000, a state also used for unrelated refusals, hence the message).
 */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database ".*" is not currently accepting connections)/;

/**
 * Whether the database could not be reached, as opposed to refusing a statement: the request did not
 * run (or its transaction was rolled back with the connection), and may be tried again once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const { code, message, cause } = current as DriverError & { message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNREACHABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    // An AggregateError (a host name resolving to several addresses, all refused) holds its causes in `errors`.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((each) => isDatabaseUnavailable(each))) return true;
    current = cause;
  }
  return false;
}

/**
 * Whether PostgreSQL stopped the statement on one of the session's timeouts (`withSessionSettings`):
 * `statement_timeout` (57014), `lock_timeout` (55P03, which NOWAIT also raises: told apart by the
 * message, a NOWAIT refusal being a conflict) or `idle_in_transaction_session_timeout` (25P03).
 */
export function isDatabaseTimeout(error: unknown): boolean {
  const cause = postgresError(error) as (DriverError & { message?: unknown }) | undefined;
  if (cause?.code === '57014' || cause?.code === '25P03') return true;
  return cause?.code === '55P03' && typeof cause.message === 'string' && /lock timeout/.test(cause.message);
}

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
