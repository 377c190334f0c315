import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { CONNECTION_TIMEOUT_MS, type Db, type Tx } from '../db/client.ts';

/**
 * Live events across processes. Every event goes through one PostgreSQL channel (`armature_events`)
 * with `NOTIFY`; every process LISTENs on it with one connection and hands each event to the
 * subscribers of its logical channel (`cutPlan:<id>`) in that process. On PGlite the same works
 * in-process (PGlite implements LISTEN/NOTIFY for its one connection).
 *
 * Events are notices, not storage: an event published while a process is not listening is lost for
 * it, so whoever shows state reads it from the database first (an SSE route's snapshot) and then
 * follows the events. NOTIFY payloads are limited to 8000 bytes: an event carries small values (a
 * state, a progress, a few totals) or a pointer to what changed; larger state is read from the
 * database by whoever needs it. `publishEvent` refuses a bigger event instead of cutting it.
 */
export const PG_CHANNEL = 'armature_events';

/** PostgreSQL's NOTIFY limit is 8000 bytes; the envelope (channel, id, type) takes some of it. */
export const MAX_EVENT_BYTES = 7800;

export type LiveEvent = {
  /** Unique, roughly time-ordered (`<ms base36>-<random>`): usable as an SSE id. */
  id: string;
  channel: string;
  /** What happened (`job`, `progress`…): the SSE event name. */
  type: string;
  data: unknown;
};

export type EventListener = (event: LiveEvent) => void;

/** Logical channels: letters, digits and `:._-`, up to 200 characters (`cutPlan:<uuid>`). */
const CHANNEL_PATTERN = /^[\w:.-]{1,200}$/;

export class EventTooLargeError extends Error {
  constructor(channel: string, bytes: number) {
    super(
      `event on ${channel} is ${bytes} bytes, over the ${MAX_EVENT_BYTES}-byte NOTIFY limit: publish a pointer and read the state from the database`,
    );
  }
}

export function newEventId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/**
 * Publishes an event to every process. Inside a transaction it is sent when (and only if) the
 * transaction commits — PostgreSQL's NOTIFY semantics, on PGlite too — so an event never announces a
 * write that rolled back.
 */
export async function publishEvent(db: Db | Tx, channel: string, type: string, data: unknown): Promise<LiveEvent> {
  const { event, notify } = eventNotice(channel, type, data);
  await db.execute(sql`select ${notify}`);
  return event;
}

/**
 * The `pg_notify` call that publishes an event (`publishEvent`), for a caller that sends it in a statement of its own
 * writes (selected, or returned by a write): the same NOTIFY, sent at the transaction's commit. `payload` is the
 * event as sent, for a statement built once (`builtOnce`), which takes it as a value (`notifyOf`): each event has its
 * own id.
 */
export function eventNotice(
  channel: string,
  type: string,
  data: unknown,
): { event: LiveEvent; payload: string; notify: SQL } {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid event channel: ${channel}`);
  const event: LiveEvent = { id: newEventId(), channel, type, data };
  const payload = JSON.stringify(event);
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(channel, bytes);
  return { event, payload, notify: notifyOf(payload) };
}

/** The `pg_notify` call sending an event's payload (`eventNotice`), or the placeholder of one. */
export function notifyOf(payload: string | Placeholder): SQL {
  return sql`pg_notify(${PG_CHANNEL}, ${payload}::text)`;
}

function parseEvent(payload: string): LiveEvent | undefined {
  try {
    const event = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof event.channel !== 'string' || typeof event.id !== 'string' || typeof event.type !== 'string')
      return undefined;
    return { id: event.id, channel: event.channel, type: event.type, data: event.data };
  } catch {
    return undefined;
  }
}

type Logger = { warn: (object: object, message: string) => void; error: (object: object, message: string) => void };

/** The raw connection of a database handle: the PGlite instance, or a PostgreSQL connection string. */
export type EventSource = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; connectionString: string };

/**
 * The one LISTEN connection of a process and its subscribers. `subscribe` is synchronous and cheap:
 * subscribers live in memory (they are this process's open SSE streams and running jobs), the events
 * in PostgreSQL.
 */
export class EventBus {
  readonly #source: EventSource;
  readonly #log: Logger;
  readonly #listeners = new Map<string, Set<EventListener>>();
  /** Called after the LISTEN connection was lost and is back: events in between may be missing. */
  readonly #resyncListeners = new Set<() => void>();
  /** Ends an open stream (an SSE response) when the process shuts down. */
  readonly #streams = new Set<() => void>();
  #stopping = false;
  #client: pg.Client | undefined;
  #unlistenPglite: (() => Promise<void>) | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #reconnectDelayMs = 250;

  private constructor(source: EventSource, log: Logger) {
    this.#source = source;
    this.#log = log;
  }

  static async start(source: EventSource, log: Logger): Promise<EventBus> {
    const bus = new EventBus(source, log);
    await bus.#listen();
    return bus;
  }

  subscribe(channel: string, listener: EventListener): () => void {
    let listeners = this.#listeners.get(channel);
    if (!listeners) this.#listeners.set(channel, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners) this.#listeners.delete(channel);
    };
  }

  onResync(listener: () => void): () => void {
    this.#resyncListeners.add(listener);
    return () => this.#resyncListeners.delete(listener);
  }

  /** Registers an open stream to end at shutdown; the returned function unregisters it. */
  trackStream(end: () => void): () => void {
    this.#streams.add(end);
    return () => this.#streams.delete(end);
  }

  /** Ends every open stream (before the HTTP server closes, which waits for open responses). */
  endStreams(): void {
    for (const end of [...this.#streams]) end();
    this.#streams.clear();
  }

  /** How many subscriptions are open in this process (tests check that streams clean up). */
  get subscriptionCount(): number {
    let count = 0;
    for (const listeners of this.#listeners.values()) count += listeners.size;
    return count;
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.endStreams();
    clearTimeout(this.#reconnectTimer);
    this.#listeners.clear();
    this.#resyncListeners.clear();
    if (this.#unlistenPglite) await this.#unlistenPglite().catch(() => {});
    const client = this.#client;
    this.#client = undefined;
    if (client) {
      await client.query(`UNLISTEN ${PG_CHANNEL}`).catch(() => {});
      await client.end().catch(() => {});
    }
  }

  #dispatch(payload: string) {
    const event = parseEvent(payload);
    if (!event) return;
    const listeners = this.#listeners.get(event.channel);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.#log.error({ err: error, channel: event.channel }, 'event listener failed');
      }
    }
  }

  async #listen(): Promise<void> {
    if (this.#source.kind === 'pglite') {
      this.#unlistenPglite = await this.#source.client.listen(PG_CHANNEL, (payload) => this.#dispatch(payload));
      return;
    }
    const client = new pg.Client({
      connectionString: this.#source.connectionString,
      application_name: 'armature-events',
      // A reconnection attempt to a server that is down fails after this and is tried again later.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    // Without a listener an 'error' (server restart, terminated backend) would end the process.
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, undefined));
    client.on('notification', (message) => {
      if (message.channel === PG_CHANNEL && message.payload !== undefined) this.#dispatch(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.#client = client;
    this.#reconnectDelayMs = 250;
  }

  #lost(client: pg.Client, error: Error | undefined) {
    if (this.#stopping || this.#client !== client) return;
    this.#client = undefined;
    this.#log.warn({ err: error }, 'live-event connection lost; reconnecting');
    void client.end().catch(() => {});
    this.#scheduleReconnect();
  }

  #scheduleReconnect() {
    if (this.#stopping) return;
    const delay = this.#reconnectDelayMs;
    this.#reconnectDelayMs = Math.min(delay * 2, 10_000);
    this.#reconnectTimer = setTimeout(() => {
      this.#listen().then(
        () => {
          for (const listener of [...this.#resyncListeners]) listener();
        },
        (error: unknown) => {
          this.#log.warn({ err: error }, 'live-event connection failed; retrying');
          this.#scheduleReconnect();
        },
      );
    }, delay);
    this.#reconnectTimer.unref();
  }
}
