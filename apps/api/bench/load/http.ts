import { randomUUID } from 'node:crypto';
import type { Metrics, RouteClass } from './metrics.ts';

/**
 * The benchmark's HTTP client, behaving as the API asks a client to: every write carries an
 * Idempotency-Key and is sent again with the same key after a network error, 502, 503 or 504 (a
 * process behind the balancer restarting); reads are retried the same way. Retries are counted apart
 * from errors; whatever is not 2xx after them is an error of its route class, with status and code.
 */
const RETRIABLE = new Set([502, 503, 504]);
const MAX_RETRIES = 3;
const REQUEST_TIMEOUT_MS = 60_000;

/** A request that failed for good: already counted, the scenario gives up its current step. */
export class RequestFailed extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Ids and document codes out of a path, so errors group by route. */
export const routeOf = (method: string, path: string) =>
  `${method} ${path
    .split('?')[0]!
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}')
    .replace(/\/(raw|finished|tail|waste)(\/|$)/, '/{kind}$2')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type TokenAnswer = { access_token: string; refresh_token: string; expires_in: number };

/**
 * One signed-in user, shared by all the virtual users playing them: signing in is throttled per user
 * and address, so each user signs in once and the access token is refreshed (one refresh at a time:
 * a refresh token works once) a minute before it expires.
 */
export class Session {
  #access = '';
  #refresh = '';
  #expiresAt = 0;
  #refreshing: Promise<void> | null = null;

  constructor(
    readonly baseUrl: string,
    readonly userName: string,
    readonly password: string,
    private readonly metrics: Metrics,
  ) {}

  async signIn(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: this.userName, password: this.password }),
    });
    if (!response.ok) throw new Error(`sign-in of ${this.userName}: ${response.status} ${await response.text()}`);
    this.#take((await response.json()) as TokenAnswer);
  }

  #take(answer: TokenAnswer) {
    this.#access = answer.access_token;
    this.#refresh = answer.refresh_token;
    this.#expiresAt = Date.now() + answer.expires_in * 1000;
  }

  /** The bearer header, refreshed first when the token has less than a minute left. */
  async authorization(): Promise<string> {
    if (Date.now() > this.#expiresAt - 60_000) {
      this.#refreshing ??= this.#renew().finally(() => (this.#refreshing = null));
      await this.#refreshing;
    }
    return `Bearer ${this.#access}`;
  }

  async #renew() {
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}/api/account/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'armature-web', refreshToken: this.#refresh }),
    }).catch(() => null);
    this.metrics.record('auth', performance.now() - started);
    if (response?.ok) return this.#take((await response.json()) as TokenAnswer);
    this.metrics.error(
      'auth',
      'POST /api/account/refresh',
      response?.status ?? 0,
      'refresh_failed',
      `${this.userName}: ${response ? await response.text() : 'network error'}; signing in again`,
    );
    await this.signIn();
  }
}

export type Call = {
  routeClass: RouteClass;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** A multipart upload instead of a JSON body. */
  form?: FormData;
};

/** Requests of one user's session, timed and counted. */
export class Api {
  constructor(
    readonly session: Session,
    private readonly metrics: Metrics,
  ) {}

  get baseUrl() {
    return this.session.baseUrl;
  }

  async get<T>(routeClass: RouteClass, path: string): Promise<T> {
    return this.call<T>({ routeClass, path });
  }

  async post<T>(routeClass: RouteClass, path: string, body: unknown = {}): Promise<T> {
    return this.call<T>({ routeClass, method: 'POST', path, body });
  }

  async call<T>({ routeClass, method = 'GET', path, body, form }: Call): Promise<T> {
    const write = method !== 'GET';
    const key = write ? randomUUID() : undefined;
    const route = routeOf(method, path);
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let text = '';
      try {
        const headers: Record<string, string> = {
          authorization: await this.session.authorization(),
          'accept-language': 'en-US',
        };
        if (key) headers['idempotency-key'] = key;
        if (body !== undefined && !form) headers['content-type'] = 'application/json';
        const response = await fetch(`${this.baseUrl}/api/${path}`, {
          method,
          headers,
          body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        text = (error as Error).message;
      }
      if ((status === 0 || RETRIABLE.has(status)) && attempt < MAX_RETRIES) {
        this.metrics.retry(routeClass);
        await sleep(200 * 2 ** attempt);
        continue;
      }
      this.metrics.record(routeClass, performance.now() - started);
      if (status >= 200 && status < 300) return (text ? JSON.parse(text) : undefined) as T;
      const code = status === 0 ? 'network_error' : (errorCode(text) ?? `http_${status}`);
      this.metrics.error(routeClass, route, status, code, text);
      throw new RequestFailed(status, code, `${route}: ${status} ${code}`);
    }
  }
}

function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}
