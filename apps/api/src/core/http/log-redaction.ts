/**
 * What never reaches a log line: passwords, tokens, their hashes, and the parameters of SQL
 * statements (which carry all of those, and personal data). Request fields are removed by path
 * (`REDACTED_PATHS`); errors go through `serializeError`, which keeps what explains a failure (type,
 * message without values, SQLSTATE, constraint, stack) and scrubs secrets from every text of it.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.refreshToken',
  '*.token',
  '*.tokenHash',
  '*.access_token',
  '*.refresh_token',
  '*.params',
];

const SECRET_PATTERNS: readonly RegExp[] = [
  // drizzle's "Failed query: … params: a,b,c" and pg's detail "Key (col)=(value)".
  /params:[^\n]*/g,
  /\)=\([^\n]*?\)( already exists| is not present in table)?/g,
  // scrypt password hashes, JWTs, SHA-256 hex digests and 32-byte base64url tokens.
  /scrypt\$[^\s,"'\])]+/g,
  /eyJ[\w-]+\.[\w-]+\.[\w-]+/g,
  /\b[0-9a-f]{64}\b/g,
  /(?<![\w-])[\w-]{43}(?![\w-])/g,
];

export function redactText(text: string): string {
  return SECRET_PATTERNS.reduce((value, pattern) => value.replace(pattern, '[redacted]'), text);
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  statusCode?: number;
  cause?: LoggedError;
};

/** pino's `err` serializer: no parameter, detail, token or hash of an error is ever written. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? redactText(fields[name]) : undefined);
  const logged: LoggedError = {
    type: error.constructor.name,
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
    code: text('code'),
    constraint: text('constraint'),
    table: text('table'),
    column: text('column'),
    statusCode: typeof fields.statusCode === 'number' ? fields.statusCode : undefined,
  };
  if (error.cause !== undefined && depth < 5) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}
