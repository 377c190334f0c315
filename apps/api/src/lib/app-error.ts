import { ERRORS, format, type ErrorBody, type ErrorCode, type Locale } from '@armature/domain';

/**
 * An expected failure with a catalogue code. `params` fill the message placeholders
 * (`{field}`, `{minutes}`…); `details` are field path → validation message keys (`invalid`), localized when sent.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly details?: Record<string, string[]>,
  ) {
    super(code);
    this.status = ERRORS[code].status;
  }
}

export function errorBody(code: ErrorCode, locale: Locale, params: Record<string, string | number> = {}, details?: Record<string, string[]>): ErrorBody {
  const message = format(ERRORS[code].message[locale], params);
  return { error: details ? { code, message, details } : { code, message } };
}

/** A 400 naming the fields that failed a check only the database can make (unknown role, product…). */
export function invalidFields(details: Record<string, string[]>): AppError {
  return new AppError('validation_failed', {}, details);
}
