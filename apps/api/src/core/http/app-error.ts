import { ERRORS, format, type ErrorBody, type ErrorCode, type Locale, type Localized } from '@armature/domain';

/** A message parameter: a plain value, or a text in every language (a field or record kind). */
export type ErrorParam = string | number | Localized;
export type ErrorParams = Record<string, ErrorParam>;

/**
 * An expected failure with a catalogue code. `params` fill the message placeholders
 * (`{field}`, `{minutes}`…); `details` are field path → validation message keys (`invalid`), localized when sent.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    readonly details?: Record<string, string[]>,
  ) {
    super(code);
    this.status = ERRORS[code].status;
  }
}

export function errorBody(
  code: ErrorCode,
  locale: Locale,
  params: ErrorParams = {},
  details?: Record<string, string[]>,
): ErrorBody {
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? value[locale] : value]),
  );
  const message = format(ERRORS[code].message[locale], values);
  return { error: details ? { code, message, details } : { code, message } };
}

/** A 400 naming the fields that failed a check only the database can make (unknown role, product…). */
export function invalidFields(details: Record<string, string[]>): AppError {
  return new AppError('validation_failed', {}, details);
}
