import type { ErrorBody, ErrorCode } from '@armature/domain';

/** Spec §7: requests time out after 5 minutes. */
const TIMEOUT_MS = 300_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
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
};

type Hooks = {
  /** The bearer token to send, refreshed first when it has expired (undefined: none). */
  accessToken: () => Promise<string | undefined>;
  /** The interface language, sent as Accept-Language so server messages come localized. */
  language: () => string;
  /** Spec §8: a 401 clears the session and returns to login. */
  onUnauthorized: () => void;
};

let hooks: Hooks = { accessToken: async () => undefined, language: () => 'zh-CN', onUnauthorized: () => {} };

/** The app shell wires the session, language and 401 handling in once at start. */
export function configureApiClient(next: Partial<Hooks>): void {
  hooks = { ...hooks, ...next };
}

/** Spec §7: GET data as query parameters, arrays as repeated keys, null values dropped. */
export function toSearchParams(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': hooks.language(),
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (!options.tokenless) {
    const token = await hooks.accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\/+/, '')}${toSearchParams(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : String(cause));
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  if (response.status === 401 && !options.tokenless) hooks.onUnauthorized();
  throw new ApiError(
    response.status,
    error?.code ?? 'internal_error',
    error?.message ?? response.statusText,
    error?.details,
  );
}

export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query'>) =>
    apiRequest<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
