import fp from 'fastify-plugin';
import { allows, type RouteAccess } from '../auth/access.plugin.ts';
import { loadPrincipal, type Principal } from '../auth/principal.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-ins of this process's open event streams, checked again while they stay open. */
    streamSessions: StreamSessions;
  }
}

/**
 * How often the sign-in behind every open event stream is checked again. A request is checked when it
 * arrives; a stream lasts for hours, so a logout, a password change, a disabled or deleted account or a
 * removed permission ends it at the next check — within this time, on every API process, whichever one
 * wrote the change (the check reads the database, so no event has to reach it). Five seconds is "at once"
 * for a person, and little load: a check loads each sign-in once (four indexed queries), so 200 viewers
 * cost 40 loads a second, a few at a time.
 */
export const SESSION_RECHECK_MS = 5_000;

/** Sign-ins loaded at once during a check, so a process with hundreds of viewers keeps connections for requests. */
const RECHECK_CONCURRENCY = 4;

export type WatchedStream = {
  userId: string;
  sessionId: string;
  /** What the stream's route requires (its `config.access`). */
  access: RouteAccess;
  /** When the access token the stream was opened with expires (ms since the epoch). */
  expiresAt: number;
  end: () => void;
};

type LoadPrincipal = (userId: string, sessionId: string) => Promise<Principal | undefined>;
type Logger = { warn: (object: object, message: string) => void };

/** The access hook's rule: an open sign-in of an active user who still holds the route's access. */
export function mayStillFollow(principal: Principal | undefined, access: RouteAccess): boolean {
  return principal !== undefined && allows(principal, access);
}

/**
 * The open streams of one process, each ended when its access token expires (a timer) or when a periodic
 * check finds its sign-in ended or its access gone. A check loads each distinct sign-in once, however
 * many streams it has open (tabs, pages), with the access hook's own `loadPrincipal` and `holds`, so a
 * rule added there applies to open streams too; the next check starts `recheckMs` after one ends.
 */
export class StreamSessions {
  readonly #streams = new Set<WatchedStream>();
  readonly #load: LoadPrincipal;
  readonly #recheckMs: number;
  readonly #log: Logger;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(load: LoadPrincipal, recheckMs: number, log: Logger) {
    this.#load = load;
    this.#recheckMs = recheckMs;
    this.#log = log;
  }

  /** Follows a stream from now on; call the returned function when it ends. */
  watch(stream: WatchedStream): () => void {
    this.#streams.add(stream);
    // A timer may fire a millisecond before the clock reaches its time: the stream ends once its token has expired.
    const armExpiry = (): NodeJS.Timeout =>
      setTimeout(
        () => (Date.now() < stream.expiresAt ? (expiry = armExpiry()) : stream.end()),
        Math.max(0, stream.expiresAt - Date.now()),
      ).unref();
    let expiry = armExpiry();
    this.#schedule();
    return () => {
      clearTimeout(expiry);
      this.#streams.delete(stream);
    };
  }

  get size(): number {
    return this.#streams.size;
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  #schedule() {
    if (this.#timer || this.#stopped || this.#streams.size === 0) return;
    this.#timer = setTimeout(() => {
      void this.recheck().finally(() => {
        this.#timer = undefined;
        this.#schedule();
      });
    }, this.#recheckMs);
    this.#timer.unref();
  }

  /** Checks every open stream once; ends those whose principal is gone or no longer holds their access. */
  async recheck(): Promise<void> {
    const bySession = new Map<string, WatchedStream[]>();
    for (const stream of this.#streams) {
      const key = `${stream.userId}/${stream.sessionId}`;
      const streams = bySession.get(key);
      if (streams) streams.push(stream);
      else bySession.set(key, [stream]);
    }
    const groups = [...bySession.values()];
    let failure: unknown;
    for (let start = 0; start < groups.length; start += RECHECK_CONCURRENCY) {
      await Promise.all(
        groups.slice(start, start + RECHECK_CONCURRENCY).map(async (streams) => {
          const { userId, sessionId } = streams[0]!;
          let principal: Principal | undefined;
          try {
            principal = await this.#load(userId, sessionId);
          } catch (error) {
            // The database is away: the streams stay (their tokens still expire) and the next check decides.
            failure = error;
            return;
          }
          for (const stream of streams) if (!mayStillFollow(principal, stream.access)) stream.end();
        }),
      );
    }
    if (failure) this.#log.warn({ err: failure }, 'checking the sign-ins of open event streams failed');
  }
}

/** Decorates the app with its `streamSessions`; `recheckMs` (default `SESSION_RECHECK_MS`) is for tests. */
export const streamSessionsPlugin = fp<{ recheckMs?: number }>(async (app, options) => {
  const sessions = new StreamSessions(
    (userId, sessionId) => loadPrincipal(app.db, userId, sessionId),
    options.recheckMs ?? SESSION_RECHECK_MS,
    app.log,
  );
  app.decorate('streamSessions', sessions);
  app.addHook('onClose', async () => sessions.stop());
});
