import { z } from 'zod';
import type { Endpoint, EndpointBody, EndpointParams, ErrorBody, ErrorCode } from '@armature/domain';
import { endpointPath } from '@armature/domain/endpoint';

/** Requests time out after 5 minutes. */
const TIMEOUT_MS = 300_000;

/**
 * The server's error codes, plus the client's own: `network_error` (no answer) and `invalid_response`
 * (an answer whose body is not what the domain's schema says, e.g. an API of another version).
 */
export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Field path → messages: the invalid fields of a 400, the clashing ones of a 409 `duplicate`. */
    readonly details: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
export type RequestOptions = {
  query?: Query;
  body?: unknown;
  tokenless?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** False: no 5-minute limit (a live event stream stays open as long as its signal allows). */
  timeout?: false;
};

type Hooks = {
  /** The bearer token to send, refreshed first when it has expired (undefined: none). */
  accessToken: () => Promise<string | undefined>;
  /** The interface language, sent as Accept-Language so server messages come localized. */
  language: () => string;
  /** A 401 clears the session and returns to login. */
  onUnauthorized: () => void;
};

let hooks: Hooks = { accessToken: async () => undefined, language: () => 'zh-CN', onUnauthorized: () => {} };

/** The app shell wires the session, language and 401 handling in once at start. */
export function configureApiClient(next: Partial<Hooks>): void {
  hooks = { ...hooks, ...next };
}

/** GET data as query parameters, arrays as repeated keys, null values dropped. */
export function toSearchParams(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What a request resolves to: the parsed body when a schema says what it is, else nothing to rely on. */
export type Answer<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request whose answer the caller reads: the domain schema its body must satisfy. */
type ReadOptions<S extends z.ZodType | undefined> = RequestOptions & { schema?: S };

function parsed<S extends z.ZodType | undefined>(
  schema: S,
  body: unknown,
  request: { method: string; path: string; status: number },
): Answer<S> {
  if (!schema) return body as Answer<S>;
  const result = schema.safeParse(body);
  if (result.success) return result.data as Answer<S>;
  // Never a silent cast: a screen would otherwise fail later on a field that is not there.
  throw new ApiError(
    request.status,
    'invalid_response',
    `${request.method} /api/${request.path}: ${z.prettifyError(result.error)}`,
  );
}

/** What `send` posts: JSON (any value) or a multipart form (a file upload). */
type Payload = { json: unknown } | { form: FormData } | undefined;

/**
 * Answers meaning "this attempt did not get through, another may": behind the load balancer an API
 * process that died (502), the database briefly away (503), a process too slow to answer (504).
 */
const RETRIED_STATUSES = new Set([502, 503, 504]);
/** Waits before the second, third and fourth attempt: long enough for a restarted process or database. */
const RETRY_DELAYS_MS = [300, 1_000, 3_000];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/**
 * A signed-in JSON write gets an Idempotency-Key when its caller gave none, so that it can be retried:
 * the server applies a key once and replays its answer. Uploads keep none (the server's replay check
 * hashes the JSON body, which a multipart form does not have), nor do token-less calls (sign-in and
 * refresh are not keyed writes).
 */
function withIdempotencyKey(
  method: string,
  headers: Record<string, string>,
  options: RequestOptions,
  payload: Payload,
) {
  const keyable = WRITE_METHODS.has(method) && !options.tokenless && !(payload && 'form' in payload);
  if (keyable && !hasHeader(headers, 'idempotency-key')) headers['Idempotency-Key'] = crypto.randomUUID();
}

/** Reads may always be sent again; writes only with their key, which makes the server apply them once. */
function retriable(method: string, headers: Record<string, string>): boolean {
  return !WRITE_METHODS.has(method) || hasHeader(headers, 'idempotency-key');
}

const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Sends a request with the language, the bearer token and the timeout; errors become `ApiError`. */
async function send(method: string, path: string, options: RequestOptions, payload: Payload): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': hooks.language(),
    ...options.headers,
  };
  // A multipart body sets its own Content-Type (with the boundary).
  if (payload && 'json' in payload) headers['Content-Type'] = 'application/json';
  withIdempotencyKey(method, headers, options, payload);
  const retries = retriable(method, headers) ? RETRY_DELAYS_MS : [];
  const timeout = options.timeout === false ? undefined : AbortSignal.timeout(TIMEOUT_MS);
  const signals = [options.signal, timeout].filter((signal) => signal !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  for (let attempt = 0; ; attempt++) {
    const again = attempt < retries.length && !signal?.aborted;
    let response: Response;
    try {
      response = await attemptOnce(method, path, options, payload, headers, signal);
    } catch (cause) {
      if (again) {
        await pause(retries[attempt]!, signal);
        continue;
      }
      throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : String(cause));
    }
    if (response.ok) return response;
    if (again && RETRIED_STATUSES.has(response.status)) {
      await response.body?.cancel();
      await pause(retries[attempt]!, signal);
      continue;
    }
    const body: unknown = await response.json().catch(() => undefined);
    const error = (body as Partial<ErrorBody> | undefined)?.error;
    if (response.status === 401 && !options.tokenless) hooks.onUnauthorized();
    throw new ApiError(
      response.status,
      error?.code ?? 'internal_error',
      error?.message ?? response.statusText,
      error?.details,
    );
  }
}

/** One attempt; the bearer token is read each time, since a retry may come after it was refreshed. */
async function attemptOnce(
  method: string,
  path: string,
  options: RequestOptions,
  payload: Payload,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const sent = { ...headers };
  if (!options.tokenless) {
    const token = await hooks.accessToken();
    if (token) sent.Authorization = `Bearer ${token}`;
  }
  return fetch(`/api/${path.replace(/^\/+/, '')}${toSearchParams(options.query)}`, {
    method,
    headers: sent,
    body: payload === undefined ? undefined : 'json' in payload ? JSON.stringify(payload.json) : payload.form,
    signal,
  });
}

async function apiRequest<S extends z.ZodType | undefined = undefined>(
  method: string,
  path: string,
  options: ReadOptions<S> = {},
): Promise<Answer<S>> {
  const response = await send(method, path, options, options.body === undefined ? undefined : { json: options.body });
  if (response.status === 204) return undefined as Answer<S>;
  const body: unknown = await response.json().catch(() => undefined);
  return parsed(options.schema as S, body, { method, path, status: response.status });
}

/** A file the API answered (an export, a template): its bytes and the name the server gave it. */
export type DownloadedFile = { blob: Blob; fileName: string | undefined };

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred), if any. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(header)?.[1]?.trim();
}

/**
 * What `api.call` sends: the path parameters, the body (required when the endpoint's body is) and the
 * usual options (headers such as an Idempotency-Key, a signal).
 */
export type CallRequest<E extends Endpoint> = Omit<RequestOptions, 'body'> & {
  params: EndpointParams<E>;
} & (undefined extends EndpointBody<E> ? { body?: EndpointBody<E> } : { body: EndpointBody<E> });

/**
 * `call` sends JSON to a declared endpoint (domain `defineEndpoint`): typed path parameters and body, the
 * answer parsed with the endpoint's response schema. What is not JSON goes by path: an upload (multipart),
 * a file's bytes, an event stream.
 */
export const api = {
  call: <E extends Endpoint>(endpoint: E, { params, ...options }: CallRequest<E>) =>
    apiRequest<E['response']>(endpoint.method, endpointPath(endpoint.path, params), {
      ...options,
      schema: endpoint.response,
    }),
  /** `POST` of a multipart form (`file` uploads), answering what `schema` parses. */
  upload: async <S extends z.ZodType>(path: string, form: FormData, schema: S, options?: RequestOptions) => {
    const response = await send('POST', path, options ?? {}, { form });
    const body: unknown = await response.json().catch(() => undefined);
    return parsed(schema, body, { method: 'POST', path, status: response.status });
  },
  /** `GET` of a file (with the bearer token, which a plain link cannot send). */
  download: async (path: string, query?: Query, options?: Omit<RequestOptions, 'query'>): Promise<DownloadedFile> => {
    const response = await send(
      'GET',
      path,
      { ...options, query, headers: { Accept: '*/*', ...options?.headers } },
      undefined,
    );
    return { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('Content-Disposition')) };
  },
  /**
   * `GET` of a Server-Sent Events stream (with the bearer token, which `EventSource` cannot send): the
   * open response, its body read by the caller until it ends or `signal` aborts; no 5-minute limit.
   */
  stream: (path: string, options: Omit<RequestOptions, 'timeout'> = {}): Promise<Response> =>
    send(
      'GET',
      path,
      { ...options, timeout: false, headers: { Accept: 'text/event-stream', ...options.headers } },
      undefined,
    ),
};
