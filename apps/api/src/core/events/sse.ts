import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, requirePrincipal } from '../auth/access.plugin.ts';
import { verifyAccessToken } from '../auth/access-token.ts';
import { AppError } from '../http/app-error.ts';
import type { EventBus, LiveEvent } from './event-bus.ts';
import type { WatchedStream } from './stream-sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live-event bus; null in an app built without background services (most tests). */
    events: EventBus | null;
  }
}

/** One Server-Sent Event. */
export type SseMessage = { id?: string; event?: string; data: unknown };
/** What a feed sends at once: one message, or several that go out in one write. */
export type SseBatch = SseMessage | readonly SseMessage[];

export type EventStreamOptions = {
  /** The logical channels to follow (`cutPlan:<id>`); the route has checked the caller may see them. */
  channels: readonly string[];
  /**
   * The current state, read from the database: sent first, and again when this process's LISTEN
   * connection was lost and is back (events in between are gone). Receives the `Last-Event-ID` header
   * of a reconnecting browser. Throwing here (a 404…) answers normally: nothing was sent yet.
   */
  snapshot?: (lastEventId: string | undefined) => Promise<readonly SseMessage[]>;
  /** Keeps proxies and browsers from closing an idle stream: a comment line this often (default 15 s). */
  heartbeatMs?: number;
  /** Ends the stream after sending this event (a job's final state, say); the browser may reconnect. */
  endAfter?: (event: LiveEvent) => boolean;
  /**
   * Other sources of messages besides the channels' events as they are: each is given a sender and
   * returns its unsubscribe. A feed that turns a channel's notices into records read afresh (once per
   * process for every stream that follows them) uses it; what it sends before the snapshot is out waits.
   * A feed hands the same batch object to every stream: its text is made once (`formatOnce`).
   */
  feeds?: readonly ((send: (batch: SseBatch) => void) => () => void)[];
};

/** A slow reader is dropped past this much unsent data; reconnecting gives it a fresh snapshot. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** What the browser waits before reconnecting after the stream ends. */
const RETRY_MS = 2000;

function format(message: SseMessage): string {
  let text = '';
  if (message.id) text += `id: ${message.id}\n`;
  if (message.event) text += `event: ${message.event}\n`;
  // JSON has no raw newlines, so the data is one `data:` line.
  return `${text}data: ${JSON.stringify(message.data ?? null)}\n\n`;
}

const isList = (batch: SseBatch): batch is readonly SseMessage[] => Array.isArray(batch);

/** The text of each batch a feed sends, made for the first stream and reused by the others. */
const formatted = new WeakMap<SseBatch, string>();

/**
 * A batch as text, stringified once per process however many streams it goes to: a board's card
 * reaches every viewer of its line, and its JSON is the cost that grew with them.
 */
function formatOnce(batch: SseBatch): string {
  let text = formatted.get(batch);
  if (text === undefined) {
    text = isList(batch) ? batch.map(format).join('') : format(batch);
    formatted.set(batch, text);
  }
  return text;
}

const fromEvent = (event: LiveEvent): SseMessage => ({ id: event.id, event: event.type, data: event.data });

/** Whose stream this is and until when, for `streamSessions`; null on a public route (nobody's). */
async function signInOf(request: FastifyRequest): Promise<Omit<WatchedStream, 'end'> | null> {
  const access = request.routeOptions.config.access;
  if (!access || access === 'public') return null;
  const { userId, sessionId } = requirePrincipal(request);
  const claims = await verifyAccessToken(request.server.config.jwtSecret, bearerToken(request) ?? '');
  // The access hook has just accepted this token: only an expiry in between makes it invalid now.
  if (!claims) throw new AppError('unauthorized');
  return { userId, sessionId, access, expiresAt: claims.expiresAt };
}

/**
 * Answers the request with a `text/event-stream` of the given channels' live events, in any API
 * process, whichever process published them. Use it as a route's last step after the scope check:
 *
 * ```ts
 * app.get('/cutPlan/:id/events', { config: { access: 'productionPlan.plan.cutPlan' } }, async (request, reply) => {
 *   const plan = await findPlan(app.db, await request.scope(), request.params.id); // 404 when not in scope
 *   return openEventStream(request, reply, {
 *     channels: [`cutPlan:${plan.id}`],
 *     snapshot: async () => [{ event: 'job', data: await readJob(app.db, plan.jobId) }],
 *   });
 * });
 * ```
 *
 * The response bypasses Fastify's serialization (it is hijacked once the snapshot is read) but keeps
 * the headers set so far (helmet's, `x-request-id`); it is never compressed or cached
 * (`Cache-Control: no-cache, no-transform`, `X-Accel-Buffering: no` for nginx). Heartbeat comments
 * keep it open; closing the browser, `endAfter` or the app's shutdown end it and unsubscribe. So does
 * the end of the caller's right to it (`streamSessions`): its access token expiring, its sign-in ending
 * (logout, password change, a reused refresh token), its account disabled or deleted, or the route's
 * permission taken away — found within `SESSION_RECHECK_MS`, whichever process made the change.
 */
export async function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): Promise<void> {
  const bus = request.server.events;
  if (!bus)
    throw new Error('live events are not running in this process (the app was built without background services)');
  const signIn = await signInOf(request);

  // Subscribe before reading the snapshot, so nothing published in between is missed; hold the
  // events until the snapshot is out.
  let pending: (LiveEvent | SseBatch)[] | null = [];
  let send: (event: LiveEvent) => void = (event) => pending?.push(event);
  let sendMessage: (batch: SseBatch) => void = (batch) => pending?.push(batch);
  const unsubscribes = [
    ...options.channels.map((channel) => bus.subscribe(channel, (event) => send(event))),
    ...(options.feeds ?? []).map((feed) => feed((message) => sendMessage(message))),
  ];
  const unsubscribeAll = () => unsubscribes.forEach((unsubscribe) => unsubscribe());

  const lastEventId =
    typeof request.headers['last-event-id'] === 'string' ? request.headers['last-event-id'] : undefined;
  let snapshot: readonly SseMessage[];
  try {
    snapshot = options.snapshot ? await options.snapshot(lastEventId) : [];
  } catch (error) {
    unsubscribeAll();
    throw error;
  }

  reply.hijack();
  const response = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  response.writeHead(200, {
    ...headers,
    'x-request-id': request.id,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  // Stream sockets stay open: no idle timeout, and Nagle off so small events go at once.
  request.raw.socket?.setTimeout(0);
  request.raw.socket?.setNoDelay(true);

  let ended = false;
  const cleanups: (() => void)[] = [unsubscribeAll];
  /** Runs `cleanup` when the stream ends (at once if it has). */
  const onEnd = (cleanup: () => void) => (ended ? cleanup() : cleanups.push(cleanup));
  const end = () => {
    if (ended) return;
    ended = true;
    for (const cleanup of cleanups) cleanup();
    if (!response.writableEnded) response.end();
  };
  const write = (text: string) => {
    if (ended) return;
    response.write(text);
    if (response.writableLength > MAX_BUFFERED_BYTES) end();
  };

  response.on('close', end);
  request.raw.on('close', end);
  onEnd(bus.trackStream(end));
  if (signIn) onEnd(request.server.streamSessions.watch({ ...signIn, end }));
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs ?? 15_000);
  heartbeat.unref();
  onEnd(() => clearInterval(heartbeat));
  if (options.snapshot) {
    const snapshotAgain = options.snapshot;
    onEnd(
      bus.onResync(() => {
        snapshotAgain(undefined).then(
          (messages) => messages.forEach((message) => write(format(message))),
          (error: unknown) => {
            request.log.warn({ err: error }, 'event stream snapshot failed; closing the stream');
            end();
          },
        );
      }),
    );
  }

  write(`retry: ${RETRY_MS}\n\n`);
  for (const message of snapshot) write(format(message));
  send = (event) => {
    write(format(fromEvent(event)));
    if (options.endAfter?.(event)) end();
  };
  sendMessage = (batch) => write(formatOnce(batch));
  const held = pending;
  pending = null;
  for (const item of held) {
    if (ended) break;
    if ('channel' in item) send(item);
    else sendMessage(item);
  }
}
