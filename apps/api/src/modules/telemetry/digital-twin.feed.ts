import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../core/db/client.ts';
import type { EventBus } from '../../core/events/event-bus.ts';
import type { SseMessage } from '../../core/events/sse.ts';
import { TWIN_CHANGED_EVENT, twinChannel } from '../equipment/index.ts';
import { readBoard, readCards } from './digital-twin.query.ts';

/**
 * The least time between two reads of a line's changed cards. Machines report every second or so and
 * a board needs no more than a few frames a second: what changes meanwhile is read together next.
 */
export const CARD_READ_INTERVAL_MS = 200;

type Send = (message: SseMessage) => void;

/**
 * Turns a line's `changed` notices into its cards read afresh, for every board stream of the line open
 * in this process: one follower per line, however many browsers watch, so 500 messages a second on a
 * line cost at most five reads a second here. Ids that arrive while a read runs, or sooner than
 * CARD_READ_INTERVAL_MS after the last one, wait for the next read; none is dropped, so the last card
 * sent for a machine was read after its last change.
 */
class LineFeed {
  readonly #listeners = new Set<Send>();
  readonly #changed = new Set<string>();
  readonly #unsubscribe: () => void;
  #timer: NodeJS.Timeout | undefined;
  #reading = false;
  #lastReadAt = 0;

  constructor(
    private readonly db: Db,
    bus: EventBus,
    private readonly productId: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#unsubscribe = bus.subscribe(twinChannel(productId), (event) => {
      if (event.type !== TWIN_CHANGED_EVENT) return;
      const ids = (event.data as { equipmentIds?: unknown } | null)?.equipmentIds;
      if (!Array.isArray(ids)) return;
      for (const id of ids) if (typeof id === 'string') this.#changed.add(id);
      this.#schedule();
    });
  }

  get idle(): boolean {
    return this.#listeners.size === 0;
  }

  add(send: Send): () => void {
    this.#listeners.add(send);
    return () => this.#listeners.delete(send);
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#unsubscribe();
  }

  #schedule() {
    if (this.#reading || this.#timer || this.#changed.size === 0) return;
    const wait = Math.max(0, this.#lastReadAt + CARD_READ_INTERVAL_MS - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#read();
    }, wait);
    this.#timer.unref();
  }

  async #read() {
    const ids = [...this.#changed];
    this.#changed.clear();
    this.#reading = true;
    this.#lastReadAt = Date.now();
    try {
      const { cards } = await readCards(this.db, this.productId, Date.now(), ids);
      // A machine moved off the line has no card here any more: the whole board goes again.
      const messages: SseMessage[] =
        cards.length < ids.length
          ? [{ event: 'board', data: await readBoard(this.db, this.productId) }]
          : cards.map((card) => ({ event: 'card', data: card }));
      for (const send of [...this.#listeners]) messages.forEach(send);
    } catch (error) {
      this.log.warn({ err: error, productId: this.productId }, 'reading changed twin cards failed');
    } finally {
      this.#reading = false;
      this.#schedule();
    }
  }
}

/** The line feeds of one app (one process's API): created with the first stream of a line, gone with its last. */
export class TwinCardFeeds {
  readonly #lines = new Map<string, LineFeed>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Card (and, when the line's machines changed, board) messages of a line for one stream. */
  follow(productId: string, send: Send): () => void {
    let line = this.#lines.get(productId);
    if (!line) this.#lines.set(productId, (line = new LineFeed(this.db, this.bus, productId, this.log)));
    const remove = line.add(send);
    return () => {
      remove();
      if (line.idle && this.#lines.get(productId) === line) {
        line.close();
        this.#lines.delete(productId);
      }
    };
  }

  close(): void {
    for (const line of this.#lines.values()) line.close();
    this.#lines.clear();
  }
}
