import type { App } from '../../src/app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Request headers: a signed-in user's `{ authorization }`, with or without an `accept-language`. */
export type Headers = Readonly<Record<string, string | undefined>>;

/**
 * The one way a test file calls its app: `inject(method, path, headers, payload)`. A path without a
 * leading slash is under `/api/`. `always` goes with every call (a language, say); a call's own headers
 * win over it. `ctx.app` is read at each call because useTestApp builds the app in `beforeAll`.
 */
export function injectorFor(ctx: { app: App }, always: Headers = {}) {
  return (method: Method, path: string, headers: Headers = {}, payload?: object) =>
    ctx.app.inject({
      method,
      url: path.startsWith('/') ? path : `/api/${path}`,
      headers: { ...always, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
}
